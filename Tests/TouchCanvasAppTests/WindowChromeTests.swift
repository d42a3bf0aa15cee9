import Rendering
import Testing
import TouchKit
@testable import TouchCanvasApp

/// The app's own window frame as TouchKit sees it: what each part of it asks for, by finger and
/// by mouse, and what it looks like. No Wayland: requests are collected from the callback.
@MainActor
@Suite struct WindowChromeTests {
    /// A 400×300 content area with the floating margin: the frame surface is 424×364.
    @MainActor final class Harness {
        let layout = ChromeLayout(contentSize: Size(width: 400, height: 300), margin: ChromeLayout.floatingMargin)
        let view: WindowChromeView
        let window: Window
        let machine: TouchInputMachine
        var requests: [ChromeRequest] = []
        let seat = SeatID(1)
        var time: UInt32 = 0

        init() {
            view = WindowChromeView(title: "TouchCanvas — spots", layout: layout)
            window = Window(frame: view.frame)
            window.backgroundColor = .clear
            window.addSubview(view)
            machine = TouchInputMachine(window: window)
            view.onRequest = { [unowned self] request in requests.append(request) }
        }

        func feed(_ inputs: RawTouchInput...) { for input in inputs { machine.handle(input, seat: seat) } }
        func down(_ id: Int32, _ x: Double, _ y: Double) {
            time += 8
            feed(.down(id: id, time: time, location: Point(x: x, y: y)), .frame)
        }
        func move(_ id: Int32, _ x: Double, _ y: Double) {
            time += 8
            feed(.motion(id: id, time: time, location: Point(x: x, y: y)), .frame)
        }
        func up(_ id: Int32) {
            time += 8
            feed(.up(id: id, time: time), .frame)
        }
        func tap(_ id: Int32, _ x: Double, _ y: Double) {
            down(id, x, y)
            up(id)
        }

        /// What was asked, as words, so a test reads like the user's story.
        var asked: [String] {
            requests.map { request in
                switch request {
                case .move(let touch): "move \(touch.identifier)"
                case .resize(let edge, let touch): "resize \(edge.rawValue) \(touch.identifier)"
                case .minimize: "minimize"
                case .toggleMaximize: "toggle maximize"
                case .close: "close"
                }
            }
        }
    }

    @Test func layoutPutsTheTitleBarAboveTheContentAndTheButtonsAtTheRight() {
        let layout = ChromeLayout(contentSize: Size(width: 400, height: 300), margin: 12)
        #expect(layout.surfaceSize == Size(width: 424, height: 364))
        #expect(layout.windowRect == Rect(x: 12, y: 12, width: 400, height: 340))
        #expect(layout.contentRect == Rect(x: 12, y: 52, width: 400, height: 300))
        #expect(layout.buttonRect(.close) == Rect(x: 372, y: 12, width: 40, height: 40))
        #expect(layout.buttonRect(.maximize) == Rect(x: 332, y: 12, width: 40, height: 40))
        #expect(layout.buttonRect(.minimize) == Rect(x: 292, y: 12, width: 40, height: 40))
    }

    @Test func regionsOfTheFrame() {
        let layout = ChromeLayout(contentSize: Size(width: 400, height: 300), margin: 12)
        #expect(layout.region(at: Point(x: 100, y: 30)) == .titleBar)
        #expect(layout.region(at: Point(x: 390, y: 30)) == .button(.close))
        #expect(layout.region(at: Point(x: 350, y: 30)) == .button(.maximize))
        #expect(layout.region(at: Point(x: 300, y: 30)) == .button(.minimize))
        #expect(layout.region(at: Point(x: 200, y: 200)) == .content)
        #expect(layout.region(at: Point(x: 200, y: 5)) == .edge(.top))
        #expect(layout.region(at: Point(x: 200, y: 360)) == .edge(.bottom))
        #expect(layout.region(at: Point(x: 5, y: 200)) == .edge(.left))
        #expect(layout.region(at: Point(x: 418, y: 200)) == .edge(.right))
        // Corners reach along the edges, inside the margin only.
        #expect(layout.region(at: Point(x: 5, y: 5)) == .edge(.topLeft))
        #expect(layout.region(at: Point(x: 30, y: 5)) == .edge(.topLeft))
        #expect(layout.region(at: Point(x: 5, y: 30)) == .edge(.topLeft))
        #expect(layout.region(at: Point(x: 37, y: 5)) == .edge(.top))
        #expect(layout.region(at: Point(x: 420, y: 5)) == .edge(.topRight))
        #expect(layout.region(at: Point(x: 5, y: 360)) == .edge(.bottomLeft))
        #expect(layout.region(at: Point(x: 420, y: 350)) == .edge(.bottomRight))
        #expect(layout.region(at: Point(x: 30, y: 30)) == .titleBar, "the window's own corner is not the margin")
        #expect(layout.region(at: Point(x: -1, y: 30)) == nil)
        #expect(layout.region(at: Point(x: 424, y: 30)) == nil)
    }

    @Test func maximisedThereIsNoMarginAndNoEdge() {
        let layout = ChromeLayout(contentSize: Size(width: 400, height: 300), margin: 0)
        #expect(layout.surfaceSize == Size(width: 400, height: 340))
        #expect(layout.region(at: Point(x: 0, y: 0)) == .titleBar)
        #expect(layout.region(at: Point(x: 399, y: 339)) == .content)
    }

    @Test func aFingerOnTheMarginResizesFromThatEdgeAtOnce() {
        let h = Harness()
        h.down(3, 418, 200)
        h.down(4, 420, 360)
        #expect(h.asked == ["resize right 3", "resize bottomRight 4"])
    }

    @Test func aTapOnTheTitleBarIsNoMoveButADragIs() {
        let h = Harness()
        h.down(1, 100, 30)
        h.move(1, 103, 31)  // under the threshold: still a tap
        h.up(1)
        #expect(h.asked.isEmpty)
        h.time += 1000  // long after: no second tap
        h.down(2, 100, 30)
        h.move(2, 104, 33)
        h.move(2, 110, 34)  // 10.8 px from the start
        h.move(2, 150, 60)
        h.up(2)
        #expect(h.asked == ["move 2"], "one move, quoting the touch that dragged")
    }

    @Test func aDoubleTapOnTheTitleBarMaximises() {
        let h = Harness()
        h.tap(1, 100, 30)
        h.tap(2, 102, 31)
        #expect(h.asked == ["toggle maximize"])
        // Far apart, it is two single taps.
        let far = Harness()
        far.tap(1, 60, 30)
        far.tap(2, 200, 30)
        #expect(far.asked.isEmpty)
    }

    @Test func buttonsActWhenTheFingerLiftsOnThem() {
        let h = Harness()
        h.tap(1, 390, 30)
        h.tap(2, 350, 30)
        h.tap(3, 310, 30)
        #expect(h.asked == ["close", "toggle maximize", "minimize"])
    }

    @Test func aPressThatSlidesOffAButtonDoesNothing() {
        let h = Harness()
        h.down(1, 390, 30)
        h.move(1, 250, 200)
        h.up(1)
        #expect(h.asked.isEmpty)
        // Nor does a cancelled one (the compositor took the touch).
        h.down(2, 390, 30)
        h.feed(.cancel)
        #expect(h.asked.isEmpty)
    }

    @Test func theMouseWorksTheFrameAsAFingerDoes() {
        let h = Harness()
        func click(_ x: Double, _ y: Double) {
            h.time += 8
            h.machine.handle(.motion(time: h.time, location: Point(x: x, y: y)), seat: h.seat)
            h.machine.handle(RawPointerInput.frame, seat: h.seat)
            h.machine.handle(.button(time: h.time, button: 0x110, pressed: true), seat: h.seat)
            h.machine.handle(RawPointerInput.frame, seat: h.seat)
            h.machine.handle(.button(time: h.time + 4, button: 0x110, pressed: false), seat: h.seat)
            h.machine.handle(RawPointerInput.frame, seat: h.seat)
        }
        h.machine.handle(.enter(location: Point(x: 390, y: 30)), seat: h.seat)
        h.machine.handle(RawPointerInput.frame, seat: h.seat)
        click(390, 30)
        #expect(h.asked == ["close"])
        // A press on the margin resizes; one on the title bar that drags moves.
        h.time += 400
        h.machine.handle(.motion(time: h.time, location: Point(x: 5, y: 200)), seat: h.seat)
        h.machine.handle(.button(time: h.time, button: 0x110, pressed: true), seat: h.seat)
        h.machine.handle(RawPointerInput.frame, seat: h.seat)
        h.machine.handle(.button(time: h.time + 4, button: 0x110, pressed: false), seat: h.seat)
        h.machine.handle(RawPointerInput.frame, seat: h.seat)
        #expect(h.asked.suffix(1).first?.hasPrefix("resize left") == true)
    }

    @Test func aLongTitleEndsInAnEllipsis() {
        let measure: (String) -> Double = { Double($0.count) * 10 }
        #expect(WindowChromeView.fitting("TouchCanvas", width: 200, measure: measure) == "TouchCanvas")
        #expect(WindowChromeView.fitting("TouchCanvas — spots", width: 100, measure: measure) == "TouchCanv…")
        #expect(WindowChromeView.fitting("TouchCanvas", width: 5, measure: measure) == "")
    }

    @Test func theTitleIsWholeAndClearOfTheButtonsOnANarrowWindow() throws {
        // 320 wide, the minimum: "TouchCanvas — spots" fits left of the buttons, not centred.
        let view = WindowChromeView(title: "TouchCanvas — spots",
                                   layout: ChromeLayout(contentSize: Size(width: 320, height: 240), margin: 0))
        let window = Window(frame: view.frame)
        window.backgroundColor = .clear
        window.addSubview(view)
        let pixels = try PixelBuffer(width: 320, height: 280, format: .argb8888)
        _ = ViewRenderer().render(window, into: pixels, scale: 1, bufferAge: 0)
        let buttonsLeft = Int(view.layout.buttonRect(.minimize).minX)
        let inkColumns = (0..<320).filter { x in (8..<32).contains { y in pixel(pixels, x, y).red < 0x80 } }
        let titleColumns = inkColumns.filter { $0 < buttonsLeft }
        #expect((titleColumns.first ?? 0) >= 12 && (titleColumns.last ?? 999) < buttonsLeft - 8 + 1,
                "title ink from \(titleColumns.first ?? -1) to \(titleColumns.last ?? -1), buttons at \(buttonsLeft)")
        #expect((titleColumns.last ?? 0) - (titleColumns.first ?? 0) > 120, "the whole title, not a clipped part")
    }

    @Test func cursorsFollowTheEdges() {
        let h = Harness()
        #expect(h.view.cursorNames(at: Point(x: 418, y: 200)).first == "right_side")
        #expect(h.view.cursorNames(at: Point(x: 2, y: 2)).first == "top_left_corner")
        #expect(h.view.cursorNames(at: Point(x: 100, y: 30)).first == "left_ptr")
    }

    // MARK: Pixels

    func render(_ h: Harness, scale: Double = 1) throws -> PixelBuffer {
        let size = h.layout.surfaceSize
        let buffer = try PixelBuffer(width: Int(size.width * scale), height: Int(size.height * scale), format: .argb8888)
        _ = ViewRenderer().render(h.window, into: buffer, scale: scale, bufferAge: 0)
        return buffer
    }

    /// Outside the buffer reads as a colour no test expects (opaque magenta).
    func pixel(_ buffer: PixelBuffer, _ x: Int, _ y: Int) -> PixelColor {
        buffer.pixel(x: x, y: y) ?? PixelColor(red: 255, green: 0, blue: 255)
    }

    func opaque(_ color: Color) -> PixelColor {
        PixelColor(red: UInt8((color.red * 255).rounded()), green: UInt8((color.green * 255).rounded()),
                   blue: UInt8((color.blue * 255).rounded()))
    }

    @Test func drawsATitleBarButtonsAndATransparentMarginAndHole() throws {
        let h = Harness()
        let pixels = try render(h)
        // The title bar's colour away from the text and buttons.
        #expect(pixel(pixels, 30, 20) == opaque(WindowChromeView.titleBarColor))
        // The margin's outer corner and the content hole are see-through.
        #expect(pixel(pixels, 0, 0).alpha == 0)
        #expect(pixel(pixels, 200, 200).alpha == 0)
        // The hairline round the window, just outside it.
        #expect(pixel(pixels, 11, 200).alpha > 60)
        // Dark glyph pixels in the close button, none in its corners.
        let close = h.layout.buttonRect(.close)
        let dark = (Int(close.minX)..<Int(close.maxX)).flatMap { x in
            (Int(close.minY)..<Int(close.maxY)).map { y in pixel(pixels, x, y) }
        }.filter { $0.red < 0x80 && $0.alpha == 255 }
        #expect(dark.count >= 20, "the close cross: \(dark.count) dark pixels")
        #expect(pixel(pixels, Int(close.minX) + 2, Int(close.minY) + 2) == opaque(WindowChromeView.titleBarColor))
        // Title text: dark pixels in the middle of the bar.
        let titleInk = (150..<280).filter { x in pixel(pixels, x, 32).red < 0x80 }.count
        #expect(titleInk > 0, "no title text across the bar's middle")
    }

    @Test func theMaximiseButtonShowsRestoreWhenMaximisedAndInactiveIsPaler() throws {
        let h = Harness()
        let before = try render(h)
        h.view.isMaximized = true
        h.view.isActive = false
        let after = try render(h)
        let button = h.layout.buttonRect(.maximize)
        var changed = 0
        for x in Int(button.minX)..<Int(button.maxX) {
            for y in Int(button.minY)..<Int(button.maxY) where pixel(before, x, y) != pixel(after, x, y) { changed += 1 }
        }
        #expect(changed > 20)
        #expect(pixel(after, 30, 20) == opaque(WindowChromeView.inactiveTitleBarColor))
    }

    @Test func atScaleTwoTheGlyphsStayCrisp() throws {
        let h = Harness()
        let pixels = try render(h, scale: 2)
        let close = h.layout.buttonRect(.close)
        // The minimise bar is a 2-px line at scale 1: 4 device rows fully dark at scale 2,
        // no grey rows above or below it.
        let minimize = h.layout.buttonRect(.minimize)
        let column = Int(minimize.midX * 2)
        let rows = (Int(minimize.minY * 2)..<Int(minimize.maxY * 2)).map { pixel(pixels, column, $0) }
        let dark = rows.filter { $0.red < 0x40 }.count
        let grey = rows.filter { $0.red >= 0x40 && $0.red < 0xC0 }.count
        #expect(dark == 4 && grey == 0, "dark \(dark), grey \(grey)")
        #expect(close.width == 40)
    }
}
