import Rendering
import Foundation
import Testing
import TouchKit
import TouchCanvasTesting

/// Shows one ink layer the way the app's drawing views do: opaque on the backdrop the renderer
/// vouches for and copied, or else transparent and blended over a fill of that backdrop. A
/// change of backdrop drops the layer's pixels; the view then redraws ``strokes``, its model.
@MainActor
final class FlatInkView: View, CairoDrawing {
    let layer: InkLayer
    var strokes: [Line]
    var claimsOwnBackdrop = true
    /// Whether the last `draw` copied the layer.
    private(set) var copied = false
    /// Times `draw` redrew the layer from ``strokes``.
    private(set) var rebuilds = 0

    init(frame: Rect, layer: InkLayer, strokes: [Line] = OpaqueInkTests.strokes) {
        self.layer = layer
        self.strokes = strokes
        super.init(frame: frame)
    }

    func draw(in context: GraphicsContext, rect: Rect) {
        layer.backdrop = context.backdrop
        // Where the layer was (a test may give it another rect or scale than the view's), or
        // the view's bounds at the frame's scale for a new one.
        let fresh = layer.rect == .zero
        let rect = fresh ? bounds : layer.rect, scale = fresh ? context.scale : layer.scale
        if !layer.matches(rect: rect, scale: scale) {
            layer.rebuild(from: strokes, rect: rect, scale: scale)
            rebuilds += 1
        }
        copied = context.copy(layer)
        guard !copied else { return }
        if let backdrop = context.backdrop {
            context.setColor(backdrop)
            context.fill(bounds)
        }
        context.draw(layer)
    }

    var paintsOwnBackdrop: Bool { claimsOwnBackdrop }
    var drawsTheSameUnderAnyClip: Bool { true }

    /// What `takeInvalidatedRects` answers next; `nil` for "all of it".
    var invalidated: [Rect]?

    func takeInvalidatedRects(_ report: (Rect) -> Void) -> Bool {
        defer { invalidated = nil }
        guard let invalidated else { return false }
        for rect in invalidated { report(rect) }
        return true
    }
}

/// A view that says it paints its own backdrop and then paints nothing: whatever shows where it
/// is was left there by someone else.
@MainActor
final class EmptyOpaqueView: View, CairoDrawing {
    func draw(in context: GraphicsContext, rect: Rect) {}
    var paintsOwnBackdrop: Bool { true }
}

/// Opaque ink layers: strokes drawn straight onto the backdrop, copied by frames. Live drawing,
/// repairs, clears and rebuilds give exactly the same pixels (the same operations in the same
/// order); those are within 2/255 of blending the transparent layer over the backdrop (8-bit
/// compositing is not associative, see `InkLayer`); and the renderer paints nothing under a view
/// that paints its own backdrop.
@MainActor
@Suite struct OpaqueInkTests {
    static let rect = Rect(x: 0, y: 0, width: 200, height: 100)
    static let beige = Color(rgb: 0xF3E9D2)

    /// Strokes that overlap a lot, in colours and widths that leave many antialiased pixels
    /// blended twice or more — where a shortcut in the compositing order would show.
    static let strokes = [
        Line([Point(x: 10, y: 10), Point(x: 90, y: 60), Point(x: 150, y: 20), Point(x: 150, y: 20),
              Point(x: 190, y: 90)], width: 8),
        Line([Point(x: 30, y: 80), Point(x: 31.3, y: 77.2), Point(x: 60, y: 12.7)], color: .black, width: 3),
        Line([Point(x: 5, y: 50), Point(x: 195, y: 45.5)], color: Color(rgb: 0xE01B24), width: 6),
        Line([Point(x: 120.4, y: 5), Point(x: 122, y: 40), Point(x: 80.5, y: 95)], width: 8),
    ]

    /// A layer with ``strokes`` drawn a point at a time, as frames add them; opaque on
    /// `backdrop` if one is given.
    static func liveLayer(scale: Double, rect: Rect = rect, backdrop: Color? = nil) -> InkLayer {
        let layer = InkLayer()
        layer.backdrop = backdrop
        layer.reset(rect: rect, scale: scale)
        for stroke in strokes {
            for count in 1...stroke.inkPoints.count {
                let partial = Line(Array(stroke.inkPoints.prefix(count)), color: stroke.inkStyle.color,
                                   width: stroke.inkStyle.width)
                layer.drawSegments(of: partial, from: count - 1)
            }
        }
        return layer
    }

    /// What the renderer drew before the opaque copy existed: `layer` blended over the window
    /// and the view's background.
    func blended(_ layer: InkLayer, scale: Double, format: PixelFormat = .xrgb8888,
                 configure: (Window, View) -> Void = { _, _ in }) throws -> PixelBuffer {
        let window = Window(frame: Self.rect, clock: { 0 })
        let view = InkView(frame: window.bounds)
        view.layers = [(layer, 1)]
        window.addSubview(view)
        configure(window, view)
        return try referenceRender(of: window, scale: scale, format: format)
    }

    /// The same window with a ``FlatInkView`` instead; also returns whether it copied and how
    /// often it redrew the layer from its strokes.
    func copied(_ layer: InkLayer, scale: Double, format: PixelFormat = .xrgb8888,
                configure: (Window, View) -> Void = { _, _ in }) throws -> (PixelBuffer, Bool, rebuilds: Int) {
        let window = Window(frame: Self.rect, clock: { 0 })
        let view = FlatInkView(frame: window.bounds, layer: layer)
        window.addSubview(view)
        configure(window, view)
        let buffer = try referenceRender(of: window, scale: scale, format: format)
        return (buffer, view.copied, view.rebuilds)
    }

    @Test(arguments: [1.0, 2.0, 1.25], [PixelFormat.xrgb8888, .argb8888])
    func theCopiedLayerShowsLiveDrawingAsARebuildDoesAndAsBlendingToWithinRounding(scale: Double, format: PixelFormat) throws {
        for background in [Color.white, Self.beige] {
            let setBackground: (Window, View) -> Void = { _, view in view.backgroundColor = background }
            let (copy, didCopy, rebuilds) = try copied(Self.liveLayer(scale: scale, backdrop: background), scale: scale,
                                                       format: format, configure: setBackground)
            #expect(didCopy, "the frame copied")
            #expect(rebuilds == 0, "the live pixels, not a rebuild")
            let (rebuilt, _, redrew) = try copied(InkLayer(), scale: scale, format: format, configure: setBackground)
            #expect(redrew == 1)
            #expect(differences(copy, rebuilt).isEmpty, "\(background): \(differences(copy, rebuilt))")
            let blend = try blended(Self.liveLayer(scale: scale), scale: scale, format: format, configure: setBackground)
            #expect(largestDifference(copy, blend) <= 2, "\(background): \(differences(copy, blend))")
            let backdrop = try #require(copy.pixel(x: 0, y: 0), "a corner with no ink")
            #expect(count(in: copy) { x, y, _ in copy.pixel(x: x, y: y) != backdrop } > 1000, "there is ink")
        }
    }

    /// Undo, clear and more strokes on the opaque layer, each frame compared with a fresh layer
    /// rebuilt from what the drawing then holds: the same pixels exactly.
    @Test(arguments: [1.0, 1.25])
    func theCopyFollowsTheLayerThroughDrawingRepairClearAndReset(scale: Double) throws {
        let window = Window(frame: Self.rect, clock: { 0 })
        let layer = InkLayer()
        layer.backdrop = .white
        layer.reset(rect: Self.rect, scale: scale)
        let view = FlatInkView(frame: window.bounds, layer: layer, strokes: [])
        view.backgroundColor = .white
        window.addSubview(view)
        let renderer = ViewRenderer()
        let size = bufferSize(of: window, scale: scale)
        let buffer = try PixelBuffer(width: size.width, height: size.height, format: .xrgb8888)
        var age = 0

        func frameMatchesRebuilding(_ step: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            view.setNeedsDisplay()
            _ = renderer.render(window, into: buffer, scale: scale, bufferAge: age)
            age = 1
            #expect(view.copied, "\(step): copied", sourceLocation: sourceLocation)
            let background = view.backgroundColor
            let reference = Window(frame: Self.rect, clock: { 0 })
            let fresh = FlatInkView(frame: reference.bounds, layer: InkLayer(), strokes: view.strokes)
            fresh.backgroundColor = background
            reference.addSubview(fresh)
            let diff = differences(buffer, try referenceRender(of: reference, scale: scale, format: .xrgb8888))
            #expect(diff.isEmpty, "\(step): \(diff)", sourceLocation: sourceLocation)
        }

        let strokes = Self.strokes
        layer.drawSegments(of: strokes[0], from: 0)
        view.strokes = [strokes[0]]
        try frameMatchesRebuilding("first stroke")
        layer.drawSegments(of: strokes[1], from: 0)
        layer.drawSegments(of: strokes[2], from: 0)
        view.strokes = Array(strokes[0...2])
        try frameMatchesRebuilding("two more, crossing it")
        layer.repair(covering: strokes[1].bounds) { band in
            for stroke in [strokes[0], strokes[2]] where stroke.bounds.intersects(band) {
                layer.drawSegments(of: stroke, from: 0, within: band)
            }
        }
        view.strokes = [strokes[0], strokes[2]]
        try frameMatchesRebuilding("the middle one taken out")
        layer.clear()
        view.strokes = []
        try frameMatchesRebuilding("cleared")
        layer.drawSegments(of: strokes[3], from: 0)
        view.strokes = [strokes[3]]
        try frameMatchesRebuilding("drawn again after clearing")
        view.strokes = strokes
        layer.rebuild(from: strokes, rect: Self.rect, scale: scale)
        try frameMatchesRebuilding("rebuilt")
        let before = view.rebuilds
        view.backgroundColor = Self.beige
        try frameMatchesRebuilding("on another backdrop")
        #expect(view.rebuilds == before + 1, "a new backdrop: redrawn from the strokes")
    }

    /// The renderer hands a backdrop only where one opaque colour lies under the whole view; in
    /// every other case the view blends, giving the pixels of blending; a copy gives them to
    /// within rounding.
    @Test(arguments: [
        ("an opaque background", true),
        ("no background over the window's", true),
        ("a beige window", true),
        ("a translucent background", false),
        ("rounded corners", false),
        ("a half transparent view", false),
        ("a fractional position", false),
        ("a view beneath", false),
        ("a translucent window", false),
    ])
    func theBackdropIsOnlyEverOneOpaqueColour(situation: String, copies: Bool) throws {
        let configure: (Window, View) -> Void = { window, view in
            switch situation {
            case "an opaque background": view.backgroundColor = Self.beige
            case "no background over the window's": view.backgroundColor = nil
            case "a beige window": window.backgroundColor = Self.beige
            case "a translucent background": view.backgroundColor = Color(rgb: 0x808000, alpha: 0.5)
            case "rounded corners":
                view.backgroundColor = .white
                view.cornerRadius = 20
            case "a half transparent view":
                view.backgroundColor = .white
                view.alpha = 0.5
            case "a fractional position":
                view.backgroundColor = .white
                view.frame = Rect(x: 10.5, y: 0, width: 180, height: 100)
            case "a view beneath":
                let beneath = View(frame: Rect(x: 40, y: 20, width: 50, height: 50))
                beneath.backgroundColor = Color(rgb: 0x3070E0)
                view.removeFromSuperview()
                window.addSubview(beneath)
                window.addSubview(view)
            case "a translucent window": window.backgroundColor = Color(rgb: 0xFFFFFF, alpha: 0.5)
            default: Issue.record("unknown situation \(situation)")
            }
        }
        let (copy, didCopy, _) = try copied(Self.liveLayer(scale: 1), scale: 1, format: .argb8888, configure: configure)
        let blend = try blended(Self.liveLayer(scale: 1), scale: 1, format: .argb8888, configure: configure)
        #expect(didCopy == copies)
        if copies {
            #expect(largestDifference(copy, blend) <= 2, "\(differences(copy, blend))")
        } else {
            #expect(differences(copy, blend).isEmpty, "\(differences(copy, blend))")
        }
    }

    @Test func nothingIsPaintedUnderAViewThatPaintsItsOwnBackdrop() throws {
        let red: UInt32 = 0xFFFF_0000
        let window = Window(frame: Self.rect, clock: { 0 })
        let beneath = View(frame: Rect(x: 20, y: 20, width: 40, height: 40))
        beneath.backgroundColor = Color(rgb: 0x3070E0)
        window.addSubview(beneath)
        let opaque = EmptyOpaqueView(frame: window.bounds)
        opaque.backgroundColor = .white
        window.addSubview(opaque)
        let buffer = try PixelBuffer(width: 200, height: 100, format: .xrgb8888)
        func fillRed() {
            for y in 0..<buffer.height {
                let row = (buffer.baseAddress + y * buffer.stride).assumingMemoryBound(to: UInt32.self)
                row.update(repeating: red, count: buffer.width)
            }
            buffer.markDirty()
        }

        fillRed()
        _ = ViewRenderer().render(window, into: buffer, scale: 1, bufferAge: 0)
        #expect(count(in: buffer) { _, _, raw in raw != red } == 0,
                "no window background, no view beneath, no background fill of its own")

        // Covering less than the repainted area: painted as usual.
        opaque.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        fillRed()
        _ = ViewRenderer().render(window, into: buffer, scale: 1, bufferAge: 0)
        #expect(buffer.pixel(x: 150, y: 50) == .white, "the window background")
        #expect(buffer.pixel(x: 30, y: 30) == PixelColor(rgb: 0x3070E0), "the view beneath")
        #expect(buffer.pixel(x: 80, y: 80) == .white, "the view's own background")
        #expect(count(in: buffer) { _, _, raw in raw == red } == 0)
    }

    /// Spots moving over window-wide copied ink, with buffers swapping: every frame is exactly a
    /// full render, and the ink view — whose pixels do not depend on the clip — no longer widens
    /// each repaint into a band across the window.
    @Test(arguments: [(2, 1.0), (2, 2.0), (3, 1.25)])
    func spotsOverCopiedInkRepaintOnlyAroundTheSpots(buffers: Int, scale: Double) throws {
        let scene = SpotScene(width: 640, height: 480)
        let layer = InkLayer()
        let line = Line([Point(x: 20, y: 190), Point(x: 620, y: 230), Point(x: 300, y: 260)], width: 8)
        let ink = FlatInkView(frame: scene.window.bounds, layer: layer, strokes: [line])
        ink.backgroundColor = .white
        scene.window.insertSubview(ink, at: 0)
        layer.backdrop = .white
        layer.reset(rect: ink.bounds, scale: scale)
        layer.drawSegments(of: line, from: 0)

        let renderer = ViewRenderer()
        let size = bufferSize(of: scene.window, scale: scale)
        var chain = try BufferAgeTests.SwapChain(count: buffers, width: size.width, height: size.height)
        // Added before the first frame: a new view makes that frame full.
        let other = scene.addSpot(center: Point(x: 290, y: 230))
        let steps: [() -> Void] = [
            {},
            { scene.spot.center = Point(x: 262, y: 214) },
            { scene.spot.center = Point(x: 280, y: 200) },
            {
                let segment = Line([Point(x: 300, y: 260), Point(x: 250, y: 150)], width: 8)
                ink.invalidated = [layer.drawSegments(of: segment, from: 1)]
                ink.setNeedsDisplay()
            },
            { other.center = Point(x: 301.3, y: 244.6) },
            { scene.spot.center = Point(x: 500, y: 400) },
            { other.alpha = 0.5 },
            { scene.spot.center = Point(x: 90, y: 70) },
            { other.center = Point(x: 420, y: 90) },
        ]
        for (step, change) in steps.enumerated() {
            change()
            let (buffer, damage) = chain.frame(renderer, scene.window, scale: scale)
            let reference = try referenceRender(of: scene.window, scale: scale)
            #expect(differences(buffer, reference).isEmpty, "frame \(step): damage \(damage)")
            // Each buffer's first frame is full, and so is the damage the next frames repair.
            if step >= 2 * buffers - 1 {
                let repainted = renderer.lastRepaintedRegion
                #expect(repainted.rects.allSatisfy { $0.width < size.width / 2 }, "frame \(step): \(repainted)")
            }
        }
    }

    @Test func aViewThatPaintsItsOwnBackdropShowsItsPixelsOverAnything() throws {
        let layer = Self.liveLayer(scale: 2, backdrop: Self.beige)
        let window = Window(frame: Self.rect, clock: { 0 })
        let view = FlatInkView(frame: window.bounds, layer: layer)
        view.backgroundColor = Self.beige
        window.addSubview(view)
        let buffer = try PixelBuffer(width: 400, height: 200, format: .xrgb8888)
        memset(buffer.baseAddress, 0x5A, buffer.stride * buffer.height)
        buffer.markDirty()
        _ = ViewRenderer().render(window, into: buffer, scale: 2, bufferAge: 0)
        #expect(view.copied)
        let (clean, _, _) = try copied(layer, scale: 2) { _, view in view.backgroundColor = Self.beige }
        #expect(differences(buffer, clean).isEmpty, "\(differences(buffer, clean))")
    }
}
