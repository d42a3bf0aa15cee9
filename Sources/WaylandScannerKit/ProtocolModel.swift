/// The parts of a Wayland protocol XML file that code generation needs.
///
/// Descriptions and summaries are kept only as one-line doc comments: the generated API is read
/// in an editor, and the protocol text is where its meaning lives.
public struct WaylandProtocol: Equatable, Sendable {
    public var name: String
    public var interfaces: [Interface]
}

public struct Interface: Equatable, Sendable {
    public var name: String
    public var version: Int
    public var summary: String?
    public var requests: [Message]
    public var events: [Message]
    public var enums: [WaylandEnum]
}

public struct Message: Equatable, Sendable {
    public var name: String
    /// Version of the interface that introduced the message; it must not be sent to, or expected
    /// from, an object bound at a lower version.
    public var since: Int
    /// Marked `type="destructor"`: sending (or receiving) it ends the object's life.
    public var isDestructor: Bool
    public var summary: String?
    public var args: [Argument]
}

public struct Argument: Equatable, Sendable {
    public enum Kind: String, Equatable, Sendable {
        case int, uint, fixed, string, object, newID = "new_id", array, fd
    }
    public var name: String
    public var kind: Kind
    /// For `object` and `new_id`: the interface named in the XML. A `new_id` without one (only
    /// `wl_registry.bind`) is marshalled as interface name, version and id.
    public var interface: String?
    public var allowNull: Bool
    /// `enum="iface.name"` or `enum="name"` (an enum of the same interface).
    public var enumName: String?
    public var summary: String?
}

public struct WaylandEnum: Equatable, Sendable {
    public var name: String
    public var isBitfield: Bool
    public var since: Int
    public var summary: String?
    public var entries: [Entry]

    public struct Entry: Equatable, Sendable {
        public var name: String
        public var value: UInt32
        public var summary: String?
    }
}

extension Message {
    /// The signature string libwayland parses: since-version prefix, `?` for nullable, one
    /// letter per argument, and `sun` for a `new_id` of unknown interface.
    public var signature: String {
        var s = since > 1 ? String(since) : ""
        for arg in args {
            if arg.allowNull { s += "?" }
            switch arg.kind {
            case .int: s += "i"
            case .uint: s += "u"
            case .fixed: s += "f"
            case .string: s += "s"
            case .object: s += "o"
            case .newID: s += arg.interface == nil ? "sun" : "n"
            case .array: s += "a"
            case .fd: s += "h"
            }
        }
        return s
    }

    /// One entry per signature letter: the interface of objects and new ids, nil otherwise.
    public var typeNames: [String?] {
        args.flatMap { arg -> [String?] in
            switch arg.kind {
            case .object, .newID:
                return arg.interface == nil && arg.kind == .newID ? [nil, nil, nil] : [arg.interface]
            default:
                return [nil]
            }
        }
    }
}
