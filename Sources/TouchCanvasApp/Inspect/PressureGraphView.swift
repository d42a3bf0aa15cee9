import Rendering
import Foundation
import TouchKit

/// A pencil touch's pressure over the last second: a small sparkline panel beside the pen,
/// with the latest value written above it, so a person sees the pen's pressure curve as they
/// press (whether it arrives at all, whether it is smooth or steps, whether it reaches 1).
///
/// It sits above and to the left of the contact point, away from the hand of a right-handed
/// writer and from the ink trailing behind a pen moving right, and follows the pen. Like the
/// tilt line it is only as big as its panel, so following the pen repaints two small boxes.
/// Samples go into fixed rings, so a long stroke allocates nothing per event.
public final class PressureGraphView: View, CairoDrawing {
    public static let size = Size(width: 132, height: 46)
    /// From the contact point to the panel's nearest corner.
    public static let offset = 24.0
    /// How far back the graph looks, in the touches' seconds.
    public static let window = 1.0
    /// Samples kept: a second of a 1 kHz pen, more than any delivers.
    public static let capacity = 1024
    public static let fadeDuration = 1.0
    public static let panelColor = Color(rgb: 0xFFFFFF, alpha: 0.85)
    public static let borderColor = Color(rgb: 0xC7C7CC)
    public static let textColor = Color(rgb: 0x1C1C1E)
    public static let fontSize = 10.0
    static let inset = 5.0
    static let labelHeight = 12.0

    private var times = [Double](repeating: 0, count: PressureGraphView.capacity)
    private var values = [Double](repeating: 0, count: PressureGraphView.capacity)
    private var written = 0
    /// The label, made once per display frame in `draw`, not per sample.
    public private(set) var latest: Double?

    public init() {
        super.init(frame: Rect(origin: .zero, size: Self.size))
        isUserInteractionEnabled = false
    }

    /// Adds a sample (`pressure` 0…1 at `time` seconds) and places the panel beside `contact`
    /// within `bounds` (the superview's). A NaN pressure or time is left out.
    public func add(pressure: Double, time: Double, contact: Point, in bounds: Rect) {
        if pressure.isFinite, time.isFinite {
            let slot = written % Self.capacity
            times[slot] = time
            values[slot] = min(max(pressure, 0), 1)
            written += 1
            latest = values[slot]
        }
        let box = Self.frame(beside: contact, in: bounds)
        if frame != box { frame = box }
        setNeedsDisplay()
    }

    /// Above-left of the contact; below or right of it where the window's edge leaves no room.
    static func frame(beside contact: Point, in bounds: Rect) -> Rect {
        guard contact.x.isFinite, contact.y.isFinite else { return Rect(origin: bounds.origin, size: size) }
        var x = contact.x - offset - size.width, y = contact.y - offset - size.height
        if x < bounds.minX { x = contact.x + offset }
        if y < bounds.minY { y = contact.y + offset }
        x = min(max(x, bounds.minX), bounds.maxX - size.width)
        y = min(max(y, bounds.minY), bounds.maxY - size.height)
        return Rect(x: x, y: y, width: size.width, height: size.height)
    }

    /// Fades the graph out and removes it: the pen lifted or left.
    public func fadeOut() {
        View.animate(withDuration: Self.fadeDuration, animations: { self.alpha = 0 }, completion: { [weak self] _ in
            self?.removeFromSuperview()
        })
    }

    /// Samples of the last second, oldest first, as (seconds before the newest, pressure).
    public var recentSamples: [(age: Double, pressure: Double)] {
        var out: [(age: Double, pressure: Double)] = []
        forEachRecent { out.append(($0, $1)) }
        return out
    }

    /// Calls `body` with each sample of the last second, oldest first, without allocating.
    private func forEachRecent(_ body: (_ age: Double, _ pressure: Double) -> Void) {
        guard written > 0 else { return }
        let newest = times[(written - 1) % Self.capacity]
        var count = 0
        while count < min(written, Self.capacity), newest - times[(written - 1 - count) % Self.capacity] <= Self.window {
            count += 1
        }
        for i in stride(from: count - 1, through: 0, by: -1) {
            let slot = (written - 1 - i) % Self.capacity
            body(newest - times[slot], values[slot])
        }
    }

    public func draw(in context: GraphicsContext, rect: Rect) {
        context.drawPanel(bounds, cornerRadius: 4, fill: Self.panelColor, border: Self.borderColor)
        context.setColor(Self.textColor)
        context.setFont(size: Self.fontSize, family: "monospace")
        let label = latest.map { String(format: "pressure %.2f", $0) } ?? "pressure –"
        context.showText(label, at: Point(x: Self.inset, y: Self.inset + Self.labelHeight - 3))
        // The graph: 0 at the bottom, 1 at the top, the newest sample at the right edge.
        let plot = Rect(x: Self.inset, y: Self.inset + Self.labelHeight, width: bounds.width - 2 * Self.inset,
                        height: bounds.height - 2 * Self.inset - Self.labelHeight)
        context.setColor(Self.borderColor)
        context.move(to: Point(x: plot.minX, y: plot.maxY + 0.5))
        context.addLine(to: Point(x: plot.maxX, y: plot.maxY + 0.5))
        context.stroke()
        var last: Point?, drawn = 0
        forEachRecent { age, pressure in
            let point = Point(x: plot.maxX - plot.width * age / Self.window, y: plot.maxY - plot.height * pressure)
            if last == nil { context.move(to: point) } else { context.addLine(to: point) }
            last = point
            drawn += 1
        }
        // One sample is a dot: a zero-length segment, which the round cap draws.
        if drawn == 1, let last { context.addLine(to: last) }
        context.setColor(PenTiltView.color)
        context.setLineWidth(2)
        context.setLineJoin(.round)
        context.setLineCap(.round)
        context.stroke()
    }
}
