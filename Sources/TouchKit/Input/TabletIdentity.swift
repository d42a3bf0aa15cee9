/// One `zwp_tablet_tool_v2` object, numbered by the glue when the tool is announced: tools
/// have no registry name, and a tool object lives until `removed`, so the glue's own counter
/// is the stable identity (the hardware serial may be 0 or repeat between tools).
public struct TabletToolID: Hashable, Sendable {
    /// The glue's number for the tool object, unique for the connection's life.
    public let raw: UInt32

    /// The tool the glue numbered `raw` when `tool_added` arrived.
    public init(_ raw: UInt32) {
        self.raw = raw
    }
}

extension TabletToolID: CustomStringConvertible {
    /// `tool@N`, the spelling of logs and anomaly details.
    public var description: String { "tool@\(raw)" }
}

/// One `zwp_tablet_v2` object (a digitizer), numbered by the glue as it is announced: like a
/// tool it has no registry name, and it is what `proximity_in` names.
public struct TabletID: Hashable, Sendable {
    /// The glue's number for the tablet object, unique for the connection's life.
    public let raw: UInt32

    /// The tablet the glue numbered `raw` when `tablet_added` arrived.
    public init(_ raw: UInt32) {
        self.raw = raw
    }
}

extension TabletID: CustomStringConvertible {
    /// `tablet@N`, the spelling of logs and anomaly details.
    public var description: String { "tablet@\(raw)" }
}

/// What kind of tool the hardware says it is (`zwp_tablet_tool_v2.type`). Every kind makes
/// pencil touches; the kind is kept because the app treats an eraser differently and the
/// inspector shows it.
public enum TabletToolType: String, Sendable, Hashable, CaseIterable {
    /// A pen tip.
    case pen
    /// The eraser end of a pen, or an eraser tool.
    case eraser
    /// A brush-like tool.
    case brush
    /// A pencil-like tool.
    case pencil
    /// An airbrush; its slider sets the flow.
    case airbrush
    /// A finger on a tablet that reports fingers as tools.
    case finger
    /// A tablet puck used as a mouse.
    case mouse
    /// A tablet puck with a lens and crosshair.
    case lens
}

/// An axis a tool may report (`zwp_tablet_tool_v2.capability`). A tool sends only the axes it
/// announced; one that sends another anyway is reported as `unannounced-axis` once.
public enum TabletToolCapability: String, Sendable, Hashable, CaseIterable {
    /// `tilt` events: the tool's lean.
    case tilt
    /// `pressure` events: how hard the tip presses.
    case pressure
    /// `distance` events: how far the tip hovers.
    case distance
    /// `rotation` events: the tool turned about its own axis.
    case rotation
    /// `slider` events (airbrush finger wheel); not modelled yet.
    case slider
    /// `wheel` events (mouse tool); not modelled yet.
    case wheel
}

/// What a tool said about itself between `tool_added` and `done`: kept on every pencil touch
/// so the inspector and the log can name the tool that made it.
public struct TabletToolDescription: Sendable, Hashable {
    /// The kind of tool.
    public var type: TabletToolType
    /// `hardware_serial`: identifies one physical pen across tablets and sessions, when the
    /// hardware has one (most Wacom pens); `nil` when the compositor sent none.
    public var hardwareSerial: UInt64?
    /// `hardware_id_wacom`: the model of Wacom tool, when known; `nil` otherwise.
    public var hardwareIDWacom: UInt64?
    /// The axes the tool announced.
    public var capabilities: Set<TabletToolCapability>

    /// A description as the glue assembles it from the tool's events before `done`.
    public init(type: TabletToolType, hardwareSerial: UInt64? = nil, hardwareIDWacom: UInt64? = nil,
                capabilities: Set<TabletToolCapability> = []) {
        self.type = type
        self.hardwareSerial = hardwareSerial
        self.hardwareIDWacom = hardwareIDWacom
        self.capabilities = capabilities
    }

    /// What a tool the glue never announced is taken to be: a pen with every axis, so that
    /// its values are used and not reported as unannounced.
    static let unannounced = TabletToolDescription(
        type: .pen, capabilities: Set(TabletToolCapability.allCases))
}
