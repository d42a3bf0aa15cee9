/// What a test names a tablet device by. Handles never repeat, so one kept past `removeTablet`
/// cannot reach a tablet added later.
public struct TabletHandle: Hashable, Sendable {
    let number: Int
}

/// A tablet tool (pen, eraser…), which the protocol models apart from any one tablet: the same
/// pen may be used on two tablets.
public struct TabletToolHandle: Hashable, Sendable {
    let number: Int
}

public struct TabletPadHandle: Hashable, Sendable {
    let number: Int
}

/// `zwp_tablet_tool_v2.type`, with the protocol's values (Linux `BTN_TOOL_*` codes), so a test
/// can also name a type the protocol adds later.
public struct TabletToolType: RawRepresentable, Hashable, Sendable {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let pen = TabletToolType(rawValue: 0x140)
    public static let eraser = TabletToolType(rawValue: 0x141)
    public static let brush = TabletToolType(rawValue: 0x142)
    public static let pencil = TabletToolType(rawValue: 0x143)
    public static let airbrush = TabletToolType(rawValue: 0x144)
    public static let finger = TabletToolType(rawValue: 0x145)
    public static let mouse = TabletToolType(rawValue: 0x146)
    public static let lens = TabletToolType(rawValue: 0x147)
}

/// The axes a tool announces (`zwp_tablet_tool_v2.capability`). A set rather than a list: the
/// protocol gives no meaning to their order, and they are sent in the protocol's value order.
public struct TabletToolCapabilities: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let tilt = TabletToolCapabilities(rawValue: 1 << 0)
    public static let pressure = TabletToolCapabilities(rawValue: 1 << 1)
    public static let distance = TabletToolCapabilities(rawValue: 1 << 2)
    public static let rotation = TabletToolCapabilities(rawValue: 1 << 3)
    public static let slider = TabletToolCapabilities(rawValue: 1 << 4)
    public static let wheel = TabletToolCapabilities(rawValue: 1 << 5)
    /// A typical pen's (Wacom Pro Pen 2): what most tests want.
    public static let pen: TabletToolCapabilities = [.tilt, .pressure, .distance]

    /// The protocol's capability values (1…6), ascending.
    var protocolValues: [UInt32] {
        (0..<6).compactMap { bit in rawValue & (1 << bit) != 0 ? UInt32(bit + 1) : nil }
    }
}

/// Where a tool stands now, as the compositor last told its client.
public struct TabletToolStatus: Sendable, Equatable {
    public var type: TabletToolType
    public var capabilities: TabletToolCapabilities
    /// Between `proximity_in` and `proximity_out`.
    public var inProximity: Bool
    /// Between `down` and `up`.
    public var isDown: Bool
    /// The tablet of the last `proximity_in`, while in proximity.
    public var tablet: TabletHandle?
    /// The serial of the last `proximity_in` (what `set_cursor` must quote) and of the last `down`.
    public var proximitySerial: UInt32?
    public var downSerial: UInt32?
    /// Every `zwp_tablet_tool_v2.set_cursor` for this tool, obeyed or not.
    public var cursorRequests: Int
}
