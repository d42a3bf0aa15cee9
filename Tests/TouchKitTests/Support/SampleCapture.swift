import TouchKit

/// Records, for every delivery, each touch's coalesced and predicted touches as they were
/// during dispatch.
@MainActor
final class SampleCapture {
    struct Sample: Equatable {
        let location: Point
        let previous: Point
        let timestamp: Double
        let phase: TouchPhase
    }

    struct Seen {
        let number: Int
        let phase: TouchPhase
        let location: Point
        let timestamp: Double
        let coalesced: [Sample]
        let predicted: [Sample]
        /// The snapshots were distinct objects, with the finger's number, id and type.
        let snapshotsAreDistinctCopies: Bool
    }

    private(set) var events: [[Seen]] = []

    init(_ h: Harness) {
        h.observe = { [unowned self] event in record(event) }
    }

    func record(_ event: TouchEvent) {
        let seen = event.allTouches.sorted { $0.number < $1.number }.map { touch in
            let coalesced = event.coalescedTouches(for: touch)
            let predicted = event.predictedTouches(for: touch)
            let snapshots = coalesced + predicted
            let distinct = snapshots.allSatisfy {
                $0 !== touch && $0 != touch && $0.number == touch.number
                    && $0.identifier == touch.identifier && $0.type == touch.type
            }
            return Seen(number: touch.number, phase: touch.phase, location: touch.location(in: nil),
                        timestamp: touch.timestamp, coalesced: coalesced.map(Self.sample),
                        predicted: predicted.map(Self.sample), snapshotsAreDistinctCopies: distinct)
        }
        events.append(seen)
    }

    private static func sample(_ touch: Touch) -> Sample {
        Sample(location: touch.preciseLocation(in: nil), previous: touch.precisePreviousLocation(in: nil),
               timestamp: touch.timestamp, phase: touch.phase)
    }

    /// The touch's entry in the latest event.
    var last: [Seen] { events.last ?? [] }
}
