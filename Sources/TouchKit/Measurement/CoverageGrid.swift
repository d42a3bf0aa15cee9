/// Which parts of the screen have reported a touch: a grid whose cells fill as contacts pass
/// over them, so a sweep of the whole screen shows the cells that never did, where a dead zone
/// in the panel would be.
public struct CoverageGrid: Sendable, Hashable {
    /// A cell, counted from the top-left.
    public struct Cell: Sendable, Hashable, CustomStringConvertible {
        /// From 0 at the left.
        public let column: Int
        /// From 0 at the top.
        public let row: Int
        /// `column,row`, counted from 1 as a person counts them.
        public var description: String { "\(column + 1),\(row + 1)" }

        /// The cell `column` across and `row` down, both from 0.
        public init(column: Int, row: Int) {
            self.column = column
            self.row = row
        }
    }

    /// The area the grid covers, in the points' units, from the origin.
    public let size: Size
    /// Cells across.
    public let columns: Int
    /// Cells down.
    public let rows: Int
    private var reached: [Bool]

    /// A grid of `columns` × `rows` cells over `size` (each at least 1).
    public init(size: Size, columns: Int, rows: Int) {
        self.size = size
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        reached = [Bool](repeating: false, count: self.columns * self.rows)
    }

    /// The cell under `point`, or nil outside the grid.
    public func cell(at point: Point) -> Cell? {
        guard size.width > 0, size.height > 0, point.x >= 0, point.y >= 0,
              point.x < size.width, point.y < size.height else { return nil }
        let column = min(columns - 1, Int(point.x / size.width * Double(columns)))
        let row = min(rows - 1, Int(point.y / size.height * Double(rows)))
        return Cell(column: column, row: row)
    }

    /// A contact was at `point`.
    public mutating func mark(_ point: Point) {
        if let cell = cell(at: point) { reached[cell.row * columns + cell.column] = true }
    }

    /// A contact moved from `start` to `end`: the cells along the segment are reached, so a
    /// fast swipe with samples far apart leaves no false gaps. Stepped at a quarter of the
    /// smaller cell side, so a cell whose corner the segment clips by less than that may stay
    /// unreached (a sweep's neighbouring strokes reach it).
    public mutating func mark(from start: Point, to end: Point) {
        let step = min(size.width / Double(columns), size.height / Double(rows)) / 4
        let length = start.distance(to: end)
        // Clamped while still a Double: a far-off point must not overflow the conversion.
        let steps = step > 0 && length.isFinite ? Int(min(100_000, (length / step).rounded(.up))) : 0
        mark(start)
        guard steps > 0 else { return }
        for i in 1...steps {
            let t = Double(i) / Double(steps)
            mark(Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t))
        }
    }

    /// Whether a contact has been in `cell`.
    public func isReached(_ cell: Cell) -> Bool {
        cell.column >= 0 && cell.column < columns && cell.row >= 0 && cell.row < rows
            && reached[cell.row * columns + cell.column]
    }

    /// The share of cells reached, 0…1.
    public var coveredFraction: Double {
        Double(reached.lazy.filter { $0 }.count) / Double(reached.count)
    }

    /// The cells no contact reached, row by row: after a sweep of the whole screen, the
    /// possible dead zones.
    public var unreachedCells: [Cell] {
        reached.indices.filter { !reached[$0] }.map { Cell(column: $0 % columns, row: $0 / columns) }
    }
}
