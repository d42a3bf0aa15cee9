import Foundation

/// Sample bookkeeping, used by `TouchInputMachine` and `TouchEvent` only.
extension Touch {
    /// The touch's delivered state as a sample.
    var currentSample: TouchSample {
        TouchSample(location: windowLocation, timestamp: timestamp, phase: phase,
                    majorRadius: majorRadius, minorRadius: minorRadius, hasShape: hasShape,
                    orientation: orientation, pencil: pencil)
    }

    /// The newest known state, delivered or not.
    var latestSample: TouchSample {
        incoming.last ?? currentSample
    }

    /// The down: the first sample of a new touch.
    func receiveDown() {
        var sample = currentSample
        sample.phase = .began
        incoming.append(sample)
    }

    /// A motion: a new sample at `location`, keeping the latest shape and orientation.
    func receive(_ location: Point, at time: TimeInterval) {
        var sample = latestSample
        sample.location = location
        sample.timestamp = time
        sample.phase = .moved
        incoming.append(sample)
    }

    /// Gives the newest incoming sample a tool's axes (a motion copies the previous ones).
    func setLatestIncomingPencil(_ pencil: PencilSample) {
        guard !incoming.isEmpty else { return }
        incoming[incoming.count - 1].pencil = pencil
    }

    /// Moves the first `limit` incoming samples (all when `nil`) into `delivered`, replacing
    /// what was there. Reuses both buffers: no allocation once they have grown.
    func takeIncomingSamples(limit: Int?) {
        let count = min(limit ?? incoming.count, incoming.count)
        delivered.removeAll(keepingCapacity: true)
        if count == incoming.count {
            swap(&delivered, &incoming)
        } else {
            delivered.append(contentsOf: incoming[..<count])
            incoming.removeFirst(count)
        }
        heldSampleCount = max(0, heldSampleCount - count)
    }

    /// Makes `delivered` the single sample of an unchanged touch.
    func deliverUnchanged(serial: UInt64) {
        delivered.removeAll(keepingCapacity: true)
        delivered.append(currentSample)
        deliverySerial = serial
    }

    /// Takes on the state of the last delivered sample, so the touch always equals its last
    /// coalesced touch.
    func adoptLastDeliveredSample() {
        guard let last = delivered.last else { return }
        windowLocation = last.location
        timestamp = last.timestamp
        majorRadius = last.majorRadius
        minorRadius = last.minorRadius
        hasShape = last.hasShape
        orientation = last.orientation
        pencil = last.pencil
    }

    /// Keeps the newest delivered samples for prediction, at most `MotionEstimate.maximumSamples`.
    func rememberDeliveredSamples() {
        recent.append(contentsOf: delivered.suffix(MotionEstimate.maximumSamples))
        let excess = recent.count - MotionEstimate.maximumSamples
        if excess > 0 { recent.removeFirst(excess) }
    }
}
