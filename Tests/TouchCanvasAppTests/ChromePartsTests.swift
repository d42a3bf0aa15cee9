import Rendering
import Testing
import TouchKit
@testable import TouchCanvasApp

/// The frame's parts (``ChromePart``): where each lies, that together they cover the frame round
/// the content and nothing of it, and that each drawn on its own, into a buffer of its size,
/// shows exactly the pixels the whole frame drawn into one buffer shows there.
@MainActor
@Suite struct ChromePartsTests {
    let layout = ChromeLayout(contentSize: Size(width: 400, height: 300), margin: ChromeLayout.floatingMargin)

    @Test func thePartsLieRoundTheContent() {
        #expect(layout.rect(of: .titleBar) == Rect(x: 12, y: 12, width: 400, height: 40))
        #expect(layout.rect(of: .top) == Rect(x: 0, y: 0, width: 424, height: 12))
        #expect(layout.rect(of: .bottom) == Rect(x: 0, y: 352, width: 424, height: 12))
        #expect(layout.rect(of: .left) == Rect(x: 0, y: 12, width: 12, height: 340))
        #expect(layout.rect(of: .right) == Rect(x: 412, y: 12, width: 12, height: 340))
        // Subsurface positions, from the canvas's top-left.
        #expect(layout.offsetFromContent(of: .titleBar) == Point(x: 0, y: -40))
        #expect(layout.offsetFromContent(of: .top) == Point(x: -12, y: -52))
        #expect(layout.offsetFromContent(of: .bottom) == Point(x: -12, y: 300))
        #expect(layout.offsetFromContent(of: .left) == Point(x: -12, y: -40))
        #expect(layout.offsetFromContent(of: .right) == Point(x: 400, y: -40))
        #expect(layout.shownParts == ChromePart.allCases)
    }

    @Test func everyPointOfTheFrameIsOnExactlyOnePartOrTheContent() {
        let size = layout.surfaceSize
        for y in stride(from: 0.5, to: size.height, by: 1) {
            for x in stride(from: 0.5, to: size.width, by: 1) {
                let point = Point(x: x, y: y)
                let on = ChromePart.allCases.filter { layout.rect(of: $0).contains(point) }
                let inContent = layout.contentRect.contains(point)
                #expect(on.count + (inContent ? 1 : 0) == 1, "\(point) is on \(on), content \(inContent)")
            }
        }
    }

    /// A point on a part is the frame's point there, so the corners resize diagonally from the
    /// top and bottom strips and the buttons are found on the title bar.
    @Test func aPointOnAPartIsFoundOnTheFrame() {
        func region(_ x: Double, _ y: Double, on part: ChromePart) -> ChromeRegion? {
            layout.region(at: layout.chromePoint(Point(x: x, y: y), on: part))
        }
        #expect(region(5, 5, on: .top) == .edge(.topLeft))
        #expect(region(200, 5, on: .top) == .edge(.top))
        #expect(region(420, 6, on: .bottom) == .edge(.bottomRight))
        #expect(region(5, 6, on: .bottom) == .edge(.bottomLeft))
        #expect(region(6, 150, on: .right) == .edge(.right))
        #expect(region(6, 150, on: .left) == .edge(.left))
        #expect(region(6, 5, on: .left) == .edge(.topLeft), "near the corner, along the side")
        #expect(region(88, 18, on: .titleBar) == .titleBar)
        #expect(region(380, 20, on: .titleBar) == .button(.close))
    }

    @Test func maximisedOnlyTheTitleBarIsShown() {
        let maximised = ChromeLayout(contentSize: Size(width: 1000, height: 660), margin: 0)
        #expect(maximised.shownParts == [.titleBar])
        #expect(maximised.rect(of: .titleBar) == Rect(x: 0, y: 0, width: 1000, height: 40))
        #expect(maximised.offsetFromContent(of: .titleBar) == Point(x: 0, y: -40))
    }

    // MARK: Pixels

    func frameWindow() -> (Window, WindowChromeView) {
        let view = WindowChromeView(title: "TouchCanvas — spots", layout: layout)
        let window = Window(frame: view.frame)
        window.backgroundColor = .clear
        window.addSubview(view)
        return (window, view)
    }

    /// Each part drawn into its own buffer, the title bar by a renderer that follows changes and
    /// the margin's strips as snapshots (as the app draws them), against the whole frame in one.
    @Test(arguments: [1.0, 2.0, 1.5])
    func eachPartShowsWhatTheWholeFrameShowsThere(scale: Double) throws {
        let (window, view) = frameWindow()
        view.isMaximized = true  // the restore glyph: something besides the plain bar
        let size = layout.surfaceSize
        let whole = try PixelBuffer(width: Int(size.width * scale), height: Int(size.height * scale), format: .argb8888)
        _ = ViewRenderer().render(window, into: whole, scale: scale, bufferAge: 0)
        for part in ChromePart.allCases {
            let rect = layout.rect(of: part)
            let buffer = try PixelBuffer(width: Int(rect.width * scale), height: Int(rect.height * scale), format: .argb8888)
            if part.showsLayoutAlone {
                #expect(ViewRenderer().snapshot(window, into: buffer, scale: scale, origin: rect.origin) == nil)
            } else {
                #expect(!ViewRenderer().render(window, into: buffer, scale: scale, bufferAge: 0, origin: rect.origin).isEmpty)
            }
            let left = Int(rect.minX * scale), top = Int(rect.minY * scale)
            var differing = 0
            var painted = 0
            for y in 0..<buffer.height {
                for x in 0..<buffer.width {
                    let pixel = buffer.pixel(x: x, y: y)
                    if pixel != whole.pixel(x: left + x, y: top + y) { differing += 1 }
                    if (pixel?.alpha ?? 0) > 0 { painted += 1 }
                }
            }
            #expect(differing == 0, "\(part) at \(scale): \(differing) pixels differ from the whole frame's")
            #expect(painted > 0, "\(part) at \(scale) shows nothing: the shadow, the hairline or the bar is missing")
        }
    }

    /// The title bar's renderer repaints what changed there only, at the title bar's origin.
    @Test func theTitleBarFollowsAPressedButton() throws {
        let (window, view) = frameWindow()
        let rect = layout.rect(of: .titleBar)
        let renderer = ViewRenderer()
        let buffer = try PixelBuffer(width: Int(rect.width), height: Int(rect.height), format: .argb8888)
        _ = renderer.render(window, into: buffer, scale: 1, bufferAge: 0, origin: rect.origin)
        #expect(renderer.isUpToDate(window, width: buffer.width, height: buffer.height, format: .argb8888, scale: 1,
                                    origin: rect.origin))
        #expect(!renderer.isUpToDate(window, width: buffer.width, height: buffer.height, format: .argb8888, scale: 1))
        view.isActive = false
        let damage = renderer.render(window, into: buffer, scale: 1, bufferAge: 1, origin: rect.origin)
        #expect(damage.boundingBox.width > 0 && damage.boundingBox.width <= buffer.width
                && damage.boundingBox.height <= buffer.height)
        let bar = WindowChromeView.inactiveTitleBarColor
        let expected = PixelColor(red: UInt8((bar.red * 255).rounded()), green: UInt8((bar.green * 255).rounded()),
                                  blue: UInt8((bar.blue * 255).rounded()))
        #expect(buffer.pixel(x: 18, y: 8) == expected, "the bar's own pixel (frame 30, 20), paler when inactive")
    }
}
