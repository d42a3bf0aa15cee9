import Foundation
import Rendering
import TouchKit

/// The targets scene: crosshairs at the centre, the corners and the edge midpoints, lit one at
/// a time for the person to tap; then a finger held still on the centre, then a line drawn
/// along a guide; then what it all says (``TargetsRun``, ``TargetsResults``): whether touches
/// land where they are put, and if not, what is wrong in words and the libinput matrix that
/// fixes it.
///
/// Each tap is drawn where it landed, joined to its target, so a turned or shifted screen is
/// seen at once. Only fingers count (a pen or the mouse goes through other mappings); a second
/// finger, or a tap far from every target, is refused and said.
public final class TargetsView: View, CairoDrawing, PhysicalSizeReading {
    public static let targetColor = Color(rgb: 0x9A9996)
    public static let litColor = Color(rgb: 0x1C71D8)
    public static let tapColor = Color(rgb: 0xE66100)
    public static let textColor = Color(rgb: 0x1C1C1E)
    public static let refusedColor = Color(rgb: 0xC01C28)
    public static let crosshairRadius = 18.0

    public private(set) var run: TargetsRun
    /// The results use millimetres where the output gives its size.
    public var millimetresPerPoint: (@MainActor () -> (x: Double, y: Double)?)?
    /// Set by the app: why the matrix may not apply as printed (the scene does not fill one
    /// known output, or the output is turned), nil when it does.
    public var matrixCaveat: (@MainActor () -> String?)?
    /// Told once the course is done, with what it measured (the app prints and logs it).
    public var onFinished: (@MainActor (TargetsResults) -> Void)?
    /// The results, once done (kept, so a redraw shows the same figures).
    public private(set) var results: TargetsResults?

    /// The one finger being followed, and its samples (location, event time).
    private var finger: Touch?
    private var samples: [(location: Point, time: Double)] = []
    /// A second finger came down during this gesture: nothing of it counts.
    private var spoiled = false
    /// The line being drawn, in a view only as big as the line, so each sample repaints that
    /// box rather than the window.
    private let liveLine = LiveLineView()

    public override init(frame: Rect = .zero) {
        run = TargetsRun(size: frame.size)
        super.init(frame: frame)
        addSubview(liveLine)
        // A second finger must reach the view to be refused.
        isMultipleTouchEnabled = true
    }

    public override var bounds: Rect {
        get { super.bounds }
        set {
            let old = super.bounds.size
            super.bounds = newValue
            // Targets are laid out on the screen's size: a new size starts the course again.
            if newValue.size != old {
                run = TargetsRun(size: newValue.size)
                results = nil
                // A finger down across the change belongs to the old course: none of it counts.
                if finger != nil {
                    spoiled = true
                    run.refuse("the window changed size while a finger was down")
                }
                finger = nil
                samples = []
                liveLine.update([])
                setNeedsDisplay()
            }
        }
    }

    // MARK: Touches

    public override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        for touch in touches {
            if finger == nil, !spoiled, touch.type == .direct {
                finger = touch
                samples = event.coalescedTouches(for: touch).map { ($0.preciseLocation(in: self), $0.timestamp) }
            } else if touch.type == .direct {
                spoiled = true
            } else {
                run.refuse("use a finger (a pen or the mouse has a mapping of its own)")
                setNeedsDisplay()
            }
        }
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let finger, touches.contains(finger) else { return }
        // Every coalesced sample: a hold's jitter and a line's straightness need them all.
        samples += event.coalescedTouches(for: finger).map { ($0.preciseLocation(in: self), $0.timestamp) }
        if run.step == .line, !spoiled { liveLine.update(samples.map(\.location)) }
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        finish(touches, cancelled: false, event: event)
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        finish(touches, cancelled: true, event: event)
    }

    private func finish(_ touches: Set<Touch>, cancelled: Bool, event: TouchEvent) {
        if let finger, touches.contains(finger) {
            let lift = finger.preciseLocation(in: self)
            if spoiled {
                run.refuse("one finger at a time")
            } else if cancelled {
                run.refuse("the compositor cancelled the touch")
            } else {
                switch run.step {
                case .tap: run.tapped(at: lift)
                case .hold: run.heldAndLifted(samples, liftedAt: finger.timestamp)
                case .line: run.drew(samples.map(\.location) + [lift])
                case .done: break
                }
                if run.step == .done, results == nil,
                   let done = run.results(millimetresPerPoint: millimetresPerPoint?(), matrixCaveat: matrixCaveat?()) {
                    results = done
                    onFinished?(done)
                }
            }
            self.finger = nil
            samples = []
            liveLine.update([])
            setNeedsDisplay()
        }
        // The gesture is over once no finger of it is down.
        if spoiled, !event.allTouches.contains(where: { $0.view === self && $0.phase != .ended && $0.phase != .cancelled }) {
            spoiled = false
        }
    }

    // MARK: Drawing

    public func draw(in context: GraphicsContext, rect: Rect) {
        context.setColor(.white)
        context.addRect(bounds)
        context.fill()
        for (index, target) in run.targets.enumerated() {
            drawCrosshair(at: target, lit: index == run.litTarget, in: context)
        }
        for (tap, target) in zip(run.taps, run.targets) {
            context.setColor(Self.tapColor)
            context.setLineWidth(2)
            context.move(to: target)
            context.addLine(to: tap)
            context.stroke()
            context.addEllipse(in: Rect(x: tap.x - 4, y: tap.y - 4, width: 8, height: 8))
            context.fill()
        }
        if let results { return drawResults(results, in: context) }
        if run.step == .line { drawGuide(in: context) }
        context.setColor(run.message.hasPrefix("Not counted") ? Self.refusedColor : Self.textColor)
        context.setFont(size: 16, weight: .bold)
        context.showText(run.message, centeredIn: Rect(x: 0, y: bounds.height * 0.3 - 20, width: bounds.width, height: 40))
    }

    private func drawCrosshair(at point: Point, lit: Bool, in context: GraphicsContext) {
        let r = Self.crosshairRadius
        context.setColor(lit ? Self.litColor : Self.targetColor)
        context.setLineWidth(lit ? 3 : 1.5)
        context.move(to: Point(x: point.x - r, y: point.y))
        context.addLine(to: Point(x: point.x + r, y: point.y))
        context.move(to: Point(x: point.x, y: point.y - r))
        context.addLine(to: Point(x: point.x, y: point.y + r))
        context.stroke()
        context.addEllipse(in: Rect(x: point.x - r * 0.6, y: point.y - r * 0.6, width: r * 1.2, height: r * 1.2))
        context.stroke()
    }

    private func drawGuide(in context: GraphicsContext) {
        let (start, end) = run.guide
        context.setColor(Self.litColor)
        context.setLineWidth(2)
        context.move(to: start)
        context.addLine(to: end)
        context.stroke()
        for dot in [start, end] {
            context.addEllipse(in: Rect(x: dot.x - 8, y: dot.y - 8, width: 16, height: 16))
            context.fill()
        }
    }

    /// The verdict on a panel over the course's picture (each target joined to where its tap
    /// landed), its lines wrapped to the window.
    private func drawResults(_ results: TargetsResults, in context: GraphicsContext) {
        let fontSize = 12.0, lineHeight = 17.0, margin = 16.0
        let columns = max(20, Int((bounds.width - 4 * margin) / (fontSize * 0.55)))
        let lines = results.lines.flatMap { Self.wrap($0, columns: columns) }
        let panel = Rect(x: margin, y: margin, width: bounds.width - 2 * margin,
                         height: Double(lines.count + 1) * lineHeight + 2 * margin)
        context.setColor(Color(rgb: 0xFFFFFF, alpha: 0.92))
        context.addRoundedRect(panel, cornerRadius: 8)
        context.fill()
        context.setColor(Self.textColor)
        context.setFont(size: 14, weight: .bold)
        var y = panel.minY + margin + 10
        context.showText("What the targets say", at: Point(x: panel.minX + margin, y: y))
        context.setFont(size: fontSize, weight: .regular)
        for line in lines {
            y += lineHeight
            context.setColor(line.contains("FAIL") ? Self.refusedColor : Self.textColor)
            context.showText(line, at: Point(x: panel.minX + margin, y: y))
        }
    }

    /// `text` broken at spaces into lines of at most `columns` characters (a word longer than
    /// that gets a line of its own), continuation lines indented.
    static func wrap(_ text: String, columns: Int) -> [String] {
        var lines: [String] = [], current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if !current.isEmpty, current.count + 1 + word.count > columns {
                lines.append(current)
                current = "    " + word
            } else {
                current += current.isEmpty ? String(word) : " " + word
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}

/// The line step's stroke as it is drawn, in a view as big as the stroke's box.
final class LiveLineView: View, CairoDrawing {
    private var points: [Point] = []

    init() {
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        backgroundColor = nil
    }

    /// Shows `points` (superview coordinates); none hides it.
    func update(_ points: [Point]) {
        self.points = points.filter { $0.x.isFinite && $0.y.isFinite }
        guard let first = self.points.first else {
            isHidden = true
            return
        }
        isHidden = false
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for p in self.points {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        let box = Rect(x: minX - 3, y: minY - 3, width: maxX - minX + 6, height: maxY - minY + 6)
        if frame != box { frame = box } else { setNeedsDisplay() }
    }

    func draw(in context: GraphicsContext, rect: Rect) {
        guard points.count > 1, let first = points.first else { return }
        let origin = frame.origin
        context.setColor(TargetsView.tapColor)
        context.setLineWidth(2)
        context.move(to: Point(x: first.x - origin.x, y: first.y - origin.y))
        for p in points.dropFirst() { context.addLine(to: Point(x: p.x - origin.x, y: p.y - origin.y)) }
        context.stroke()
    }
}
