import CWaylandClient
import Glibc

/// Why the app could not talk to a compositor; each case reads as one line for stderr.
public enum WaylandError: Error, CustomStringConvertible, Equatable {
    case noCompositor(display: String)
    case connectionLost(errno: Int32)
    case protocolError(interface: String, objectID: UInt32, code: UInt32)
    case missingGlobal(String)
    case noRuntimeDirectory(display: String)
    /// The compositor accepted the connection but did not answer `step` in time.
    case noAnswer(display: String, step: String, seconds: Double)
    /// A signal the loop handles (Ctrl+C, SIGTERM) came while waiting for `step`.
    case interrupted(signal: Int32, step: String)
    /// libwayland could not read what the compositor sent (a message too long for its buffer,
    /// a malformed one, an unknown object or opcode): not a Wayland compositor, or a broken one.
    case unreadableMessage(display: String, errno: Int32)

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
        case .noAnswer(let display, let step, let seconds):
            return "the compositor at \"\(display)\" did not answer the \(step) within \(Self.seconds(seconds))"
        case .interrupted(_, let step):
            return "interrupted while waiting for the compositor's \(step)"
        case .unreadableMessage(let display, let code):
            return "the compositor at \"\(display)\" sent a message this client cannot read (a protocol error, "
                + "or not a Wayland compositor at all); libwayland said: \(String(cString: strerror(code)))"
        }
    }

    /// The exit status a shell gives a process ended by the signal, for `.interrupted`:
    /// 130 for SIGINT, 143 for SIGTERM; nil for the other cases.
    public var signalStatus: Int32? {
        if case .interrupted(let signal, _) = self { return 128 + signal }
        return nil
    }

    /// `5 s`, `0.5 s`: whole seconds without a fraction.
    static func seconds(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e9 { return "\(Int(value)) s" }
        return "\(value) s"
    }

    /// What a failed read or dispatch's errno means for the person running the client: the codes
    /// libwayland sets when the bytes that came are not a message it can take apart are said as
    /// such, not as the C library's words for them ("Value too large for defined data type").
    package static func readFailure(errno code: Int32, display: String) -> WaylandError {
        switch code {
        case EOVERFLOW, EBADMSG, EINVAL, EPROTO, ENOMEM, E2BIG, EMSGSIZE:
            return .unreadableMessage(display: display, errno: code)
        default:
            return .connectionLost(errno: code)
        }
    }
}

/// The connection to the compositor: owns the `wl_display` and outlives every proxy made on it.
@MainActor
public final class Connection {
    public let display: OpaquePointer
    /// The socket connected to, as messages name it (`wayland-0`, a path, or `WAYLAND_SOCKET`).
    public let name: String
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
        let shown = name ?? getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? ""
        guard let display = wl_display_connect(name) else {
            throw .noCompositor(display: shown.isEmpty ? "wayland-0" : shown)
        }
        self.display = display
        self.name = getenv("WAYLAND_SOCKET") != nil && name == nil ? "WAYLAND_SOCKET" : (shown.isEmpty ? "wayland-0" : shown)
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
            // No interface: not an error the compositor sent, but one libwayland met reading.
            if let interface {
                let name = String(validatingCString: interface.pointee.name) ?? "unknown"
                return .protocolError(interface: name, objectID: id, code: protocolCode)
            }
        }
        return WaylandError.readFailure(errno: code, display: name)
    }
}
