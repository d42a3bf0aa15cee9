import Wayland

/// `zwp_input_timestamps_v1` for one device: the compositor sends the nanosecond time of an
/// event just before the event itself, so the time waits here until that event takes it.
@MainActor
final class PreciseEventTimes {
    private let object: ZwpInputTimestampsV1
    private var pending: UInt64?

    /// Why one per device and not per seat: the protocol asks for them per `wl_touch`,
    /// `wl_pointer` and `wl_keyboard`, and each stops with its device.
    init?(_ object: ZwpInputTimestampsV1?) {
        guard let object else { return nil }
        self.object = object
        object.onEvent = { [unowned self] event in
            switch event {
            case let .timestamp(secondsHigh, secondsLow, nanoseconds):
                pending = wireNanoseconds(secondsHigh: secondsHigh, secondsLow: secondsLow, nanoseconds: nanoseconds)
            }
        }
    }

    /// The time sent for the event being handled; each time is taken once, so an event the
    /// compositor sent without one does not inherit its predecessor's.
    func take() -> UInt64? {
        defer { pending = nil }
        return pending
    }

    /// Before its device is released: the object is ours to destroy.
    func release() { object.destroy() }
}
