import TouchKit

/// Checks every delivery a ``TouchInputMachine`` makes (its `onDeliver`) against the promise
/// the machine documents, whatever the input: each touch goes began → (moved | stationary)* →
/// (ended | cancelled), nothing is delivered for it after its end, every delivery carries every
/// touch still live (as stationary when it did not change), and a touch carries no more
/// coalesced samples than the input since its last delivery can have made, so samples are
/// never kept and handed out again.
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
    /// For each live touch, ``inputs`` when it was last delivered.
    private var lastDelivered: [Int: Int] = [:]

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
            if countsInput, touch.phase != .stationary {
                // A raw event adds at most one sample to a touch, and its frame at most one more
                // (a shape alone); an end adds the terminal sample.
                let fed = inputs - (lastDelivered[number] ?? 0)
                let samples = event.coalescedTouches(for: touch).count
                invariant(samples >= 1 && samples <= 2 * fed + 2,
                          "touch \(number) \(touch.phase.name) with \(samples) coalesced samples after \(fed) raw events")
            }
            lastDelivered[number] = inputs
        }
        for number in live.keys {
            invariant(seen.contains(number), "live touch \(number) left out of a delivery")
        }
        for touch in event.allTouches {
            if lives[touch.number]?.isLive == true {
                live[touch.number] = touch.type
            } else {
                live[touch.number] = nil
                lastDelivered[touch.number] = nil
            }
        }
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
