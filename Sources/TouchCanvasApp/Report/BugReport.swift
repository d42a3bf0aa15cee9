import Foundation

/// `touchcanvas report`: everything a compositor's or a driver's developer asks for first when
/// touch misbehaves, gathered in one value that is written as JSON (for tools) and as Markdown
/// (for people), and attached to a bug.
///
/// It holds facts about the compositor and the input devices as the compositor announced them,
/// the OS release, and optionally the guided checks' results and a recording. It holds nothing
/// else about the machine or the person: no host name, no user name, no paths under a home
/// directory. The environment is read only through ``SessionFacts/allowedVariables``.
///
/// The JSON's keys are this type's property names; ``schemaVersion`` changes whenever a key
/// changes meaning or goes away (new keys may appear within a version). docs/report-format.md
/// describes every key.
public struct BugReport: Codable, Sendable, Equatable {
    /// What the JSON is, for a reader that meets it without its file name.
    public static let schemaName = "touchcanvas-report"
    /// Bumped when a key is removed or changes meaning.
    public static let currentSchemaVersion = 1

    public var schema = Self.schemaName
    public var schemaVersion = Self.currentSchemaVersion
    /// The touchcanvas that wrote the report, since a report may outlive the build.
    public var touchcanvasVersion: String
    /// When the report was made, UTC, ISO 8601 to the second.
    public var created: String
    public var system: SystemFacts
    public var session: SessionFacts
    public var compositor: CompositorIdentity
    /// Every global the compositor announced, in the order it did, with its version.
    public var globals: [GlobalFact]
    public var features: FeatureFacts
    public var seats: [SeatFact]
    public var outputs: [OutputFact]
    public var tablets: [TabletFact]
    public var tools: [ToolFact]
    public var pads: [PadFact]
    /// The kernel's own record of the device, which a Wayland client cannot make.
    public var libinputRecord: LibinputRecordAdvice
    /// The guided checks, when the report ran them (`--check`).
    public var checks: CheckSuiteResult?
    /// The input of the guided checks, in the recording format `touchcanvas replay` reads.
    public var recording: String?
    /// The PNG charts written beside the report, by file name.
    public var charts: [ChartFact]

    public init(touchcanvasVersion: String, created: String, system: SystemFacts, session: SessionFacts,
                compositor: CompositorIdentity, globals: [GlobalFact], features: FeatureFacts, seats: [SeatFact],
                outputs: [OutputFact], tablets: [TabletFact], tools: [ToolFact], pads: [PadFact],
                libinputRecord: LibinputRecordAdvice, checks: CheckSuiteResult? = nil, recording: String? = nil,
                charts: [ChartFact] = []) {
        self.touchcanvasVersion = touchcanvasVersion
        self.created = created
        self.system = system
        self.session = session
        self.compositor = compositor
        self.globals = globals
        self.features = features
        self.seats = seats
        self.outputs = outputs
        self.tablets = tablets
        self.tools = tools
        self.pads = pads
        self.libinputRecord = libinputRecord
        self.checks = checks
        self.recording = recording
        self.charts = charts
    }

    /// The report as its JSON file holds it: keys sorted, so two reports diff cleanly.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// A report read back (a test, or a tool comparing two machines). Throws on a report of
    /// another schema or of a newer version than this build knows.
    public static func decode(_ data: Data) throws -> BugReport {
        struct Header: Decodable { var schema: String; var schemaVersion: Int }
        let header = try JSONDecoder().decode(Header.self, from: data)
        guard header.schema == schemaName else { throw ReportError("not a touchcanvas report (schema \"\(header.schema)\")") }
        guard header.schemaVersion <= currentSchemaVersion else {
            throw ReportError("the report is of schema version \(header.schemaVersion); this touchcanvas reads up to \(currentSchemaVersion)")
        }
        return try JSONDecoder().decode(BugReport.self, from: data)
    }
}

/// A report that could not be read or written, said in one line.
public struct ReportError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// The operating system, as far as it says nothing about who uses it.
public struct SystemFacts: Codable, Sendable, Equatable {
    /// `PRETTY_NAME` from os-release ("Debian GNU/Linux 12 (bookworm)"), nil where absent.
    public var osRelease: String?
    /// The kernel's release (`uname -r`) and machine (`x86_64`); never the host name.
    public var kernel: String?
    public var machine: String?

    public init(osRelease: String?, kernel: String?, machine: String?) {
        self.osRelease = osRelease
        self.kernel = kernel
        self.machine = machine
    }

    /// `PRETTY_NAME` from an os-release file's text (`KEY=value` lines, the value perhaps
    /// quoted); nil when it has none.
    public static func prettyName(fromOSRelease text: String) -> String? {
        for line in text.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == "PRETTY_NAME" else { continue }
            var value = parts[1].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
                value = String(value.dropFirst().dropLast())
            }
            return value.isEmpty ? nil : value
        }
        return nil
    }
}

/// What the desktop session says of itself in the environment.
public struct SessionFacts: Codable, Sendable, Equatable {
    /// The only variables a report reads: they name the desktop, never a person or a path.
    /// `SWAYSOCK` is a path, so only whether it is set is kept (``swaySocketSet``).
    public static let allowedVariables = ["XDG_CURRENT_DESKTOP", "XDG_SESSION_DESKTOP", "DESKTOP_SESSION", "XDG_SESSION_TYPE"]

    /// The allowed variables that are set, by name.
    public var environment: [String: String]
    /// Whether `SWAYSOCK` is set, which Sway sets and other wlroots compositors do not.
    public var swaySocketSet: Bool

    public init(environment: [String: String]) {
        // A value with a slash is a path (some display managers put the session file's path
        // in DESKTOP_SESSION): left out.
        self.environment = environment.filter {
            Self.allowedVariables.contains($0.key) && !$0.value.isEmpty && !$0.value.contains("/")
        }
        swaySocketSet = !(environment["SWAYSOCK"] ?? "").isEmpty
    }
}

/// One `wl_registry.global`.
public struct GlobalFact: Codable, Sendable, Equatable {
    public var interface: String
    public var version: UInt32
    public init(interface: String, version: UInt32) {
        self.interface = interface
        self.version = version
    }
}

/// The protocols touch testing depends on, and what the compositor said of them.
public struct FeatureFacts: Codable, Sendable, Equatable {
    /// `wp_presentation`'s version, nil when not offered: touch→glass needs it.
    public var presentation: UInt32?
    /// The clock `wp_presentation` stamps with, by name (`CLOCK_MONOTONIC`), where it said.
    public var presentationClock: String?
    /// `zwp_input_timestamps_manager_v1`: nanosecond input times instead of milliseconds.
    public var inputTimestamps: UInt32?
    /// `zwp_pointer_gestures_v1`: touchpad swipes, pinches (1) and holds (3).
    public var pointerGestures: UInt32?
    /// `zwp_tablet_manager_v2`: pens and pads.
    public var tablets: UInt32?
    /// `wp_fractional_scale_manager_v1`: scales between whole numbers.
    public var fractionalScale: UInt32?
    /// `wp_fifo_manager_v1`: the latency flash kept on the glass by the compositor itself.
    public var fifo: UInt32?
    /// `wp_commit_timing_manager_v1`: commits that carry the time they are meant for.
    public var commitTiming: UInt32?

    public init(presentation: UInt32? = nil, presentationClock: String? = nil, inputTimestamps: UInt32? = nil,
                pointerGestures: UInt32? = nil, tablets: UInt32? = nil, fractionalScale: UInt32? = nil,
                fifo: UInt32? = nil, commitTiming: UInt32? = nil) {
        self.presentation = presentation
        self.presentationClock = presentationClock
        self.inputTimestamps = inputTimestamps
        self.pointerGestures = pointerGestures
        self.tablets = tablets
        self.fractionalScale = fractionalScale
        self.fifo = fifo
        self.commitTiming = commitTiming
    }

    /// The features as the globals announce them (the presentation clock comes later, from
    /// the bound global).
    public init(globals: [GlobalFact]) {
        func version(_ interface: String) -> UInt32? { globals.first { $0.interface == interface }?.version }
        self.init(presentation: version("wp_presentation"), inputTimestamps: version("zwp_input_timestamps_manager_v1"),
                  pointerGestures: version("zwp_pointer_gestures_v1"), tablets: version("zwp_tablet_manager_v2"),
                  fractionalScale: version("wp_fractional_scale_manager_v1"), fifo: version("wp_fifo_manager_v1"),
                  commitTiming: version("wp_commit_timing_manager_v1"))
    }

    /// A clock id as `clock_gettime` numbers them, named.
    public static func clockName(_ id: UInt32) -> String {
        switch id {
        case 0: "CLOCK_REALTIME"
        case 1: "CLOCK_MONOTONIC"
        case 4: "CLOCK_MONOTONIC_RAW"
        case 7: "CLOCK_BOOTTIME"
        default: "clock \(id)"
        }
    }
}

/// A `wl_seat`: its name and what it offers.
public struct SeatFact: Codable, Sendable, Equatable {
    public var name: String
    /// `pointer`, `keyboard`, `touch`, in that order, those the seat has.
    public var capabilities: [String]
    public var version: UInt32
    public init(name: String, capabilities: [String], version: UInt32) {
        self.name = name
        self.capabilities = capabilities
        self.version = version
    }
}

/// A `wl_output`, as ``OutputDescription`` holds it, in JSON's terms.
public struct OutputFact: Codable, Sendable, Equatable {
    public var name: String?
    public var description: String?
    public var make: String
    public var model: String
    public var modeWidth: Int?
    public var modeHeight: Int?
    public var refreshMillihertz: Int
    public var scale: Int
    /// As sway's and weston.ini's `transform` name it: `normal`, `90`, `flipped-270`…
    public var transform: String
    public var physicalWidthMillimetres: Int
    public var physicalHeightMillimetres: Int
    /// Whether the physical size is believable (see ``OutputDescription/hasPhysicalSize``):
    /// when false, touchcanvas gives its figures in pixels on this output.
    public var physicalSizeKnown: Bool

    public init(_ output: OutputDescription) {
        name = output.name
        description = output.description
        make = output.make
        model = output.model
        modeWidth = output.mode?.width
        modeHeight = output.mode?.height
        refreshMillihertz = output.refreshMillihertz
        scale = output.scale
        transform = output.transform.name
        physicalWidthMillimetres = output.physicalSize.width
        physicalHeightMillimetres = output.physicalSize.height
        physicalSizeKnown = output.hasPhysicalSize
    }
}

/// A `zwp_tablet_v2`: the device a pen is used on.
public struct TabletFact: Codable, Sendable, Equatable {
    public var seat: String
    public var name: String
    /// USB vendor and product as `056a:0358`, nil when the compositor sent no id.
    public var usbID: String?
    /// Device paths (`/dev/input/event7`), which `libinput record` takes.
    public var paths: [String]
    public init(seat: String, name: String, usbID: String?, paths: [String]) {
        self.seat = seat
        self.name = name
        self.usbID = usbID
        self.paths = paths
    }

    public static func usbID(vendor: UInt32, product: UInt32) -> String {
        String(format: "%04x:%04x", vendor, product)
    }
}

/// A `zwp_tablet_tool_v2`: a pen, an eraser, an airbrush…
public struct ToolFact: Codable, Sendable, Equatable {
    public var seat: String
    /// `pen`, `eraser`, `brush`, `pencil`, `airbrush`, `finger`, `mouse`, `lens`; nil when unsent.
    public var type: String?
    /// Hexadecimal, as Wacom's tools print them; nil where the hardware has none.
    public var hardwareSerial: String?
    public var hardwareIDWacom: String?
    /// `tilt`, `pressure`, `distance`, `rotation`, `slider`, `wheel`, sorted.
    public var capabilities: [String]
    public init(seat: String, type: String?, hardwareSerial: UInt64?, hardwareIDWacom: UInt64?, capabilities: [String]) {
        self.seat = seat
        self.type = type
        self.hardwareSerial = hardwareSerial.map { String($0, radix: 16) }
        self.hardwareIDWacom = hardwareIDWacom.map { String($0, radix: 16) }
        self.capabilities = capabilities.sorted()
    }
}

/// A `zwp_tablet_pad_v2`: the buttons and rings beside a tablet.
public struct PadFact: Codable, Sendable, Equatable {
    public var seat: String
    public var paths: [String]
    public var buttons: UInt32
    public init(seat: String, paths: [String], buttons: UInt32) {
        self.seat = seat
        self.paths = paths
        self.buttons = buttons
    }
}

/// A chart written beside the report.
public struct ChartFact: Codable, Sendable, Equatable {
    /// The PNG's file name, in the report's folder.
    public var file: String
    /// What it shows, in a sentence (the Markdown's caption).
    public var caption: String
    public init(file: String, caption: String) {
        self.file = file
        self.caption = caption
    }
}
