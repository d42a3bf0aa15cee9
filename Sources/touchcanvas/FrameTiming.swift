/// How long input takes to reach the screen, measured on every frame.
///
/// Two parts: input arrival → our commit (our own work and any wait for the frame callback), and
/// commit → the compositor's frame callback (roughly when the commit is shown). Their sum is how
/// far ahead predicted touches should reach. Smoothed so one slow frame does not make the
/// prediction jump.
struct FrameTiming {
    private(set) var inputToCommit = SmoothedValue()
    private(set) var commitToFrame = SmoothedValue()
    /// When the oldest input not yet drawn arrived (CLOCK_MONOTONIC seconds).
    private(set) var oldestUndrawnInput: Double?
    private var lastCommit: Double?

    /// Seconds from input to display, once both parts have been seen.
    var inputToDisplay: Double? {
        guard let a = inputToCommit.value, let b = commitToFrame.value else { return nil }
        return a + b
    }

    mutating func inputArrived(at time: Double) {
        if oldestUndrawnInput == nil { oldestUndrawnInput = time }
    }

    /// Returns this commit's input → commit time, when it showed new input.
    @discardableResult
    mutating func committed(at time: Double) -> Double? {
        let latency = oldestUndrawnInput.map { time - $0 }
        if let latency { inputToCommit.add(latency) }
        oldestUndrawnInput = nil
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
