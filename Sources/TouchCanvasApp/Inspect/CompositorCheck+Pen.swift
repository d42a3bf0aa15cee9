import Foundation
import TouchKit

/// The pen part of `touchcanvas check`, run after the fingers when the compositor announced a
/// tablet tool. Kept as a value of its own so the touch part's verdict reads as it did before
/// pens existed, and so a compositor without tablet-v2 gets exactly the old check.
///
/// It answers what a person with a pen cannot see from the ink alone: whether the compositor
/// passes pressure and tilt through (Mutter and wlroots both had releases that dropped an axis),
/// how often the pen reports, and whether a pen that leaves while its tip is down ends its touch
/// rather than leaving the app with a stroke that never finishes.
public struct PenCheck: Sendable {
    /// A tool the compositor announced, as `tool_added` … `done` described it.
    public struct Tool: Sendable, Equatable {
        public let id: TabletToolID
        public let description: TabletToolDescription
        public let seat: SeatID
    }

    /// How the measured pen stroke finished.
    public enum StrokeEnd: String, Sendable {
        case ended, cancelled
    }

    /// How the pen's touch finished when the person took the pen away with its tip down.
    public enum LeaveOutcome: String, Sendable {
        /// The app cancelled it: `proximity_out` (or the tool's removal) came with the tip down.
        case cancelled
        /// The compositor sent `up` first; as good as a cancel, since nothing is left down.
        case ended
    }

    /// Anomalies the pen part asks the person to cause: the app turns them into cancels, which
    /// is what the check wants to see, so they do not count against the compositor.
    public static let expectedKinds: Set<String> = [
        TouchAnomaly.Category.proximityOutWhileDown.rawValue, TouchAnomaly.Category.removedWhileDown.rawValue,
    ]

    public private(set) var tools: [Tool] = []

    /// The tool whose first stroke is measured, once its tip went down in the stroke stage.
    public private(set) var strokeTool: TabletToolID?
    public private(set) var strokeEnd: StrokeEnd?
    /// Raw pressure (0…65535) seen in the stroke's frames: lowest, highest, how many samples.
    public private(set) var pressure: (min: UInt32, max: UInt32, count: Int)?
    /// Tilt in degrees seen in the stroke's frames; non-finite values are left out.
    public private(set) var tilt: (minX: Double, maxX: Double, minY: Double, maxY: Double, count: Int)?
    /// Frames of the stroke's tool from its down to its up, and the compositor time they span.
    public private(set) var strokeFrames = 0
    public private(set) var strokeMilliseconds: Double = 0

    /// The pencil touch the person put down in the leave stage, and how it finished.
    public private(set) var leaveTouch: Int?
    public private(set) var leaveOutcome: LeaveOutcome?
    /// `proximity_out` arrived for a tool whose tip was down, during the leave stage.
    public private(set) var proximityOutWhileDown = false

    /// Pencil touches begun and not yet ended or cancelled: at the end of the check, stuck ones.
    public private(set) var activeTouches: Set<Int> = []

    private var toolsDown: Set<TabletToolID> = []
    private var pending: [TabletToolID: Pending] = [:]
    private var lastFrameTime: UInt32?

    /// One tool's events until its frame: tablet-v2 orders them freely within a frame, so the
    /// pressure of the down frame may come before or after `down`.
    private struct Pending {
        var down = false
        var up = false
        var pressure: UInt32?
        var tilt: (x: Double, y: Double)?
    }

    public init() {}

    var hasTool: Bool { !tools.isEmpty }
    /// A tablet is there (libinput-based compositors announce a tool only once the pen has been
    /// near it): the pen part runs and asks for the pen.
    var tabletPresent = false
    /// Whether the check has a pen part.
    var isWanted: Bool { hasTool || tabletPresent }

    func tool(_ id: TabletToolID) -> Tool? { tools.first { $0.id == id } }

    // MARK: Watching

    mutating func toolAdded(_ id: TabletToolID, description: TabletToolDescription, seat: SeatID) {
        if let index = tools.firstIndex(where: { $0.id == id }) {
            tools[index] = Tool(id: id, description: description, seat: seat)
        } else {
            tools.append(Tool(id: id, description: description, seat: seat))
        }
    }

    /// A raw tool event; `measuring` while the stroke stage is on and `watchingLeave` in the
    /// leave stage.
    mutating func received(_ input: RawTabletToolInput, tool: TabletToolID, measuring: Bool, watchingLeave: Bool) {
        switch input {
        case .down: pending[tool, default: Pending()].down = true
        case .up: pending[tool, default: Pending()].up = true
        case .pressure(let value): pending[tool, default: Pending()].pressure = value
        case .tilt(let x, let y): pending[tool, default: Pending()].tilt = (x, y)
        case .proximityOut:
            if watchingLeave && toolsDown.contains(tool) && pending[tool]?.up != true { proximityOutWhileDown = true }
            toolsDown.remove(tool)
            pending[tool] = nil
        case .frame(let time):
            frame(of: tool, time: time, measuring: measuring)
        default:
            break
        }
    }

    private mutating func frame(of tool: TabletToolID, time: UInt32, measuring: Bool) {
        let events = pending.removeValue(forKey: tool) ?? Pending()
        let wasDown = toolsDown.contains(tool)
        if events.down { toolsDown.insert(tool) }
        if events.up { toolsDown.remove(tool) }
        guard measuring, wasDown || events.down else { return }
        // Only a fresh down starts the measured stroke: a pen already down when the stage
        // began would be measured from its middle.
        if strokeTool == nil {
            guard events.down else { return }
            strokeTool = tool
        }
        guard strokeTool == tool else { return }
        if let value = events.pressure {
            pressure = pressure.map { (min: Swift.min($0.min, value), max: Swift.max($0.max, value), count: $0.count + 1) }
                ?? (min: value, max: value, count: 1)
        }
        if let t = events.tilt, t.x.isFinite, t.y.isFinite {
            tilt = tilt.map { (minX: Swift.min($0.minX, t.x), maxX: Swift.max($0.maxX, t.x),
                               minY: Swift.min($0.minY, t.y), maxY: Swift.max($0.maxY, t.y), count: $0.count + 1) }
                ?? (minX: t.x, maxX: t.x, minY: t.y, maxY: t.y, count: 1)
        }
        // The compositor's clock is 32-bit milliseconds and wraps every 49 days: a wrapping
        // difference keeps a stroke across the wrap short, as it was.
        if let last = lastFrameTime, strokeFrames > 0 { strokeMilliseconds += Double(time &- last) }
        lastFrameTime = time
        strokeFrames += 1
    }

    /// A delivered pencil touch. Returns true when it completes the stage it was delivered in.
    mutating func delivered(number: Int, phase: TouchPhase, inStroke: Bool, inLeave: Bool) -> Bool {
        switch phase {
        case .began:
            activeTouches.insert(number)
            if inLeave && leaveTouch == nil { leaveTouch = number }
            return false
        case .moved, .stationary:
            activeTouches.insert(number)
            return false
        case .ended, .cancelled:
            let wasActive = activeTouches.remove(number) != nil
            if inStroke && wasActive && strokeTool != nil {
                strokeEnd = phase == .ended ? .ended : .cancelled
                return true
            }
            if inLeave && number == leaveTouch {
                leaveOutcome = phase == .ended ? .ended : .cancelled
                return true
            }
            return false
        }
    }

    // MARK: Verdict

    /// Frames per second of the stroke by the compositor's clock; nil under two frames or when
    /// the times did not advance (a frozen clock says nothing about the rate).
    public var framesPerSecond: Double? {
        guard strokeFrames >= 2, strokeMilliseconds > 0 else { return nil }
        return Double(strokeFrames - 1) / (strokeMilliseconds / 1000)
    }

    private var strokeCapabilities: Set<TabletToolCapability> {
        strokeTool.flatMap { tool($0)?.description.capabilities } ?? []
    }

    /// Why the pen part failed; `timedOutIn` is the stage the timeout found, if it did.
    func failures(timedOutIn stage: CompositorCheck.Stage?) -> [String] {
        guard isWanted else { return [] }
        var reasons: [String] = []
        switch stage {
        case .penStroke?:
            reasons.append(strokeTool == nil ? "timed out waiting for a pen stroke"
                                             : "timed out before the pen stroke ended")
        case .penLeave?:
            if let touch = leaveTouch, activeTouches.contains(touch) {
                reasons.append(proximityOutWhileDown
                    ? "pen: proximity_out arrived with the tip down, yet touch \(touch) was neither cancelled nor ended (stuck)"
                    : "pen: touch \(touch) stayed down: the pen left but no up, proximity_out or removal arrived, so it was neither cancelled nor ended (stuck)")
            } else {
                reasons.append("timed out waiting for the pen to be put down and taken away with its tip down")
            }
        default:
            break
        }
        if let tool = strokeTool {
            if strokeCapabilities.contains(.pressure) && pressure == nil {
                reasons.append("pen: \(tool) announced pressure but none arrived during the stroke")
            }
            if strokeCapabilities.contains(.tilt) && tilt == nil {
                reasons.append("pen: \(tool) announced tilt but none arrived during the stroke")
            }
        }
        return reasons
    }

    /// The pen part's lines of the report.
    func report() -> [String] {
        guard isWanted else { return ["pen: no tablet tool announced; skipped"] }
        var lines = tools.map { tool in
            let serial = tool.description.hardwareSerial.map { " serial \($0)" } ?? ""
            let caps = TabletToolCapability.allCases.filter { tool.description.capabilities.contains($0) }.map(\.rawValue)
            return "pen tool: \(tool.id) \(tool.description.type.rawValue)\(serial), announces \(caps.isEmpty ? "no axes" : caps.joined(separator: ", "))"
        }
        if tools.isEmpty { lines.append("pen tool: a tablet is present, no tool was announced (no pen came near it)") }
        guard let tool = strokeTool else {
            lines.append("pen stroke: none drawn")
            return lines + leaveLines()
        }
        let rate = framesPerSecond.map { String(format: " (%.0f Hz)", $0) } ?? ""
        let end = strokeEnd.map { $0 == .ended ? "ended with up" : "cancelled" } ?? "still down"
        lines.append("pen stroke: \(tool), \(end); \(strokeFrames) frames over "
                     + String(format: "%.2f s", strokeMilliseconds / 1000) + rate)
        let caps = strokeCapabilities
        if let p = pressure {
            let range = String(format: "raw %u–%u (%.2f–%.2f)", p.min, p.max, Double(p.min) / 65535, Double(p.max) / 65535)
            lines.append("pen pressure: arrived, \(range), "
                         + (p.min == p.max ? "did not vary (press harder partway through to see the range)" : "varied"))
        } else {
            lines.append("pen pressure: none arrived" + (caps.contains(.pressure) ? " though announced: fails" : " (not announced)"))
        }
        if let t = tilt {
            lines.append(String(format: "pen tilt: arrived, x %.1f…%.1f°, y %.1f…%.1f°", t.minX, t.maxX, t.minY, t.maxY))
        } else {
            lines.append("pen tilt: none arrived" + (caps.contains(.tilt) ? " though announced: fails" : " (not announced)"))
        }
        return lines + leaveLines()
    }

    private func leaveLines() -> [String] {
        var lines: [String] = []
        switch leaveOutcome {
        case .cancelled?:
            lines.append("pen taken away while down: cancelled"
                         + (proximityOutWhileDown ? " (proximity_out with the tip down; the app cancelled the touch)" : ""))
        case .ended?:
            lines.append("pen taken away while down: ended with up before the pen left (nothing left down)")
        case nil:
            if let touch = leaveTouch, activeTouches.contains(touch) {
                lines.append("pen taken away while down: touch \(touch) neither cancelled nor ended (stuck)")
            } else {
                lines.append("pen taken away while down: not tried")
            }
        }
        if !activeTouches.isEmpty {
            lines.append("pen touches still down: " + activeTouches.sorted().map { "touch \($0)" }.joined(separator: ", "))
        }
        return lines
    }
}
