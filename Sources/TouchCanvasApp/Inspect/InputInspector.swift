import TouchKit

/// What the inspector HUD shows: active touches, counters, rates, latency and anomalies, kept
/// from what the app feeds it. It knows nothing of Wayland: the app tells it about protocol
/// events (``noteInputEvent(isFrame:)``), deliveries, commits and anomalies, on one clock.
///
/// ```swift
/// let inspector = InputInspector(clock: MonotonicClock.now)
/// machine.onDeliver = { inspector.noteDelivery($0) }
/// machine.onAnomaly = { inspector.noteAnomaly($0) }
/// ```
@MainActor
public final class InputInspector {
    /// One active touch as last delivered: a finger, or a pen's tip while down (whose axes the
    /// tool rows give).
    public struct TouchRow: Equatable, Sendable {
        public var number: Int
        public var identifier: Int32
        public var type: TouchType = .direct
        public var seatName: String
        public var phase: TouchPhase
        public var location: Point
        /// Diameters, when the compositor sent `shape`.
        public var major: Double?
        public var minor: Double?
        public var orientation: Double?
        /// When the touch began, on the inspector's clock.
        public var began: Double
        /// When it last moved (or began), on the inspector's clock: a contact held still sends
        /// no samples, so its last velocity is stale once this is older than a moment.
        public var movedAt: Double = 0
    }

    /// Where a tool is, as far as the inspector can tell.
    public enum ToolState: String, Sendable {
        /// The tip is down: its pencil touch is active.
        case down
        /// In range over the window, tip up (told by ``notePencilHover(_:seat:location:distance:)``).
        case hover
        /// The tip lifted and no hover was reported since: in range or not, the inspector
        /// cannot tell without the hover hook.
        case up
        /// Out of range, or its touch was cancelled (the pen left while down, or was removed).
        case out
    }

    /// One tablet tool as last delivered (or hovered): what the HUD's tool rows show.
    public struct ToolRow: Equatable, Sendable {
        public var tool: TabletToolID
        public var seat: SeatID
        public var seatName: String
        /// From the tool's description; `nil` for a tool the compositor never described.
        public var type: TabletToolType?
        public var serial: UInt64?
        public var state: ToolState
        public var location: Point
        /// 0…1 as it arrived; `nil` for a tool without pressure.
        public var pressure: Double?
        /// Degrees towards +x and +y, as tablet-v2 sends them; `nil` for a tool without tilt.
        public var tiltX: Double?
        public var tiltY: Double?
        /// Radians, UIKit's ``Touch/altitudeAngle`` and ``Touch/azimuthAngle(in:)``.
        public var altitude: Double
        public var azimuth: Double
        /// 0 touching … 1 the edge of range; `nil` until known.
        public var distance: Double?
        /// Degrees; `nil` for a tool without rotation.
        public var rotation: Double?
        /// Linux input codes held (``TabletToolButton``).
        public var buttons: Set<UInt32>
        /// The number of the pencil touch it last drew (whose figures ``contacts`` holds while
        /// the tip is down).
        public var touchNumber: Int? = nil
    }

    /// One anomaly as it happened, on the inspector's clock.
    public struct AnomalyLine: Equatable, Sendable {
        public var time: Double
        public var anomaly: TouchAnomaly
    }

    /// How far back rates and latency figures look.
    nonisolated public static let window = 1.0
    /// Anomaly lines kept for display, newest last.
    public static let anomalyLimit = 6
    /// Tool rows kept: more tools than this have never been seen on one machine, and the
    /// HUD must stay on screen. The longest-idle tool out of range gives way.
    public static let toolLimit = 6

    /// How many touch lives of one kind began, ended and were cancelled.
    public struct PhaseCounts: Equatable, Sendable {
        public var began = 0
        public var ended = 0
        public var cancelled = 0
    }

    public let clock: () -> Double
    /// Fingers' lives; pens are counted apart in ``pens`` (and the mouse not at all), so a
    /// pen stroke never reads as a finger the compositor lost.
    public private(set) var fingers = PhaseCounts()
    /// Pen strokes (pencil touches): tip down, then up or cancelled.
    public private(set) var pens = PhaseCounts()
    /// Whether a pen ever touched: the HUD shows the pens' counts from then on.
    public var hasSeenPens: Bool { pens.began > 0 }
    public var began: Int { fingers.began }
    public var ended: Int { fingers.ended }
    public var cancelled: Int { fingers.cancelled }
    /// Each contact's figures (rate, intervals, velocity, distance) and how many are down, per
    /// kind: what the HUD's rows and counts show beside the positions.
    public let contacts = ContactTracker()
    /// The outputs the window is on, as the app last heard (the first is the one figures in
    /// millimetres use), and how many panel pixels one logical pixel covers there.
    public var outputs: [OutputDescription] = []
    /// The coverage grid's figures while it is on (``CoverageOverlayView/summary``).
    public var coverageLine: String?
    public var pixelsPerPoint = 1.0
    /// `wl_touch.frame` events received.
    public private(set) var frames = 0
    public private(set) var rows: [TouchRow] = []
    /// Every tablet tool seen in a delivery, in the order first seen.
    public private(set) var toolRows: [ToolRow] = []
    public private(set) var anomalies: [AnomalyLine] = []
    /// Every anomaly seen, by kind, for reports.
    public private(set) var anomalyCounts: [String: Int] = [:]
    /// Recognizers heard changing state, oldest first, held weakly: see
    /// ``noteGestureState(_:_:)`` and ``activeRecognizers``.
    var heardRecognizers: [HeardRecognizer] = []
    /// Protocol versions worth showing (`wl_seat`, `wl_touch`…), as the app bound them.
    public var versions: [(interface: String, version: UInt32)] = []
    /// Called after every change, so the HUD can ask for a redraw.
    public var onChange: (() -> Void)?

    // Fed on every event and commit, HUD shown or not: fixed rings, so the inspector adds no
    // allocation to the input path.
    private var eventTimes = RecentTimes()
    private var commitTimes = RecentTimes()
    private var latencies = RecentTimes()
    /// Input → presentation (wp_presentation), and the refresh periods each change waited.
    private var glassLatencies = RecentTimes()
    private var glassFrames = RecentTimes()
    /// Commits carrying input that the compositor never showed.
    public private(set) var discardedCommits = 0
    /// Whether presentation feedback ever came (the compositor offers `wp_presentation`).
    public private(set) var hasGlassFigures = false

    public init(clock: @escaping () -> Double = MonotonicClock.now) {
        self.clock = clock
    }

    // MARK: Feeding

    /// A `wl_touch` or `wl_pointer` event arrived (`isFrame` for `wl_touch.frame`).
    public func noteInputEvent(isFrame: Bool) {
        eventTimes.add(clock())
        if isFrame { frames += 1 }
        onChange?()
    }

    /// A delivery reached the views: phases are counted and the touch table updated.
    public func noteDelivery(_ event: TouchEvent) {
        let now = clock()
        contacts.deliver(event)
        for touch in event.allTouches where touch.type == .pencil { noteTool(touch) }
        // Fingers and pen tips each have a row and counts of their own kind; the mouse neither.
        for touch in event.allTouches where touch.type != .indirectPointer {
            let counts: ReferenceWritableKeyPath<InputInspector, PhaseCounts> = touch.type == .pencil ? \.pens : \.fingers
            switch touch.phase {
            case .began:
                self[keyPath: counts].began += 1
                upsert(touch, location: touch.preciseLocation(in: nil), began: now)
            case .moved, .stationary:
                upsert(touch, location: touch.preciseLocation(in: nil), began: now)
            case .ended:
                self[keyPath: counts].ended += 1
                rows.removeAll { $0.number == touch.number }
            case .cancelled:
                self[keyPath: counts].cancelled += 1
                rows.removeAll { $0.number == touch.number }
            }
        }
        onChange?()
    }

    /// The app committed a frame; `latency` is input arrival → commit for the input it showed.
    /// `notify: false` leaves ``onChange`` alone: a HUD that redrew for its own commits would
    /// never stop committing.
    public func noteCommit(latency: Double?, notify: Bool = true) {
        let now = clock()
        commitTimes.add(now)
        if let latency, latency.isFinite, latency >= 0 {
            latencies.add(now, value: latency)
        }
        if notify { onChange?() }
    }

    /// A commit that carried input reached the screen `inputToPresent` seconds after that input,
    /// having waited `frames` refresh periods. Like commits, it asks for no redraw itself.
    public func notePresented(inputToPresent: Double, frames: Int) {
        guard inputToPresent.isFinite, inputToPresent >= 0 else { return }
        let now = clock()
        hasGlassFigures = true
        glassLatencies.add(now, value: inputToPresent)
        glassFrames.add(now, value: Double(max(frames, 0)))
    }

    /// A commit that carried input was never shown (a later one replaced it).
    public func noteDiscarded() {
        hasGlassFigures = true
        discardedCommits += 1
    }

    /// Median and worst input → glass over the last second, in seconds, and the median number
    /// of refresh periods the changes waited.
    public var glassLatency: (median: Double, worst: Double, frames: Int)? {
        let since = clock() - Self.window
        let recent = glassLatencies.values(since: since).sorted(), frames = glassFrames.values(since: since).sorted()
        guard let worst = recent.last, !frames.isEmpty else { return nil }
        return (recent[recent.count / 2], worst, Int(frames[frames.count / 2]))
    }

    /// A pen's hover changed, as `TouchInputMachine.onPencilHover` tells it: `location` where
    /// it hovers, or `nil` when it stopped (out of range, or its tip went down). Only a tool
    /// already in a row is updated: a hover says nothing of what the tool is.
    public func notePencilHover(_ tool: TabletToolID, seat: SeatID, location: Point?, distance: Double?) {
        guard let index = toolRows.firstIndex(where: { $0.tool == tool && $0.seat == seat }) else { return }
        if let location {
            toolRows[index].state = .hover
            toolRows[index].location = location
            if let distance { toolRows[index].distance = distance }
        } else if toolRows[index].state != .down {
            // The tip going down also ends the hover; its delivery says `down` either side of this.
            toolRows[index].state = .out
        }
        onChange?()
    }

    public func noteAnomaly(_ anomaly: TouchAnomaly) {
        anomalies.append(AnomalyLine(time: clock(), anomaly: anomaly))
        if anomalies.count > Self.anomalyLimit { anomalies.removeFirst(anomalies.count - Self.anomalyLimit) }
        anomalyCounts[anomaly.kind, default: 0] += 1
        onChange?()
    }

    /// Forgets active touches (the scene changed and they were cancelled without delivery to us).
    public func resetTouches() {
        rows.removeAll()
        contacts.forgetContactsDown()
        for index in toolRows.indices where toolRows[index].state == .down { toolRows[index].state = .out }
        onChange?()
    }

    // MARK: Reading

    /// Millimetres per logical pixel (x, y) on the window's first output; nil where it gives no
    /// physical size, or the window is on none yet.
    public var millimetresPerPoint: (x: Double, y: Double)? {
        outputs.first?.millimetresPerPoint(pixelsPerPoint: pixelsPerPoint)
    }

    /// Events per second over the last second.
    public var eventsPerSecond: Int { eventTimes.count(since: clock() - Self.window) }
    /// Commits per second over the last second.
    public var commitsPerSecond: Int { commitTimes.count(since: clock() - Self.window) }

    /// Median and worst input → commit latency of the frames of the last second, in seconds.
    public var latency: (median: Double, worst: Double)? {
        let now = clock()
        let recent = latencies.values(since: now - Self.window).sorted()
        guard let worst = recent.last else { return nil }
        return (recent[recent.count / 2], worst)
    }

    /// Whether an input event arrived within the last second, so the rates will still change
    /// with time alone: the HUD needs one more redraw a second later. Commits do not count —
    /// the HUD's own redraw is a commit, and counting it would keep it redrawing forever.
    public var hasRecentActivity: Bool {
        eventTimes.count(since: clock() - Self.window) > 0
    }

    /// When the last input event arrived, on the inspector's clock.
    public var lastEventTime: Double? { eventTimes.last }

    /// Updates (or adds) the row of a pencil touch's tool. Rows are replaced in place, so a pen
    /// moving adds no allocation; only a tool not seen before appends one.
    private func noteTool(_ touch: Touch) {
        guard let tool = touch.tabletTool else { return }
        let description = touch.toolDescription
        // No description: the machine takes the tool to have every axis; so does the row.
        func has(_ axis: TabletToolCapability, _ value: Double) -> Bool {
            description?.capabilities.contains(axis) ?? true || (value != 0 && !value.isNaN)
        }
        let state: ToolState
        switch touch.phase {
        case .began, .moved, .stationary: state = .down
        case .ended: state = .up
        case .cancelled: state = .out
        }
        let tilt = touch.tilt, rotation = touch.rollAngle * 180 / .pi
        let hasTilt = has(.tilt, tilt.x) || has(.tilt, tilt.y)
        var row = ToolRow(tool: tool, seat: touch.seat, seatName: touch.seatName, type: description?.type,
                          serial: description?.hardwareSerial, state: state, location: touch.preciseLocation(in: nil),
                          pressure: touch.maximumPossibleForce > 0 || has(.pressure, touch.normalisedPressure)
                              ? touch.normalisedPressure : nil,
                          tiltX: hasTilt ? tilt.x : nil, tiltY: hasTilt ? tilt.y : nil,
                          altitude: touch.altitudeAngle, azimuth: touch.azimuthAngle(in: nil),
                          distance: has(.distance, touch.distance) ? touch.distance : nil,
                          rotation: has(.rotation, rotation) ? rotation : nil, buttons: touch.pressedButtons,
                          touchNumber: touch.number)
        if let index = toolRows.firstIndex(where: { $0.tool == tool && $0.seat == touch.seat }) {
            if row.distance == nil { row.distance = toolRows[index].distance }
            toolRows[index] = row
            return
        }
        if toolRows.count >= Self.toolLimit {
            let gone = toolRows.firstIndex { $0.state != .down } ?? 0
            toolRows.remove(at: gone)
        }
        toolRows.append(row)
    }

    private func upsert(_ touch: Touch, location: Point, began now: Double) {
        var row = TouchRow(number: touch.number, identifier: touch.identifier, type: touch.type, seatName: touch.seatName,
                           phase: touch.phase, location: location,
                           major: touch.hasShape ? touch.majorRadius * 2 : nil,
                           minor: touch.hasShape ? touch.minorRadius * 2 : nil,
                           orientation: touch.orientation, began: now, movedAt: now)
        if let index = rows.firstIndex(where: { $0.number == touch.number }) {
            row.began = rows[index].began
            if touch.phase == .stationary { row.movedAt = rows[index].movedAt }
            rows[index] = row
        } else {
            rows.append(row)
            rows.sort { $0.number < $1.number }
        }
    }
}

/// The most recent timestamps (and a value with each), oldest overwritten first: a fixed ring
/// holding more than a second of events at any real input rate (4 096 entries), so counting
/// "the last second" never allocates.
struct RecentTimes {
    static let capacity = 4096
    private var times = [Double](repeating: 0, count: RecentTimes.capacity)
    private var values = [Double](repeating: 0, count: RecentTimes.capacity)
    /// Entries written so far; the newest is at `(written - 1) % capacity`.
    private var written = 0

    mutating func add(_ time: Double, value: Double = 0) {
        let slot = written % Self.capacity
        times[slot] = time
        values[slot] = value
        written += 1
    }

    var last: Double? { written > 0 ? times[(written - 1) % Self.capacity] : nil }

    /// How many entries are at or after `since` (entries arrive in time order).
    func count(since: Double) -> Int {
        var n = 0
        while n < min(written, Self.capacity), times[(written - 1 - n) % Self.capacity] >= since { n += 1 }
        return n
    }

    /// The values of the entries at or after `since`, newest first.
    func values(since: Double) -> [Double] {
        (0..<count(since: since)).map { values[(written - 1 - $0) % Self.capacity] }
    }
}
