import TouchKit

/// Palm rejection: while a pen is in range over the window, a finger that comes down is taken
/// for the hand holding the pen and draws nothing. It is still delivered (and logged); only
/// the drawing scenes leave it out. `p` turns it off, for drawing with a pen and fingers at
/// once; it is on by default.
@MainActor
public final class PalmRejection {
    public var isEnabled = true
    /// The pens in range now, with the tablet each came in over.
    private var pensInRange: [PenKey: TabletID] = [:]

    private struct PenKey: Hashable {
        let tool: TabletToolID
        let seat: SeatID
    }

    public init() {}

    /// Whether any pen is in range over the window.
    public var isPenInRange: Bool { !pensInRange.isEmpty }

    /// Whether `touch`, which just began, should draw nothing: a finger while a pen is near.
    public func rejects(_ touch: Touch) -> Bool {
        isEnabled && isPenInRange && touch.type == .direct
    }

    /// Follows a pen's range from its events.
    public func note(_ input: RawTabletToolInput, tool: TabletToolID, seat: SeatID) {
        switch input {
        case .proximityIn(let tablet): pensInRange[PenKey(tool: tool, seat: seat)] = tablet
        case .proximityOut: pensInRange[PenKey(tool: tool, seat: seat)] = nil
        default: break
        }
    }

    /// The pen left some other way: gone, over another surface.
    public func penLeft(_ tool: TabletToolID, seat: SeatID) {
        pensInRange[PenKey(tool: tool, seat: seat)] = nil
    }

    public func tabletRemoved(_ tablet: TabletID, seat: SeatID) {
        pensInRange = pensInRange.filter { !($0.key.seat == seat && $0.value == tablet) }
    }

    public func seatRemoved(_ seat: SeatID) {
        pensInRange = pensInRange.filter { $0.key.seat != seat }
    }
}

/// A drawing scene that leaves out fingers palm rejection rejects.
@MainActor
public protocol PalmRejecting: AnyObject {
    /// Set by the session; nil draws every finger.
    var palmRejection: PalmRejection? { get set }
}
