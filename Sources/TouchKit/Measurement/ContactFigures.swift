/// How well one contact is reported: a finger from down to up, or a pen stroke from tip down
/// to lift, measured from its samples as the compositor stamped them.
///
/// Every figure comes from the samples' event times (``Touch/timestamp`` of each sample: the
/// compositor's, in milliseconds from `wl_touch`, finer where `zwp_input_timestamps_v1` is
/// offered), never from when the app read them, so a busy app does not make a touchscreen look
/// slow. Coalesced samples count: a frame that brought five motions is five samples, which is
/// what a rate per finger is for (a compositor that sends one event per display frame shows up
/// here at the display's rate).
///
/// ```swift
/// // In touchesBegan: the down is the first of the began touch's samples.
/// let samples = event.coalescedTouches(for: touch)
/// var figures = ContactFigures(at: samples[0].location(in: view), time: samples[0].timestamp)
/// for sample in samples.dropFirst() { figures.add(sample.location(in: view), time: sample.timestamp) }
/// // In touchesMoved, every sample; in touchesEnded, the end's time:
/// figures.finish(at: touch.timestamp)
/// figures.medianRate        // 120.0 (Hz)
/// figures.lowestRate        // 99.6: a 40 ms gap somewhere in the stroke
/// ```
///
/// A compositor sends a touch's motion only when it moves, so a finger held still sends
/// nothing: rates and gaps describe a moving contact (the targets scene's hold measures
/// stillness instead).
///
/// Memory is fixed when the contact begins (about 16 KB): adding a sample allocates nothing, so
/// a display frame with ten fingers stays free of allocation. Intervals are kept to the nearest
/// 0.1 ms up to 100 ms (whole-millisecond `wl_touch` stamps fall exactly on a step), which is
/// the median's and p95's precision; the largest gap is exact. The lowest 250 ms rate needs the
/// window's samples, 512 at most: above about 2 kHz it is the whole contact's rate instead.
public struct ContactFigures: Sendable {
    /// How far back ``lowestRate`` and ``velocity`` look: 250 ms, the window the rate is held
    /// to over the whole stroke.
    public static let window = 0.25
    /// The span ``velocity`` is measured over: long enough to smooth one sample's noise,
    /// short enough to be "now".
    public static let velocitySpan = 0.05

    /// Where the contact began, in the coordinates it was measured in.
    public let startLocation: Point
    /// Its first event time, in seconds.
    public let startTime: Double
    /// Its latest location.
    public private(set) var location: Point
    /// Its latest event time, in seconds.
    public private(set) var time: Double
    /// How many samples it had, the first included (the end is not one: see ``finish(at:)``).
    public private(set) var sampleCount = 1
    /// The length of the path through every sample, in the coordinates' units.
    public private(set) var pathLength = 0.0
    /// The longest time between two samples, in seconds; 0 before the second sample.
    public private(set) var largestGap = 0.0
    /// The lowest rate seen over any ``window`` of the contact, in samples per second: the
    /// figure a hardware test holds a touchscreen to, since a stroke that averages 120 Hz can
    /// still stall. Over the whole contact while it is shorter than the window; nil before the
    /// second sample or while all its samples share one time.
    public var lowestRate: Double? {
        if let lowestWindowRate { return lowestWindowRate }
        guard sampleCount >= 2, duration > 0 else { return nil }
        return Double(sampleCount - 1) / duration
    }
    private var lowestWindowRate: Double?

    private var intervals = IntervalHistogram()
    private var recent: SampleRing

    /// Starts the figures of a contact at its first sample.
    public init(at location: Point, time: Double) {
        startLocation = location
        startTime = time
        self.location = location
        self.time = time
        recent = SampleRing()
        recent.append(location, time: time)
    }

    /// Adds a sample. A time before the latest is taken as the latest (event times do not go
    /// back; a misbehaving compositor's must not make a negative interval), and a sample with
    /// a coordinate or time that is not a finite number is left out.
    public mutating func add(_ location: Point, time: Double) {
        guard location.x.isFinite, location.y.isFinite, time.isFinite else { return }
        let time = Swift.max(time, self.time)
        let interval = time - self.time
        intervals.add(interval)
        largestGap = Swift.max(largestGap, interval)
        pathLength += location.distance(to: self.location)
        sampleCount += 1
        self.location = location
        self.time = time
        recent.append(location, time: time)
        recent.dropOlder(than: time - Self.window)
        if let rate = recent.rate(to: time, spanning: Self.window) {
            lowestWindowRate = lowestWindowRate.map { Swift.min($0, rate) } ?? rate
        }
    }

    /// The contact ended (lifted or cancelled) at `time`: its duration runs to then. The end
    /// repeats the last position, so it is not a sample and adds no interval.
    public mutating func finish(at time: Double) {
        guard time.isFinite, time > self.time else { return }
        self.time = time
    }

    /// Samples per second from the median interval: the rate a steady stream keeps, unmoved by
    /// a few stalls (see ``lowestRate`` for those). Nil before the second sample, or when every
    /// interval was 0 (samples stamped alike).
    public var medianRate: Double? {
        guard let median = medianInterval, median > 0 else { return nil }
        return 1 / median
    }

    /// The median time between samples, in seconds (to 0.1 ms; see the type's notes).
    public var medianInterval: Double? { intervals.quantile(0.5) }
    /// The 95th percentile of the time between samples, in seconds.
    public var p95Interval: Double? { intervals.quantile(0.95) }

    /// How far the contact has moved since it began: dX and dY.
    public var translation: Point { Point(x: location.x - startLocation.x, y: location.y - startLocation.y) }

    /// Its velocity now, in units per second, over the last ``velocitySpan`` (or since the
    /// sample before the latest, when that is older): zero before the second sample, or when
    /// they share a time.
    public var velocity: Point { recent.velocity(at: time, span: Self.velocitySpan) }

    /// How long the contact has lasted, in seconds: to its end once ``finish(at:)`` was called.
    public var duration: Double { time - startTime }
}

/// Intervals to the nearest 0.1 ms from 0 to 100 ms, and a count of longer ones: quantiles with
/// fixed memory, for contacts that last minutes. Bins are centred on whole steps, so the whole
/// milliseconds of `wl_touch` timestamps land in the middle of one, not on an edge where
/// rounding noise would pick a side.
struct IntervalHistogram: Sendable {
    static let binWidth = 0.0001
    static let binCount = 1000
    private var bins = [UInt32](repeating: 0, count: binCount)
    /// Intervals of 100 ms or more: gaps, not rates; a quantile that falls here is 100 ms.
    private var overflow: UInt32 = 0
    private(set) var count = 0

    mutating func add(_ interval: Double) {
        let step = (interval / Self.binWidth).rounded()
        if step.isFinite, step >= 0, step < Double(Self.binCount) {
            bins[Int(step)] &+= 1
        } else {
            overflow &+= 1
        }
        count += 1
    }

    /// The interval below which `fraction` of them fall, to the nearest step (samples stamped
    /// alike give 0); nil when empty.
    func quantile(_ fraction: Double) -> Double? {
        guard count > 0 else { return nil }
        let rank = Swift.max(1, Int((fraction * Double(count)).rounded(.up)))
        var seen = 0
        for (bin, n) in bins.enumerated() {
            seen += Int(n)
            if seen >= rank { return Double(bin) * Self.binWidth }
        }
        return Double(Self.binCount) * Self.binWidth
    }
}

/// The samples of the last window, oldest first, in storage made once: enough for a 2 kHz
/// pen; past that the oldest go first, and a window is never full (see ``ContactFigures``).
struct SampleRing: Sendable {
    static let capacity = 512
    private var times = [Double](repeating: 0, count: capacity)
    private var locations = [Point](repeating: .zero, count: capacity)
    private var start = 0
    private(set) var count = 0

    private func index(_ i: Int) -> Int { (start + i) % Self.capacity }

    mutating func append(_ location: Point, time: Double) {
        if count == Self.capacity {
            start = (start + 1) % Self.capacity
            count -= 1
        }
        times[index(count)] = time
        locations[index(count)] = location
        count += 1
    }

    /// Drops samples older than `time`, keeping the newest one before it as the window's first
    /// edge: the window's rate is then the intervals that end inside it over the span they cover.
    mutating func dropOlder(than time: Double) {
        while count > 2, times[index(1)] <= time {
            start = (start + 1) % Self.capacity
            count -= 1
        }
    }

    /// Samples per second over the window ending at `end`: the intervals in it over the time
    /// they span; nil until the samples cover a whole window (else every stroke's first
    /// milliseconds would decide).
    func rate(to end: Double, spanning window: Double) -> Double? {
        guard count >= 2 else { return nil }
        let span = end - times[index(0)]
        guard span >= window else { return nil }
        return Double(count - 1) / span
    }

    func velocity(at time: Double, span: Double) -> Point {
        guard count >= 2 else { return .zero }
        var i = count - 2
        while i > 0, time - times[index(i)] < span { i -= 1 }
        let dt = time - times[index(i)]
        guard dt > 0 else { return .zero }
        let from = locations[index(i)], to = locations[index(count - 1)]
        return Point(x: (to.x - from.x) / dt, y: (to.y - from.y) / dt)
    }
}
