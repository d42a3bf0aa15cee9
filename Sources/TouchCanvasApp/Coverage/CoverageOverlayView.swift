import Foundation
import Rendering
import TouchKit

/// The coverage grid (`g` in the spots and targets scenes): faint lines over the window, and
/// each cell filled once a finger has passed over it; a label at the bottom gives the share
/// covered and names the cells never reached, where a dead zone in the panel would show after a
/// sweep of the whole screen.
///
/// Only what changes is repainted: the lines are one window-wide view drawn when the grid is
/// made, each reached cell is a small view of its own added once, and the label is as big as
/// its text. A finger sweeping the screen damages the cells it fills, not the window.
public final class CoverageOverlayView: View, CairoDrawing {
    public static let lineColor = Color(rgb: 0x3D8F5A, alpha: 0.35)
    public static let cellColor = Color(rgb: 0x57E389, alpha: 0.3)
    public static let textColor = Color(rgb: 0x1C1C1E)
    /// Cells across: about 5 cm each on a laptop's panel, small enough to find a dead strip,
    /// few enough for one sweep to fill.
    public static let columns = 16

    private var sweep: CoverageSweep
    public var grid: CoverageGrid { sweep.grid }
    private var cellViews: [Int: View] = [:]
    private let label = CoverageLabelView()

    public override init(frame: Rect) {
        sweep = CoverageSweep(grid: Self.grid(for: frame.size))
        super.init(frame: frame)
        isUserInteractionEnabled = false
        backgroundColor = nil
        addSubview(label)
        updateLabel()
    }

    /// Square-ish cells: ``columns`` across, as many rows as the window's shape gives.
    public static func grid(for size: Size) -> CoverageGrid {
        // At most four times as many rows as columns: a window 1 px wide gets a grid, not millions.
        let shape = size.width > 0 && size.height.isFinite ? Double(columns) * size.height / size.width : 1
        let rows = max(1, Int(min(shape, Double(4 * columns)).rounded()))
        return CoverageGrid(size: size, columns: columns, rows: rows)
    }

    public override var bounds: Rect {
        get { super.bounds }
        set {
            let old = super.bounds.size
            super.bounds = newValue
            guard newValue.size != old else { return }
            // A new size is a new grid: what was reached on the old one no longer lines up.
            sweep = CoverageSweep(grid: Self.grid(for: newValue.size))
            for view in cellViews.values { view.removeFromSuperview() }
            cellViews = [:]
            updateLabel()
            setNeedsDisplay()
        }
    }

    /// Takes one delivery (``CoverageSweep``). Returns whether a contact ended, when the share
    /// covered is worth saying again.
    @discardableResult
    public func deliver(_ event: TouchEvent) -> Bool {
        let ended = sweep.deliver(event)
        showReachedCells()
        if ended { updateLabel() }
        return ended
    }

    private func showReachedCells() {
        let width = bounds.width / Double(grid.columns), height = bounds.height / Double(grid.rows)
        for row in 0..<grid.rows {
            for column in 0..<grid.columns where cellViews[row * grid.columns + column] == nil {
                guard grid.isReached(CoverageGrid.Cell(column: column, row: row)) else { continue }
                let cell = View(frame: Rect(x: Double(column) * width, y: Double(row) * height, width: width, height: height))
                cell.backgroundColor = Self.cellColor
                cell.isUserInteractionEnabled = false
                insertSubview(cell, at: 0)
                cellViews[row * grid.columns + column] = cell
            }
        }
    }

    /// "covered 87 % of 192 cells; never reached (column,row): 3,4 5,4 …", naming at most
    /// `naming` cells.
    public func summary(naming: Int = 10) -> String {
        let unreached = grid.unreachedCells
        var text = String(format: "covered %.0f %% of %d cells", grid.coveredFraction * 100, grid.columns * grid.rows)
        if !unreached.isEmpty, unreached.count < grid.columns * grid.rows {
            text += "; never reached (column,row): " + unreached.prefix(naming).map(\.description).joined(separator: " ")
            if unreached.count > naming { text += " and \(unreached.count - naming) more" }
        }
        return text
    }

    public var summary: String { summary() }

    /// The HUD's shorter line: "covered 87 % of 192 cells, 24 never reached".
    public var shortSummary: String {
        let unreached = grid.unreachedCells.count
        return String(format: "covered %.0f %% of %d cells", grid.coveredFraction * 100, grid.columns * grid.rows)
            + (unreached > 0 ? ", \(unreached) never reached" : "")
    }

    /// The label names as many cells as fit the window's width.
    private func updateLabel() {
        func width(_ text: String) -> Double { Double(text.count) * CoverageLabelView.fontSize * 0.66 + 24 }
        var naming = 10
        var text = summary(naming: naming)
        while naming > 0, width(text) > bounds.width - 16 {
            naming -= 1
            text = summary(naming: naming)
        }
        label.text = text
        let w = min(width(text), max(bounds.width - 16, 0))
        label.frame = Rect(x: max(0, (bounds.width - w) / 2), y: max(0, bounds.height - 44), width: w, height: 28)
    }

    public func draw(in context: GraphicsContext, rect: Rect) {
        context.setColor(Self.lineColor)
        context.setLineWidth(1)
        for column in 1..<grid.columns {
            let x = (Double(column) * bounds.width / Double(grid.columns)).rounded() + 0.5
            context.move(to: Point(x: x, y: 0))
            context.addLine(to: Point(x: x, y: bounds.height))
        }
        for row in 1..<max(grid.rows, 1) {
            let y = (Double(row) * bounds.height / Double(grid.rows)).rounded() + 0.5
            context.move(to: Point(x: 0, y: y))
            context.addLine(to: Point(x: bounds.width, y: y))
        }
        context.stroke()
    }
}

/// The coverage figures at the bottom of the grid, on a pale panel.
final class CoverageLabelView: View, CairoDrawing {
    static let fontSize = 13.0
    var text = "" {
        didSet { if text != oldValue { setNeedsDisplay() } }
    }

    init() {
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        backgroundColor = nil
    }

    func draw(in context: GraphicsContext, rect: Rect) {
        context.setColor(Color(rgb: 0xFFFFFF, alpha: 0.9))
        context.addRoundedRect(bounds, cornerRadius: 6)
        context.fill()
        context.setColor(CoverageOverlayView.textColor)
        context.setFont(size: Self.fontSize, weight: .bold)
        context.showText(text, centeredIn: bounds)
    }
}
