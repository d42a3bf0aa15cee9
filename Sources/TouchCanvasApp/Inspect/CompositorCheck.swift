import Foundation
import TouchCanvasConstants
import TouchKit

/// `touchcanvas check`: a guided test of how the compositor treats a touch sequence that a
/// system gesture takes over. The person puts three fingers down, triggers a system gesture,
/// and lifts; a compositor that behaves sends `wl_touch.cancel` when the gesture takes the
/// fingers, so the app never mistakes the gesture for drawing.
///
/// When the compositor announced a tablet tool, a pen part follows (``PenCheck``): a stroke
/// to see pressure, tilt and the frame rate arrive, then the pen taken away with its tip down
/// to see that its touch is cancelled or ended rather than left stuck.
///
/// It watches the raw events (``received(_:seat:)``, before TouchKit), the deliveries and the
/// anomalies, and knows nothing of Wayland or the screen: the app shows ``prompt`` and prints
/// ``report(seats:)`` when ``isFinished``.
@MainActor
public final class CompositorCheck {
    public enum Stage: Equatable, Sendable {
        case placeFingers, triggerGesture
        /// A pen stroke, measured; only when a tablet tool was announced.
        case penStroke
        /// The pen put down and taken out of range, or off the window, with its tip down.
        case penLeave
        case finished
    }

    /// Which parts a check runs: `check` (and `check cancel`) runs both, as it always has;
    /// `check --all` runs each as a step of its own.
    public enum Parts: Sendable {
        case touchAndPen, touchOnly, penOnly
    }

    /// How many fingers the check asks for.
    public static let fingerCount = 3

    public let parts: Parts

    public private(set) var stage: Stage
    public private(set) var timedOut = false
    /// The stage the timeout cut short, so the verdict names what was still missing.
    public private(set) var timedOutIn: Stage?
    /// The pen part's findings; with no tool announced it stays empty and is skipped.
    public private(set) var pen = PenCheck()
    /// The touches that were down when the gesture stage began (touch number, wl id).
    public private(set) var heldTouches: [(number: Int, id: Int32)] = []
    /// The touches `wl_touch.cancel` ended, and when (seconds after the fingers were in place).
    public private(set) var cancelledTouches: [(number: Int, id: Int32)] = []
    public private(set) var cancelDelay: Double?
    /// Touches that ended with `up` during the gesture stage.
    public private(set) var liftedTouches: [(number: Int, id: Int32)] = []
    public private(set) var ups = 0
    public private(set) var upsFollowedByFrame = 0
    public private(set) var cancels = 0
    public private(set) var anomalies: [TouchAnomaly] = []
    /// Touch→glass over the check's strokes (see CompositorCheck+Latency.swift).
    public internal(set) var glass = GlassFigures()
    /// Called when the stage changes (a new prompt) or the check ends.
    public var onChange: (() -> Void)?

    private let clock: () -> Double
    private var fingersPlacedAt: Double?
    private var upsAwaitingFrame = 0
    private var active: Set<Int> = []

    public init(parts: Parts = .touchAndPen, clock: @escaping () -> Double = MonotonicClock.now) {
        self.parts = parts
        self.clock = clock
        stage = parts == .penOnly ? .penStroke : .placeFingers
    }

    /// What the person should do now.
    public var prompt: String {
        switch stage {
        case .placeFingers:
            "Put \(Self.fingerCount) fingers on this window and keep them there."
        case .triggerGesture:
            "Now do a system gesture (GNOME: swipe with 3 or 4 fingers; Sway: your bindgesture), then lift your fingers."
        case .penStroke:
            "Now the pen: draw a stroke on this window, pressing lightly then harder and tilting the pen, then lift it."
        case .penLeave:
            "Put the pen down on this window again and, with its tip still down, slide it off the window or pull it away out of range."
        case .finished:
            "Done: the report is on the terminal."
        }
    }

    public var isFinished: Bool { stage == .finished }

    /// Fingers are watched only in their own stages, so a hand resting on the screen while the
    /// pen is tried changes nothing in the touch part's report.
    private var inTouchPart: Bool { stage == .placeFingers || stage == .triggerGesture }

    // MARK: Watching

    /// A `wl_touch` event as it arrived, before the touch model grouped it.
    public func received(_ touch: RawTouchInput, seat: SeatID) {
        guard inTouchPart else { return }
        switch touch {
        case .up:
            ups += 1
            upsAwaitingFrame += 1
        case .frame:
            upsFollowedByFrame += upsAwaitingFrame
            upsAwaitingFrame = 0
        case .cancel:
            cancels += 1
            // The ups before it will get no frame now; they count as unframed.
            upsAwaitingFrame = 0
        default:
            break
        }
    }

    public func delivered(_ event: TouchEvent) {
        guard stage != .finished else { return }
        if !inTouchPart { return deliveredToPen(event) }
        for touch in event.allTouches.sorted(by: { $0.number < $1.number }) where touch.type == .direct {
            switch touch.phase {
            case .began, .moved, .stationary:
                active.insert(touch.number)
            case .ended:
                active.remove(touch.number)
                if stage == .triggerGesture { liftedTouches.append((touch.number, touch.identifier)) }
            case .cancelled:
                active.remove(touch.number)
                if stage == .triggerGesture {
                    cancelledTouches.append((touch.number, touch.identifier))
                    if cancelDelay == nil, let placed = fingersPlacedAt { cancelDelay = clock() - placed }
                }
            }
        }
        switch stage {
        case .placeFingers where active.count >= Self.fingerCount:
            heldTouches = event.allTouches.filter { $0.type == .direct && !$0.phase.isTerminal }
                .sorted { $0.number < $1.number }.map { ($0.number, $0.identifier) }
            fingersPlacedAt = clock()
            stage = .triggerGesture
            onChange?()
        case .triggerGesture where active.isEmpty:
            stage = parts == .touchAndPen && pen.isWanted ? .penStroke : .finished
            onChange?()
        default:
            break
        }
    }

    public func anomaly(_ anomaly: TouchAnomaly) {
        guard stage != .finished else { return }
        anomalies.append(anomaly)
    }

    /// `--timeout` ran out: the check ends with what it has seen.
    public func timeOut() {
        guard stage != .finished else { return }
        timedOut = true
        timedOutIn = stage
        stage = .finished
        onChange?()
    }

    // MARK: Verdict

    /// Anomalies a compositor is forgiven: the input still arrives whole, only late (GNOME sends
    /// no frame after the last up; the app delivers when the socket runs dry).
    public static let toleratedKinds: Set<String> = [
        TouchAnomaly.Category.noFrameAfterUp.rawValue, TouchAnomaly.Category.eventsWithoutFrame.rawValue,
    ]

    /// What the verdict forgives: the tolerated kinds and what the pen part asks for.
    private static let forgivenKinds = toleratedKinds.union(PenCheck.expectedKinds)

    /// Why the compositor did not behave; empty when it did.
    public var failures: [String] {
        var reasons: [String] = []
        let penTimedOut = timedOutIn == .penStroke || timedOutIn == .penLeave
        if parts != .penOnly {
            if timedOut && !penTimedOut {
                reasons.append(stageReachedAtTimeout)
            } else if cancelledTouches.isEmpty {
                reasons.append("no wl_touch.cancel arrived: the fingers ended with up, so an app would have taken the system gesture for ordinary touches")
            }
        }
        if parts != .touchOnly { reasons += pen.failures(timedOutIn: penTimedOut ? timedOutIn : nil) }
        return reasons + ToleratedAnomalies.failures(anomalies, forgiving: Self.forgivenKinds)
    }

    public var passed: Bool { failures.isEmpty }

    private var stageReachedAtTimeout: String {
        heldTouches.isEmpty
            ? "timed out waiting for \(Self.fingerCount) fingers to be down at once"
            : "timed out before the fingers were lifted or cancelled"
    }

    /// The report printed at the end, one fact per line. It names the touchcanvas version, since
    /// a report pasted into a bug may outlive the build that judged the compositor.
    /// - Parameter seats: each seat's name and its bound protocol versions.
    public func report(seats: [(name: String, versions: [(interface: String, version: UInt32)])]) -> [String] {
        var lines = ["touchcanvas check: how this compositor hands a touch sequence to a system gesture",
                     "touchcanvas version: \(TouchCanvasVersion.current)"]
        for seat in seats {
            let versions = seat.versions.map { "\($0.interface) v\($0.version)" }.joined(separator: ", ")
            lines.append("seat \(seat.name.isEmpty ? "(unnamed)" : "\"\(seat.name)\""): \(versions)")
        }
        lines += findings
        if passed {
            lines.append("result: the compositor behaved")
        } else {
            for reason in failures { lines.append("result: the compositor did not behave: \(reason)") }
        }
        return lines
    }

    /// What the check saw, one fact per line, for the parts it ran: the report's middle, and
    /// a step's findings in `check --all` (where touch→glass is a step of its own).
    public var findings: [String] {
        var lines: [String] = []
        if parts != .penOnly { lines += touchFindings }
        if parts != .touchOnly { lines += pen.report() }
        if parts == .touchAndPen { lines += glass.report() }
        return lines + ToleratedAnomalies.lines(anomalies)
    }

    private var touchFindings: [String] {
        func list(_ touches: [(number: Int, id: Int32)]) -> String {
            touches.isEmpty ? "none" : touches.map { "touch \($0.number) (id \($0.id))" }.joined(separator: ", ")
        }
        var lines = ["fingers held: \(list(heldTouches))"]
        if cancelledTouches.isEmpty {
            lines.append("cancel: none arrived (\(cancels) wl_touch.cancel events in all)")
        } else {
            let delay = cancelDelay.map { String(format: " %.2f s after the fingers were down,", $0) } ?? ""
            lines.append("cancel: arrived\(delay) covering \(list(cancelledTouches))")
        }
        lines.append("lifted with up: \(list(liftedTouches))")
        lines.append("ups: \(ups), followed by a frame: \(upsFollowedByFrame)"
                     + (ups > upsFollowedByFrame ? " (\(ups - upsFollowedByFrame) without: tolerated, the app delivers them when input runs dry)" : ""))
        let stuck = anomalies.filter { $0.category == .possiblyStuck }
        lines.append("stuck touches: " + (stuck.isEmpty ? "none" : stuck.map { "id \($0.details["id"] ?? "?") idle \($0.details["idle"] ?? "?") s" }.joined(separator: ", ")))
        return lines
    }
}


// MARK: The pen part

extension CompositorCheck {
    /// A tool announced before the check began (the compositor re-announces the tools it knows
    /// when the app binds the tablet seat, before `beginCheck`): the shell hands them over here.
    public func tabletToolsKnown(_ tools: [TabletToolID: TabletToolDescription], seat: SeatID) {
        for (id, description) in tools.sorted(by: { $0.key.raw < $1.key.raw }) {
            tabletToolAdded(id, description: description, seat: seat)
        }
    }

    /// A tablet is present: the check gets its pen part even before a pen has come near it.
    public func tabletPresent() {
        guard stage != .finished else { return }
        pen.tabletPresent = true
    }

    public func tabletToolAdded(_ tool: TabletToolID, description: TabletToolDescription, seat: SeatID) {
        guard stage != .finished else { return }
        pen.toolAdded(tool, description: description, seat: seat)
    }

    public func received(_ tablet: RawTabletToolInput, tool: TabletToolID, seat: SeatID) {
        guard stage != .finished else { return }
        pen.received(tablet, tool: tool, measuring: stage == .penStroke, watchingLeave: stage == .penLeave)
    }

    fileprivate func deliveredToPen(_ event: TouchEvent) {
        var done = false
        for touch in event.allTouches.sorted(by: { $0.number < $1.number }) where touch.type == .pencil {
            done = pen.delivered(number: touch.number, phase: touch.phase,
                                 inStroke: stage == .penStroke, inLeave: stage == .penLeave) || done
        }
        guard done else { return }
        stage = stage == .penStroke ? .penLeave : .finished
        onChange?()
    }
}
