import CWaylandClient
import Glibc

/// Why the app could not talk to a compositor; each case reads as one line for stderr.
public enum WaylandError: Error, CustomStringConvertible, Equatable {
    case noCompositor(display: String)
    case connectionLost(errno: Int32)
    case protocolError(interface: String, objectID: UInt32, code: UInt32)
    case missingGlobal(String)
    case noRuntimeDirectory(display: String)

    public var description: String {
        switch self {
        case .noCompositor(let display):
            return "cannot connect to a Wayland compositor at '\(display)' (is WAYLAND_DISPLAY set and the compositor running?)"
        case .connectionLost(let code):
            return "the connection to the compositor was lost: \(String(cString: strerror(code)))"
        case .protocolError(let interface, let id, let code):
            return "the compositor reported a protocol error on \(interface)@\(id), code \(code)"
        case .noRuntimeDirectory(let display):
            return "cannot find the Wayland socket '\(display)': XDG_RUNTIME_DIR is not set (are you in a Wayland session?)"
        case .missingGlobal(let name):
            return "the compositor does not offer \(name), which this client needs"
        }
    }
}

/// The connection to the compositor: owns the `wl_display` and outlives every proxy made on it.
@MainActor
public final class Connection {
    public let display: OpaquePointer
    /// The `wl_display` as a proxy, for `get_registry` and `sync`.
    /// A fresh wrapper each time: objects made from it keep the connection open, while the
    /// connection holds none of them (a stored one would be a cycle that never disconnects).
    public var root: WlDisplay { WlDisplay(raw: display, keepAlive: self) }

    /// Connects as libwayland does: `WAYLAND_SOCKET` if set, else `WAYLAND_DISPLAY`, else `wayland-0`.
    public init(name: String? = nil) throws(WaylandError) {
        // libwayland would print its own complaint about XDG_RUNTIME_DIR; say it once, our way.
        let display = name ?? getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? "wayland-0"
        if getenv("WAYLAND_SOCKET") == nil, !display.hasPrefix("/"), getenv("XDG_RUNTIME_DIR") == nil {
            throw .noRuntimeDirectory(display: display)
        }
        guard let display = wl_display_connect(name) else {
            let shown = name ?? getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? ""
            throw .noCompositor(display: shown.isEmpty ? "wayland-0" : shown)
        }
        self.display = display
    }

    isolated deinit {
        wl_display_disconnect(display)
    }

    public var fileDescriptor: Int32 { wl_display_get_fd(display) }

    /// The first fatal error on the connection, if any, as something a person can read.
    public var error: WaylandError? {
        let code = wl_display_get_error(display)
        guard code != 0 else { return nil }
        if code == EPROTO {
            var interface: UnsafePointer<wl_interface>?
            var id: UInt32 = 0
            let protocolCode = wl_display_get_protocol_error(display, &interface, &id)
            let name = interface.flatMap { String(validatingCString: $0.pointee.name) } ?? "unknown"
            return .protocolError(interface: name, objectID: id, code: protocolCode)
        }
        return .connectionLost(errno: code)
    }
}
