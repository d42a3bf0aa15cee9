/// How long input takes to reach the screen, measured on every frame.
///
/// Two parts: input arrival → our commit (our own work and any wait for the frame callback), and
/// commit → the compositor's frame callback (roughly when the commit is shown). Their sum is how
/// far ahead predicted touches should reach. Smoothed so one slow frame does not make the
/// prediction jump.
struct FrameTiming {
    private(set) var inputToCommit = SmoothedValue()
    private(set) var commitToFrame = SmoothedValue()
    /// When the oldest input not yet drawn happened (seconds on the presentation clock), of
    /// the input whose frame is complete: only that can be drawn by the next commit.
    private(set) var oldestUndrawnInput: Double?
    /// The same for input whose frame (`wl_touch.frame`, `wl_pointer.frame`) has not come yet:
    /// a commit made meanwhile (an animation's) does not carry it.
    private var oldestUnframedInput: Double?
    /// Each whole input frame not yet drawn, by its oldest event's time: what touch→glass is
    /// measured per sample from, since a commit's oldest input hides the samples that came just
    /// before the vblank. At most ``samplesKept`` (the newest).
    private(set) var undrawnSamples: [Double] = []
    private var lastCommit: Double?

    /// A hand at 240 Hz over two 60 Hz refreshes, with room: more in one commit means the app
    /// was stalled, and the newest tell best how it is now.
    static let samplesKept = 32

    /// Seconds from input to display, once both parts have been seen.
    var inputToDisplay: Double? {
        guard let a = inputToCommit.value, let b = commitToFrame.value else { return nil }
        return a + b
    }

    mutating func inputArrived(at time: Double) {
        // Event times need not arrive in order across devices: the oldest is the smallest.
        oldestUnframedInput = min(oldestUnframedInput ?? time, time)
    }

    /// A frame closed the input that arrived: the next commit can draw it.
    mutating func inputFramed() {
        guard let time = oldestUnframedInput else { return }
        oldestUndrawnInput = min(oldestUndrawnInput ?? time, time)
        oldestUnframedInput = nil
        if undrawnSamples.count >= Self.samplesKept { undrawnSamples.removeFirst() }
        undrawnSamples.append(time)
    }

    /// Returns this commit's input → commit time, when it showed new input.
    @discardableResult
    mutating func committed(at time: Double) -> Double? {
        let latency = oldestUndrawnInput.map { time - $0 }
        if let latency { inputToCommit.add(latency) }
        oldestUndrawnInput = nil
        undrawnSamples.removeAll(keepingCapacity: true)
        lastCommit = time
        return latency
    }

    mutating func frameDone(at time: Double) {
        if let commit = lastCommit { commitToFrame.add(time - commit) }
        lastCommit = nil
    }
}

/// An exponential moving average that ignores nonsense (negative or absurd samples).
struct SmoothedValue {
    private(set) var value: Double?
    let weight = 0.1

    mutating func add(_ sample: Double) {
        guard sample.isFinite, sample >= 0, sample < 1 else { return }
        value = value.map { $0 + weight * (sample - $0) } ?? sample
    }
}
