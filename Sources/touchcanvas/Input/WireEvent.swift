/// One `wl_seat`, `wl_touch` or `wl_pointer` event exactly as it came off the socket, before the
/// touch model saw it: what `--log raw` prints. The seat glue builds these only when someone
/// listens, so an app that does not log pays nothing for them.
struct WireEvent {
    enum Value {
        case int(Int64)
        case number(Double)
        case string(String)
        /// JSON `null`: a surface our bindings cannot name (see `InputSurface`).
        case null
    }

    /// `wl_touch`, `wl_pointer` or `wl_seat`.
    let interface: String
    /// The protocol's event name: `down`, `axis_source`, `capabilities`…
    let name: String
    /// The event's arguments in protocol order, surfaces as `"ours"` or `"foreign"`.
    let arguments: [(String, Value)]

    init(_ interface: String, _ name: String, _ arguments: [(String, Value)] = []) {
        self.interface = interface
        self.name = name
        self.arguments = arguments
    }
}
