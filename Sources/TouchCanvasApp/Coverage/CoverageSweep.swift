import TouchKit

/// A ``CoverageGrid`` fed from deliveries: every finger sample fills the cells from that
/// finger's last position, so samples far apart leave no false gaps. The grid overlay and
/// `replay --report` both measure coverage through it.
public struct CoverageSweep: Sendable {
    public private(set) var grid: CoverageGrid
    /// The last position of each finger down, by touch number.
    private var lastLocations: [Int: Point] = [:]

    public init(grid: CoverageGrid) {
        self.grid = grid
    }

    /// Takes one delivery; returns whether a finger's contact ended in it.
    @MainActor
    public mutating func deliver(_ event: TouchEvent) -> Bool {
        var ended = false
        for touch in event.allTouches where touch.type == .direct {
            for sample in event.coalescedTouches(for: touch) {
                let point = sample.preciseLocation(in: nil)
                if let last = lastLocations[touch.number] { grid.mark(from: last, to: point) } else { grid.mark(point) }
                lastLocations[touch.number] = point
            }
            if touch.phase == .ended || touch.phase == .cancelled {
                lastLocations[touch.number] = nil
                ended = true
            }
        }
        return ended
    }
}
