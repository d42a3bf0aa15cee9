import TouchKit
import Wayland

/// Where a seat's input goes. The seat glue only translates Wayland events; what they mean is
/// decided behind this protocol.
@MainActor
protocol SeatInputSink: AnyObject {
    /// `time` is the event's own, for the events that carry one (down, motion, up, button).
    func seat(_ seat: SeatID, touch: RawTouchInput, at time: InputEventTime?)
    func seat(_ seat: SeatID, pointer: RawPointerInput, at time: InputEventTime?)
    /// Touch on the app's own window chrome, in the chrome surface's coordinates.
    func seat(_ seat: SeatID, chromeTouch: RawTouchInput)
    /// The pointer over the app's own window chrome, in the chrome surface's coordinates.
    func seat(_ seat: SeatID, chromePointer: RawPointerInput)
    /// A pen (a tablet tool) over the content, as TouchKit's input, grouped by its `frame`;
    /// `time` is the frame's (tablet-v2 stamps no other event).
    func seat(_ seat: SeatID, tool: TabletToolID, input: RawTabletToolInput, at time: InputEventTime?)
    /// A pen over the app's own chrome, in the chrome's coordinates.
    func seat(_ seat: SeatID, chromeTool: TabletToolID, input: RawTabletToolInput)
    /// A tool was announced in full (its `done`), or went away.
    func seat(_ seat: SeatID, toolAdded: TabletToolID, description: TabletToolDescription)
    func seat(_ seat: SeatID, toolRemoved: TabletToolID)
    /// A tool came into range over a surface that is not ours (an anomaly).
    func seat(_ seat: SeatID, toolOverForeignSurface: TabletToolID)
    /// A tablet was announced in full, or went away (a pen down on it is cancelled).
    func seat(_ seat: SeatID, tabletAdded: TabletID)
    func seat(_ seat: SeatID, tabletRemoved: TabletID)
    func seat(_ seat: SeatID, key: KeyPress, at time: InputEventTime)
    /// A touchpad swipe, pinch or hold over the content, with the event's 32-bit milliseconds.
    func seat(_ seat: SeatID, touchpadGesture: TouchpadGesture, time: UInt32)
    func seatNamed(_ seat: SeatID, name: String)
    func seatLostTouch(_ seat: SeatID)
    func seatLostPointer(_ seat: SeatID)
    /// Input for a surface that is not ours was dropped; `event` is the protocol event's name.
    func seat(_ seat: SeatID, droppedForeign device: String, event: String, id: Int32?, time: UInt32?)
    /// Whether ``seat(_:wire:)`` is wanted (`--log raw`); when false no `WireEvent` is built.
    var wantsWireEvents: Bool { get }
    /// Every seat, touch and pointer event as it arrived, before anything else is done with it.
    func seat(_ seat: SeatID, wire: WireEvent)
}
