/// The recognizers' time and time-outs, on the input clock (the clock of `Touch.timestamp`).
///
/// Why the input clock and not a system timer: a tap's length, the gap between two taps and a
/// long press are durations between input events, and the compositor stamps those exactly,
/// however late an event is delivered (moves wait for the display frame). Time only moves
/// forward, from three sources: each event's timestamp (so a second tap that comes after the
/// double tap's deadline first fails it, then begins), an explicit `Window.advanceGestures(to:)`,
/// and the window clock at every display frame or app timer, mapped onto the input clock by
/// the offset seen at the last event. The app needs no timer of its own beyond asking for
/// `Window.nextGestureDeadline`.
struct GestureClock {
    struct Timeout {
        let time: Double
        let order: Int
        let recognizer: GestureRecognizer
        let handler: @MainActor () -> Void
    }

    /// Now on the input clock: the latest time any source reported.
    private(set) var now: Double = 0
    /// Input time minus window time at the last event: turns the window clock into input time.
    private(set) var offset: Double?
    private(set) var timeouts: [Timeout] = []
    private var order = 0

    /// An event stamped `time` arrived when the window clock read `windowTime`.
    mutating func noteEvent(at time: Double, windowTime: Double) {
        guard time.isFinite else { return }
        offset = time - windowTime
        now = max(now, time)
    }

    /// The input time the window clock's `windowTime` stands for, once an event set the offset.
    func inputTime(forWindowTime windowTime: Double) -> Double? {
        offset.map { windowTime + $0 }
    }

    /// The window time at which input time `time` comes.
    func windowTime(forInputTime time: Double) -> Double? {
        offset.map { time - $0 }
    }

    mutating func move(to time: Double) {
        guard time.isFinite else { return }
        now = max(now, time)
    }

    mutating func schedule(at time: Double, for recognizer: GestureRecognizer,
                           _ handler: @escaping @MainActor () -> Void) {
        order += 1
        timeouts.append(Timeout(time: time.isFinite ? time : now, order: order,
                                recognizer: recognizer, handler: handler))
    }

    mutating func cancel(for recognizer: GestureRecognizer) {
        timeouts.removeAll { $0.recognizer === recognizer }
    }

    /// The earliest time-out, if any.
    var nextTime: Double? { timeouts.map(\.time).min() }

    func hasTimeouts(for recognizer: GestureRecognizer) -> Bool {
        timeouts.contains { $0.recognizer === recognizer }
    }

    /// Removes and returns the earliest time-out due by `now`, in the order they were set.
    mutating func takeDue() -> Timeout? {
        var best: Int?
        for index in timeouts.indices where timeouts[index].time <= now {
            if let current = best {
                let a = timeouts[index], b = timeouts[current]
                if (a.time, a.order) < (b.time, b.order) { best = index }
            } else {
                best = index
            }
        }
        guard let best else { return nil }
        return timeouts.remove(at: best)
    }
}
