import Foundation

/// One finger (or one held pointer button) for its whole life, after `UITouch`.
///
/// Identity is the object: a new `Touch` is made for every `wl_touch.down` and never reused,
/// even though compositors reuse wl ids, so `[Touch: Something]` dictionaries are safe keys.
/// Only `TouchInputMachine` creates and updates touches; views read them.
@MainActor
public final class Touch: Hashable {
    public internal(set) var phase: TouchPhase
    public let type: TouchType

    /// Seconds on the compositor's monotonic input clock (wrap-corrected) of the last change.
    public internal(set) var timestamp: TimeInterval

    /// Consecutive taps at about the same place, counted when the touch begins
    /// (see `TouchInputMachine.tapCountInterval` and `tapCountDistance`).
    public internal(set) var tapCount: Int = 1

    /// Half the contact ellipse's major axis; `Touch.defaultRadius` until the compositor sends a
    /// shape (wl_touch v6) — UIKit also reports a plausible fingertip instead of zero.
    public internal(set) var majorRadius: Double = Touch.defaultRadius
    public internal(set) var minorRadius: Double = Touch.defaultRadius
    /// True once a shape was received, so logs can leave out the default radii.
    public internal(set) var hasShape = false
    /// Degrees of the major axis from the surface's vertical axis, when the compositor sent one.
    public internal(set) var orientation: Double?

    /// The view the touch was bound to when it began; `nil` if no view accepted it. A touch
    /// stays bound to this view for its whole life, even if it moves out of it.
    public internal(set) var view: View?
    public internal(set) weak var window: Window?

    /// The seat the touch came from (`wl_seat.name`, or `seat@N` until the name arrives).
    public internal(set) var seatName: String
    public let seat: SeatID
    /// The wl_touch id; for a pointer touch, the button code that started it.
    public let identifier: Int32
    /// Process-wide sequence number from 1, the `"touch":N` of the logs.
    public let number: Int

    /// Every position received since the previous delivery, oldest first, in window coordinates;
    /// the last one is the current location. The draw scene builds strokes from them.
    public internal(set) var coalescedLocations: [Point]

    /// The radius reported while the compositor sends no shape.
    public static let defaultRadius = 10.0

    var windowLocation: Point
    var previousWindowLocation: Point
    /// Where the touch began and how far it has strayed since: a tap must not wander.
    var beganWindowLocation: Point
    var maxDistanceFromStart = 0.0
    /// Set by the window when it has decided the binding, so it is decided exactly once.
    var isRouted = false
    /// Set by the machine once began was delivered, so it is delivered exactly once.
    var wasDelivered = false

    private static var nextNumber = 1

    init(type: TouchType, seat: SeatID, seatName: String, identifier: Int32,
         location: Point, timestamp: TimeInterval) {
        self.type = type
        self.seat = seat
        self.seatName = seatName
        self.identifier = identifier
        self.phase = .began
        self.timestamp = timestamp
        self.windowLocation = location
        self.previousWindowLocation = location
        self.beganWindowLocation = location
        self.coalescedLocations = [location]
        self.number = Touch.nextNumber
        Touch.nextNumber += 1
    }

    /// The location in `view`'s coordinates, or in the window's when `view` is `nil`. Never rounded.
    public func location(in view: View?) -> Point {
        guard let view else { return windowLocation }
        return view.convert(windowLocation, from: window)
    }

    /// The location at the previous delivery (equal to `location(in:)` when the touch began or is
    /// stationary).
    public func previousLocation(in view: View?) -> Point {
        guard let view else { return previousWindowLocation }
        return view.convert(previousWindowLocation, from: window)
    }

    nonisolated public static func == (lhs: Touch, rhs: Touch) -> Bool {
        lhs === rhs
    }

    nonisolated public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

extension Touch: CustomStringConvertible {
    nonisolated public var description: String {
        "Touch(\(ObjectIdentifier(self)))"
    }
}
