import Foundation
import Rendering
import TouchKit

/// Where the latency scene flashes at a touch down: the whole window, or a patch in its
/// top-left corner (where a photodiode is taped, leaving the rest of the screen for the finger).
public enum LatencyFlashArea: String, Sendable, CaseIterable {
    case window, corner
}

/// `--scene latency` (key 8): for measuring touch latency end to end, which `wp_presentation`
/// cannot see (it starts at the event's time, after the panel's own sensing and the kernel).
///
/// Two instruments, as latency rigs use them:
/// - **The flash.** At every touch down the window (or a corner patch, ``flashArea``) turns
///   from pure black to pure white for exactly one frame: a clean edge for a photodiode or a
///   high-speed camera filming the finger and the screen together.
/// - **Lag rings.** While a finger drags, rings mark where it was 10, 20, 50 and 100 ms before
///   its latest sample; the person reads how far the real finger is ahead of the drawn dot
///   against them (at a steady speed, a finger one 50 ms ring ahead is 50 ms late). The
///   measured touch→glass median is shown beside them, for comparison.
public final class LatencyView: View, FrameFollowing, TouchToGlassShowing {
    /// The ring ages, in seconds.
    public static let ringAges = [0.010, 0.020, 0.050, 0.100]
    /// The corner patch's side, in logical pixels.
    public static let cornerSide = 160.0

    public var flashArea = LatencyFlashArea.window {
        didSet { layoutFlash() }
    }
    public var touchToGlassMedian: (@MainActor () -> Double?)? {
        didSet { caption.median = touchToGlassMedian }
    }
    /// How many flashes have gone to the screen (each one frame long).
    public var flashCount: Int { flash.flashCount }

    private let flash = FlashPatchView()
    private let rings = LagRingsView()
    private let caption = LatencyCaptionView()

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isMultipleTouchEnabled = true
        for view in [flash, rings, caption] as [View] {
            view.isUserInteractionEnabled = false
            addSubview(view)
        }
        layOut()
    }

    public override var frame: Rect {
        didSet { layOut() }
    }

    private func layOut() {
        layoutFlash()
        rings.frame = bounds
        caption.frame = Rect(x: Self.cornerSide + 16, y: 8, width: max(bounds.width - Self.cornerSide - 24, 0), height: 48)
    }

    private func layoutFlash() {
        flash.frame = flashArea == .window ? bounds : Rect(x: 0, y: 0, width: Self.cornerSide, height: Self.cornerSide)
        setNeedsDisplay()
    }

    public func displayFrameWillDraw() {
        flash.displayFrameWillDraw()
        caption.refresh()
    }

    public var needsAnotherFrame: Bool { flash.needsAnotherFrame }

    /// The white frame is drawn: it must be seen before the black one replaces it.
    public var mustShowLastFrame: Bool { flash.isWhite }

    // MARK: Touches

    public override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        flash.request()
        for touch in touches { rings.began(touch) }
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        for touch in touches {
            for sample in event.coalescedTouches(for: touch) { rings.moved(touch.number, to: sample.location(in: self), at: sample.timestamp) }
        }
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        for touch in touches { rings.ended(touch.number) }
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        for touch in touches { rings.ended(touch.number) }
    }
}

/// Black, or white for the one frame after a touch down.
final class FlashPatchView: View, CairoDrawing {
    private var due = false
    private(set) var isWhite = false
    private(set) var flashCount = 0

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
    }

    /// A white frame is due or showing: the frame after it must come without input.
    var needsAnotherFrame: Bool { due || isWhite }

    /// A touch came down: the next frame is white.
    func request() {
        due = true
        setNeedsDisplay()
    }

    /// Each display frame, before drawing: white for the frame after a request, black again
    /// for the one after that (and before the next white).
    func displayFrameWillDraw() {
        if isWhite {
            // Black after every white frame, even with another touch due: two taps give two
            // flashes a photodiode can tell apart, never one long one.
            isWhite = false
            setNeedsDisplay()
        } else if due {
            due = false
            isWhite = true
            flashCount += 1
            setNeedsDisplay()
        }
    }

    func draw(in context: GraphicsContext, rect: Rect) {
        context.setColor(isWhite ? .white : .black)
        context.fill(bounds)
    }
}

/// Each dragging finger's recent path, its latest sample as a dot, and rings where it was
/// ``LatencyView/ringAges`` before that.
final class LagRingsView: View, CairoDrawing {
    /// Samples kept per finger: a little over the oldest ring.
    static let history = 0.25
    /// Red `#E01B24`, the visual contract's: on black it reads at a glance, and a camera's frame
    /// tells it from the grey path and the white dot.
    static let ringColor = Color(rgb: 0xE01B24)
    static let pathColor = Color(rgb: 0x9E9E9E)
    private var fingers: [Int: [(location: Point, time: Double)]] = [:]
    private var drawnBounds: Rect?

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
    }

    func began(_ touch: Touch) {
        fingers[touch.number] = [(touch.location(in: self), touch.timestamp)]
        setNeedsDisplay()
    }

    func moved(_ number: Int, to location: Point, at time: Double) {
        guard var samples = fingers[number] else { return }
        samples.append((location, time))
        if let cut = samples.firstIndex(where: { $0.time >= time - Self.history }), cut > 1 { samples.removeFirst(cut - 1) }
        fingers[number] = samples
        setNeedsDisplay()
    }

    func ended(_ number: Int) {
        fingers[number] = nil
        setNeedsDisplay()
    }

    /// Where a finger was `age` seconds before its latest sample, between the samples around
    /// then; nil when its history does not reach that far back.
    static func location(in samples: [(location: Point, time: Double)], age: Double) -> Point? {
        guard let last = samples.last else { return nil }
        let time = last.time - age
        guard let after = samples.firstIndex(where: { $0.time >= time }), after > 0 else {
            return samples.first.flatMap { $0.time <= time ? $0.location : nil }
        }
        let a = samples[after - 1], b = samples[after]
        let f = b.time > a.time ? (time - a.time) / (b.time - a.time) : 1
        return Point(x: a.location.x + (b.location.x - a.location.x) * f, y: a.location.y + (b.location.y - a.location.y) * f)
    }

    /// What this frame draws: the old drawing's box and the new one's.
    func takeInvalidatedRect() -> Rect? {
        let now = currentBounds
        defer { drawnBounds = now }
        switch (drawnBounds, now) {
        case let (old?, new?): return old.union(new)
        case let (old?, nil): return old
        case let (nil, new?): return new
        case (nil, nil): return Rect(x: 0, y: 0, width: 0, height: 0)
        }
    }

    /// The box around every path and ring, labels included.
    private var currentBounds: Rect? {
        let points = fingers.values.flatMap { $0.map(\.location) }
        guard let minX = points.map(\.x).min(), let maxX = points.map(\.x).max(),
              let minY = points.map(\.y).min(), let maxY = points.map(\.y).max() else { return nil }
        // Rings reach 9 px out, their labels 24 px below and a little to the side.
        return Rect(x: minX - 40, y: minY - 40, width: maxX - minX + 80, height: maxY - minY + 80)
    }

    func draw(in context: GraphicsContext, rect: Rect) {
        for number in fingers.keys.sorted() {
            guard let samples = fingers[number], let head = samples.last else { continue }
            context.setColor(Self.pathColor)
            context.setLineWidth(2)
            context.setLineCap(.round)
            context.setLineJoin(.round)
            context.addLines(samples.map(\.location))
            context.stroke()
            context.setFont(size: 11, weight: .bold)
            for (index, age) in LatencyView.ringAges.enumerated() {
                guard let p = Self.location(in: samples, age: age) else { continue }
                context.setColor(Self.ringColor)
                context.setLineWidth(1.5)
                context.addEllipse(in: Rect(x: p.x - 9, y: p.y - 9, width: 18, height: 18))
                context.stroke()
                // Labels above and below in turn: the 10 and 20 ms rings nearly touch.
                context.showText("\(Int((age * 1000).rounded()))", at: Point(x: p.x - 6, y: index % 2 == 0 ? p.y - 13 : p.y + 24))
            }
            context.setColor(.white)
            context.addEllipse(in: Rect(x: head.location.x - 6, y: head.location.y - 6, width: 12, height: 12))
            context.fill()
        }
    }
}

/// The scene's caption: what the rings are and the measured median.
final class LatencyCaptionView: View, CairoDrawing {
    var median: (@MainActor () -> Double?)?
    private var shown: String = ""

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
    }

    var text: String {
        median?().map { String(format: "touch→glass median %.1f ms (wp_presentation)", $0 * 1000) }
            ?? "touch→glass not measured yet (needs wp_presentation)"
    }

    static let key = "rings: where the finger was 10, 20, 50, 100 ms before the dot · f: flash window or corner"

    /// Redraws only when the words change (the median moves at most once a frame).
    func refresh() {
        let now = text
        guard now != shown else { return }
        shown = now
        setNeedsDisplay()
    }

    func draw(in context: GraphicsContext, rect: Rect) {
        context.setColor(Color(rgb: 0xBDBDBD))
        context.setFont(size: 13)
        context.showText(shown, at: Point(x: 0, y: 18))
        context.setColor(LagRingsView.ringColor)
        context.showText(Self.key, at: Point(x: 0, y: 38))
    }
}
