import TouchCanvasApp
import TouchKit

/// One thing the input-machine target does to the session: an event a compositor can send
/// (`wl_touch`, `wl_pointer`, tablet-v2, pointer gestures, seat changes), time passing, a
/// display frame, or what a key asks (clear, undo, another scene, the HUD).
///
/// Values are what the protocol can carry (coordinates are `wl_fixed`, ids any `int32`);
/// the compositor's event times are not here: ``SessionDriver`` stamps events with its own
/// clock, which ``wait(milliseconds:)`` and ``clockJump(_:)`` move.
enum InputOperation: Equatable {
    case finger(seat: UInt32, FingerEvent)
    case pointer(seat: UInt32, PointerEvent)
    case toolAdded(seat: UInt32, tool: UInt32, TabletToolDescription)
    /// A `zwp_tablet_tool_v2` event; a `frame` is stamped by the driver.
    case tool(seat: UInt32, tool: UInt32, RawTabletToolInput)
    case toolRemoved(seat: UInt32, tool: UInt32)
    case tabletRemoved(seat: UInt32, tablet: UInt32)
    case toolForeignProximity(seat: UInt32, tool: UInt32)
    /// A touchpad swipe, pinch or hold event; its location is the seat's pointer's.
    case touchpad(seat: UInt32, TouchpadGesture.Kind, TouchpadGesture.Phase, fingers: Int,
                  delta: Point, scale: Double, rotation: Double)
    case capabilityLost(seat: UInt32, touch: Bool)
    case seatRemoved(seat: UInt32)
    case seatName(seat: UInt32, String)
    /// Time passes: the compositor's stamps and the session's clock move together.
    case wait(milliseconds: Int)
    /// The compositor's stamps jump to `milliseconds` (a wrap, a misbehaving compositor); the
    /// session's clock does not.
    case clockJump(UInt32)
    case displayFrame(predictionMilliseconds: Int?)
    case flush
    case command(SceneCommand)
    case hud(Bool)
    case debugOverlay
    case configure(width: Int, height: Int, scale: Int)
    /// The shell's timers: the stuck-touch check and the recognizers' time-outs.
    case checkStuck
    case advanceGestures

    /// `wl_touch` without its time.
    enum FingerEvent: Equatable {
        case down(id: Int32, Point)
        case motion(id: Int32, Point)
        case up(id: Int32)
        case shape(id: Int32, major: Double, minor: Double)
        case orientation(id: Int32, degrees: Double)
        case frame
        case cancel
    }

    /// `wl_pointer` without its time.
    enum PointerEvent: Equatable {
        case enter(Point)
        case leave
        case motion(Point)
        case button(UInt32, pressed: Bool)
        case frame
    }

    /// Seats 1…3: enough for two to interleave and one to come and go.
    static let seats = 1...3
    /// Tools 0…3 and tablets 0…1 on each seat.
    static let tools = 0...3
    static let tablets = 0...1
    /// The window's logical sides and scale, kept small so a frame costs little to draw.
    static let widths = 8...96
    static let heights = 8...72
    static let scales = 1...3
    /// Linux button codes: left, right, middle, and a stylus button.
    static let buttons: [UInt32] = [0x110, 0x111, 0x112, 0x14b]
    static let names = ["seat0", "", "second seat", "\u{7}bell", "tab\tbed", String(repeating: "long", count: 40)]
}
