import Foundation

/// One finger (or one held pointer button) for its whole life, after `UITouch`.
///
/// Identity is the object: a new `Touch` is made for every `wl_touch.down` and never reused,
/// even though compositors reuse wl ids, so `[Touch: Something]` dictionaries are safe keys.
/// Only ``TouchInputMachine`` creates and updates touches; views read them in their
/// ``Responder`` handlers, where ``phase``, ``location(in:)`` and the rest describe this
/// delivery. Keep the object to recognise the finger later; copy the values you need, because
/// the object changes with every delivery.
///
/// ```swift
/// var starts: [Touch: Point] = [:]
///
/// override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
///     for touch in touches { starts[touch] = touch.location(in: self) }
/// }
///
/// override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
///     for touch in touches {
///         guard let start = starts.removeValue(forKey: touch) else { continue }
///         let distance = touch.location(in: self).distance(to: start)
///         print("moved \(distance) in \(touch.tapCount) tap(s)")
///     }
/// }
/// ```
///
/// The touches returned by `TouchEvent.coalescedTouches(for:)` and `predictedTouches(for:)` are
/// *snapshots*: separate, immutable `Touch` objects with the finger's `number`, `identifier`,
/// `type`, `seat` and `view`, but their own identity. Only the main touch (the one in the
/// handler's set and in `allTouches`) identifies the finger; a snapshot used as a dictionary key
/// finds nothing stored under the main touch, and never replaces it. Snapshots are meant for the
/// delivery that returned them (UIKit's rule): the next delivery of the finger reuses those that
/// no one kept, and leaves a kept one as it was.
///
/// The stored properties are `@exclusivity(unchecked)`: every delivery reads and writes them
/// dozens of times, public ones can be reached from other modules so the optimizer cannot drop
/// the runtime exclusivity check on its own, and those checks were a measurable share of the
/// input → commit time (BENCHMARKS.md, part A). All access is on the main actor and the machine
/// is not re-entrant, so no two accesses can overlap.
@MainActor
public final class Touch: Hashable {
    /// What happened to the touch in the current delivery.
    ///
    /// Read it during a handler or ``Window/sendEvent(_:)``; the handler you are in already tells
    /// you the phase of the touches in its set, so this matters most for the touches of
    /// ``TouchEvent/allTouches``.
    @exclusivity(unchecked) public internal(set) var phase: TouchPhase
    /// What made the touch: a finger (`direct`), a tablet tool's tip (`pencil`) or a held
    /// mouse or touchpad button (`indirectPointer`).
    public let type: TouchType

    /// Seconds on the compositor's monotonic input clock (wrap-corrected) of the last change.
    ///
    /// Only differences between timestamps mean anything (speeds, tap intervals): the clock's
    /// zero is the compositor's, and the 32-bit millisecond stamps are unwrapped per seat.
    @exclusivity(unchecked) public internal(set) var timestamp: TimeInterval

    /// Consecutive taps at about the same place, counted when the touch begins
    /// (see ``TouchInputMachine/tapCountInterval`` and ``TouchInputMachine/tapCountDistance``).
    ///
    /// Read it in `touchesEnded`, where a touch that did not wander is a finished tap; a
    /// ``TapGestureRecognizer`` counts taps on its own view instead. It is counted per seat and
    /// device, not per view.
    @exclusivity(unchecked) public internal(set) var tapCount: Int = 1

    /// Half the contact ellipse's major axis; `Touch.defaultRadius` until the compositor sends a
    /// shape (wl_touch v6) — UIKit also reports a plausible fingertip instead of zero.
    @exclusivity(unchecked) public internal(set) var majorRadius: Double = Touch.defaultRadius
    /// Half the contact ellipse's minor axis; `Touch.defaultRadius` until a shape arrives.
    @exclusivity(unchecked) public internal(set) var minorRadius: Double = Touch.defaultRadius
    /// True once a shape was received, so logs can leave out the default radii.
    @exclusivity(unchecked) public internal(set) var hasShape = false
    /// Degrees of the major axis from the surface's vertical axis, when the compositor sent one.
    @exclusivity(unchecked) public internal(set) var orientation: Double?

    /// The view the touch was bound to when it began; `nil` if no view accepted it. A touch
    /// stays bound to this view for its whole life, even if it moves out of it.
    ///
    /// A view that handles touches for its subviews (an overridden ``View/hitTest(_:with:)``,
    /// or handlers that do nothing and let the touches climb to the superview) compares it to
    /// tell which of them was touched.
    @exclusivity(unchecked) public internal(set) var view: View?
    /// The window the touch began in, kept for its whole life: the coordinates
    /// `location(in: nil)` answers in.
    @exclusivity(unchecked) public internal(set) weak var window: Window?

    /// The seat the touch came from (`wl_seat.name`, or `seat@N` until the name arrives).
    @exclusivity(unchecked) public internal(set) var seatName: String
    /// The seat the touch came from, by registry name: stable, unlike ``seatName``.
    public let seat: SeatID
    /// The wl_touch id; for a pointer touch, the button code that started it; for a pencil
    /// touch, the tool's ``TabletToolID/raw`` (truncated to 32 bits).
    public let identifier: Int32

    /// The tool of a pencil touch, `nil` for fingers and the mouse: what tells two pens apart.
    public let tabletTool: TabletToolID?
    /// The tablet the tool was over when the touch began (a pencil touch only).
    public let tablet: TabletID?
    /// What the tool said about itself (type, serial, axes), for the inspector and the log;
    /// `nil` for fingers and the mouse. An eraser is `toolDescription?.type == .eraser`.
    public let toolDescription: TabletToolDescription?
    /// The force of the tool's full pressure range: 2 for a pencil touch from a tool with
    /// pressure, so that half pressure is UIKit's average touch of force 1. 0 for fingers, the
    /// mouse and tools without pressure, as UIKit reports for touches without a force sensor.
    @exclusivity(unchecked) public internal(set) var maximumPossibleForce: Double = 0
    /// The tool's buttons held at the latest delivery, as Linux input codes (see
    /// ``TabletToolButton``); empty for fingers and the mouse. The tip is not a button: it is
    /// the touch itself.
    @exclusivity(unchecked) public internal(set) var pressedButtons: Set<UInt32> = []
    /// Sequence number from 1 among the touches of the ``TouchInputMachine`` that made it (one
    /// per window), the `"touch":N` of the logs: another window's touches, such as those on an
    /// app's own title bar, leave no gaps in it.
    public let number: Int

    /// The window locations of this delivery's coalesced samples, oldest first; the last one is
    /// the current location. A shortcut for `event.coalescedTouches(for:)` that needs no
    /// snapshots (but allocates the array); read it during dispatch.
    public var coalescedLocations: [Point] {
        delivered.isEmpty ? [windowLocation] : delivered.map(\.location)
    }

    /// The radius reported while the compositor sends no shape.
    public static let defaultRadius = 10.0

    @exclusivity(unchecked) var windowLocation: Point
    @exclusivity(unchecked) var previousWindowLocation: Point
    /// The tool's axes at the latest delivery (zero for fingers and the mouse).
    @exclusivity(unchecked) var pencil = PencilSample()
    /// Where the touch began and how far it has strayed since: a tap must not wander.
    @exclusivity(unchecked) var beganWindowLocation: Point
    @exclusivity(unchecked) var maxDistanceFromStart = 0.0
    /// Set by the window when it has decided the binding, so it is decided exactly once.
    @exclusivity(unchecked) var isRouted = false
    /// Set by the machine once began was delivered, so it is delivered exactly once.
    @exclusivity(unchecked) var wasDelivered = false
    /// True for the coalesced and predicted copies handed out by `TouchEvent`.
    let isSnapshot: Bool

    // Sample storage. Every buffer is cleared with `removeAll(keepingCapacity:)` and reused, so
    // a touch moving steadily stops allocating once its buffers have grown to one delivery's
    // worth of samples.

    /// Samples received and not yet delivered, oldest first: held ones, then those of a frame
    /// still open.
    @exclusivity(unchecked) var incoming: [TouchSample] = []
    /// How many leading `incoming` samples belong to frames that were held for the display frame.
    @exclusivity(unchecked) var heldSampleCount = 0
    /// The samples of the latest delivery, oldest first; the last one is the touch's state.
    @exclusivity(unchecked) var delivered: [TouchSample] = []
    /// The last few delivered samples, oldest first, for prediction.
    @exclusivity(unchecked) var recent: [TouchSample] = []
    /// The delivery `delivered` belongs to, so an event read after a later delivery returns
    /// nothing rather than another delivery's samples.
    @exclusivity(unchecked) var deliverySerial: UInt64 = 0
    /// The snapshots of this touch's coalesced and predicted touches, reused delivery after
    /// delivery (empty on snapshots themselves).
    @exclusivity(unchecked) var coalescedSnapshots = SnapshotStore()
    @exclusivity(unchecked) var predictedSnapshots = SnapshotStore()

    init(type: TouchType, seat: SeatID, seatName: String, identifier: Int32,
         location: Point, timestamp: TimeInterval, number: Int,
         tabletTool: TabletToolID? = nil, tablet: TabletID? = nil,
         toolDescription: TabletToolDescription? = nil) {
        self.type = type
        self.tabletTool = tabletTool
        self.tablet = tablet
        self.toolDescription = toolDescription
        self.seat = seat
        self.seatName = seatName
        self.identifier = identifier
        self.phase = .began
        self.timestamp = timestamp
        self.windowLocation = location
        self.previousWindowLocation = location
        self.beganWindowLocation = location
        self.number = number
        self.isSnapshot = false
    }

    /// A coalesced or predicted copy of `touch` in the state `sample` describes.
    init(snapshotOf touch: Touch, sample: TouchSample, previousWindowLocation: Point) {
        self.type = touch.type
        self.tabletTool = touch.tabletTool
        self.tablet = touch.tablet
        self.toolDescription = touch.toolDescription
        self.seat = touch.seat
        self.seatName = touch.seatName
        self.identifier = touch.identifier
        self.number = touch.number
        self.isSnapshot = true
        self.phase = sample.phase
        self.timestamp = sample.timestamp
        self.windowLocation = sample.location
        self.previousWindowLocation = previousWindowLocation
        self.beganWindowLocation = touch.beganWindowLocation
        self.isRouted = true
        self.wasDelivered = true
        becomeSnapshot(of: touch, sample: sample, previousWindowLocation: previousWindowLocation)
    }

    /// Turns this snapshot of `touch` into the state `sample` describes, as if it had just been
    /// made by `init(snapshotOf:sample:previousWindowLocation:)`; see `SnapshotStore`.
    func becomeSnapshot(of touch: Touch, sample: TouchSample, previousWindowLocation: Point) {
        seatName = touch.seatName
        phase = sample.phase
        timestamp = sample.timestamp
        windowLocation = sample.location
        self.previousWindowLocation = previousWindowLocation
        beganWindowLocation = touch.beganWindowLocation
        majorRadius = sample.majorRadius
        minorRadius = sample.minorRadius
        hasShape = sample.hasShape
        orientation = sample.orientation
        pencil = sample.pencil
        maximumPossibleForce = touch.maximumPossibleForce
        pressedButtons = touch.pressedButtons
        tapCount = touch.tapCount
        view = touch.view
        window = touch.window
    }

    /// The location in `view`'s coordinates, or in the window's when `view` is `nil`.
    ///
    /// Call it in a handler with `self` to place something under the finger in your own
    /// coordinates; it converts through the view's current (model) geometry, so a view that
    /// moves still gets the right point. Any view of the same window works, bound or not.
    ///
    /// Never rounded: unlike UIKit, where `location(in:)` is rounded to the pixel grid and only
    /// `preciseLocation(in:)` keeps the digitizer's precision, both are the same exact value here.
    ///
    /// ```swift
    /// override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
    ///     for touch in touches { spots[touch]?.center = touch.location(in: self) }
    /// }
    /// ```
    public func location(in view: View?) -> Point {
        guard let view else { return windowLocation }
        return view.convert(windowLocation, from: window)
    }

    /// The location at the previous delivery (equal to `location(in:)` when the touch began or is
    /// stationary). For a coalesced snapshot, the location of the sample before it. Never rounded.
    ///
    /// Use it for movement since the last delivery, as dragging by deltas does (see
    /// ``DragTracker``): `location(in:)` minus this is how far the finger went.
    public func previousLocation(in view: View?) -> Point {
        guard let view else { return previousWindowLocation }
        return view.convert(previousWindowLocation, from: window)
    }

    /// The unrounded location, for drawing. Identical to `location(in:)`, which is not rounded
    /// either (Wayland sends sub-pixel `wl_fixed` positions for fingers and pens alike);
    /// provided so code written against UIKit's API reads the same.
    public func preciseLocation(in view: View?) -> Point {
        location(in: view)
    }

    /// The unrounded previous location; identical to `previousLocation(in:)`.
    public func precisePreviousLocation(in view: View?) -> Point {
        previousLocation(in: view)
    }

    /// Touches are equal only when they are the same object: the same finger, never a look-alike.
    nonisolated public static func == (lhs: Touch, rhs: Touch) -> Bool {
        lhs === rhs
    }

    /// Hashes the object's identity, so a touch is a dictionary key that survives its own changes.
    nonisolated public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

extension Touch: CustomStringConvertible {
    /// `Touch(ObjectIdentifier(…))`: the identity, since the state changes under the object.
    nonisolated public var description: String {
        "Touch(\(ObjectIdentifier(self)))"
    }
}
