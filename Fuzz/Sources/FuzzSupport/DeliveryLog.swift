import TouchKit

/// Checks every delivery a ``TouchInputMachine`` makes (its `onDeliver`) against the promise
/// the machine documents, whatever the input: each touch goes began → (moved | stationary)* →
/// (ended | cancelled), nothing is delivered for it after its end, every delivery carries every
/// touch still live (as stationary when it did not change), and a touch's coalesced samples add
/// up to no more than the input since it began can have made, so none is kept and handed out
/// again, and none piles up.
///
/// Touches are told apart by ``Touch/number``, which a machine never repeats: the objects of
/// touches that ended may be freed and their addresses reused.
@MainActor
public final class DeliveryLog {
    private var lives: [Int: TouchLife] = [:]
    /// The touches live after the last delivery, by number, with their type.
    public private(set) var live: [Int: TouchType] = [:]
    /// How many touches of each type began, ended and were cancelled.
    public private(set) var counts: [TouchType: PhaseCounts] = [:]
    /// Raw events fed so far (``noteInput()``).
    private var inputs = 0
    /// For each live touch: ``inputs`` when it began, and the samples and deliveries it has
    /// had since (its began delivery aside).
    private var carried: [Int: (began: Int, samples: Int, deliveries: Int)] = [:]

    /// Whether the harness tells each raw event as it goes in (``noteInput()``), so sample
    /// counts can be checked; one that cannot (a replay feeds itself) checks the rest.
    private let countsInput: Bool

    public init(countsInput: Bool = true) {
        self.countsInput = countsInput
    }

    /// The harness fed the machine one raw event: it adds at most a sample or two to a touch.
    public func noteInput() {
        inputs += 1
    }

    /// The numbers of the live touches of `type`.
    public func liveNumbers(of type: TouchType) -> Set<Int> {
        Set(live.filter { $0.value == type }.keys)
    }

    /// The counts of touches of `type`.
    public func counts(of type: TouchType) -> PhaseCounts {
        counts[type] ?? PhaseCounts()
    }

    /// Checks one delivery; aborts on a broken promise.
    public func hear(_ event: TouchEvent) {
        var seen: Set<Int> = []
        for touch in event.allTouches {
            let number = touch.number
            invariant(seen.insert(number).inserted, "touch \(number) twice in one delivery")
            switch (lives[number] ?? .unborn).hearing(touch.phase) {
            case let .success(next): lives[number] = next
            case let .failure(error): invariant(false, "touch \(number) (\(touch.type)): \(error)")
            }
            switch touch.phase {
            case .began: counts[touch.type, default: PhaseCounts()].began += 1
            case .ended: counts[touch.type, default: PhaseCounts()].ended += 1
            case .cancelled: counts[touch.type, default: PhaseCounts()].cancelled += 1
            case .moved, .stationary: break
            }
            if countsInput { checkSamples(of: touch, in: event) }
        }
        for number in live.keys {
            invariant(seen.contains(number), "live touch \(number) left out of a delivery")
        }
        for touch in event.allTouches {
            if lives[touch.number]?.isLive == true {
                live[touch.number] = touch.type
            } else {
                live[touch.number] = nil
                carried[touch.number] = nil
            }
        }
    }

    /// A touch's samples are never kept past the delivery that takes them: a began takes
    /// every sample its frame gathered, and from then on the samples delivered add up to no
    /// more than the raw events since could make (one each, and a frame one more for a shape
    /// alone) plus one per delivery (its end, or a touch moved by a shape alone). A stationary
    /// touch takes none: its held moves wait for the display frame.
    private func checkSamples(of touch: Touch, in event: TouchEvent) {
        guard touch.phase != .stationary else { return }
        let number = touch.number
        let samples = event.coalescedTouches(for: touch).count
        invariant(samples >= 1, "touch \(number) \(touch.phase.name) with no coalesced sample")
        guard touch.phase != .began, var life = carried[number] else {
            carried[number] = (inputs, 0, 0)
            return
        }
        life.samples += samples
        life.deliveries += 1
        carried[number] = life
        let limit = 2 * (inputs - life.began) + 2 * life.deliveries
        invariant(life.samples <= limit,
                  "touch \(number) delivered \(life.samples) samples since it began, over \(inputs - life.began) raw events and \(life.deliveries) deliveries")
    }
}

/// How many touches began, ended and were cancelled.
public struct PhaseCounts: Sendable, Equatable, CustomStringConvertible {
    public var began = 0
    public var ended = 0
    public var cancelled = 0

    public init(began: Int = 0, ended: Int = 0, cancelled: Int = 0) {
        self.began = began
        self.ended = ended
        self.cancelled = cancelled
    }

    public var description: String { "began \(began), ended \(ended), cancelled \(cancelled)" }
}
