import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// The gestures scene's recognizers in the real binary, by `--log gestures` and by pixels: an
/// 800×600 window, so the placard (260×90) sits at (400, 300) and the square (204 pt) at
/// (580…784, 356…560).
@Suite(.compositorSlot(timeLimit: .minutes(3)))
struct GestureRecognizerEndToEndTests {
    static let square = (x: 682.0, y: 458.0)

    /// On the held clock (``ManualClock``, which the app reads too), so the recognizers'
    /// time-outs run on the time the test sets.
    func launch() async throws -> AppHarness {
        let h = try await AppHarness(arguments: ["--scene", "gestures", "--log", "gestures"], size: (800, 600), clock: ManualClock())
        await h.idle()
        return h
    }

    /// `recognizer@view state` for every logged state change, in order.
    func states(_ h: AppHarness) -> [String] {
        h.logLines.compactMap { line in
            guard let name = line["recognizer"] as? String, let state = line["state"] as? String else { return nil }
            return "\(name)@\(line["view"] as? String ?? "-") \(state)"
        }
    }

    func lines(_ h: AppHarness, _ recognizer: String, _ state: String) -> [[String: Any]] {
        h.logLines.filter { $0["recognizer"] as? String == recognizer && $0["state"] as? String == state }
    }

    /// Pixels of `rgb` (within 8 per channel) in the logical box.
    func count(_ frame: Frame, _ rgb: UInt32, x: ClosedRange<Int>, y: ClosedRange<Int>) -> Int {
        let (r, g, b) = (Int(rgb >> 16 & 0xFF), Int(rgb >> 8 & 0xFF), Int(rgb & 0xFF))
        var n = 0
        for py in stride(from: y.lowerBound, through: y.upperBound, by: 2) {
            for px in stride(from: x.lowerBound, through: x.upperBound, by: 2) {
                let p = frame.logicalPixel(Double(px), Double(py))
                if abs(Int(p.r) - r) <= 8 && abs(Int(p.g) - g) <= 8 && abs(Int(p.b) - b) <= 8 { n += 1 }
            }
        }
        return n
    }

    func squarePixels(_ frame: Frame) -> Int { count(frame, 0xE07A1F, x: 480...799, y: 250...599) }

    func drag(_ h: AppHarness, id: Int32 = 0, from: (Double, Double), to: (Double, Double), steps: Int = 12) async {
        let c = h.compositor
        c.touchDown(id: id, x: from.0, y: from.1)
        c.touchFrame()
        for step in 1...steps {
            let t = Double(step) / Double(steps)
            c.touchMotion(id: id, x: from.0 + (to.0 - from.0) * t, y: from.1 + (to.1 - from.1) * t)
            c.touchFrame()
            await c.pump(for: 0.016)
        }
        c.touchUp(id: id)
        c.touchFrame()
    }

    func tap(_ h: AppHarness, at point: (Double, Double), id: Int32 = 0) async {
        h.compositor.touchDown(id: id, x: point.0, y: point.1)
        h.compositor.touchFrame()
        await h.compositor.pump(for: 0.03)
        h.compositor.touchUp(id: id)
        h.compositor.touchFrame()
    }

    @Test func thePlacardIsDraggedByAPanAndFliesHome() async throws {
        let h = try await launch()
        let before = try #require(h.frame)
        let homePlacard = count(before, 0x2E5E8C, x: 280...520, y: 260...340)
        #expect(homePlacard > 1000)
        await drag(h, from: (400, 300), to: (250, 450))
        #expect(await h.waitForLog { _ in !lines(h, "pan", "ended").isEmpty }, "\(states(h))")
        let flown = try #require(await h.frame { count($0, 0x2E5E8C, x: 280...520, y: 260...340) == homePlacard })
        #expect(count(flown, 0x2E5E8C, x: 280...520, y: 260...340) == homePlacard, "the placard is home again")
        let logged = states(h).filter { $0.hasPrefix("pan@") }
        #expect(logged.first == "pan@placard began" && logged.last == "pan@placard ended", "\(logged)")
        #expect(logged.contains("pan@placard changed"))
        // The scene moves the placard by each step and sets the translation back to zero (as
        // UIKit's drag-by-delta idiom does): the steps add up to the finger's path.
        let steps = lines(h, "pan", "began") + lines(h, "pan", "changed")
        let dx = steps.compactMap { $0["dx"] as? Double }.reduce(0, +), dy = steps.compactMap { $0["dy"] as? Double }.reduce(0, +)
        #expect(abs(dx + 150) < 13 && abs(dy - 150) < 13, "(\(dx), \(dy)) of (-150, 150)")
    }

    /// Two taps: the double tap; one tap: the single tap, once the double tap has failed (its
    /// 0.35 s passed with no input: the app's own timer), and its marker where it landed.
    @Test func doubleTapVersusSingleTap() async throws {
        let h = try await launch()
        await tap(h, at: (150, 480))
        await h.compositor.pump(for: 0.08)
        await tap(h, at: (152, 481))
        #expect(await h.waitForLog { _ in !lines(h, "doubleTap", "ended").isEmpty }, "\(states(h))")
        await h.idle()  // the single tap, waiting for the double tap to fail, is decided by now
        #expect(lines(h, "tap", "ended").isEmpty, "a double tap is no single tap: \(states(h))")
        let before = try #require(h.frame)
        await tap(h, at: (250, 150))
        let asked = h.compositor.clockNanoseconds
        #expect(await h.waitForLog { _ in !lines(h, "tap", "ended").isEmpty }, "\(states(h))")
        let waited = Double(h.compositor.clockNanoseconds - asked) / 1e9
        #expect(waited >= 0.35 && waited < 0.35 + 0.03, "the single tap waited out the double tap's 0.35 s: \(waited) s")
        #expect(states(h).contains("doubleTap@background failed"))
        let marked = try #require(await h.frame { count($0, 0x2A9D8F, x: 240...260, y: 140...160) > 20 })
        #expect(count(marked, 0x2A9D8F, x: 240...260, y: 140...160) > 20, "a marker where the tap landed")
        #expect(count(before, 0x2A9D8F, x: 240...260, y: 140...160) == 0)
    }

    /// Pixels that differ between two frames in a logical box.
    func differing(_ a: Frame, _ b: Frame, x: ClosedRange<Int>, y: ClosedRange<Int>) -> Int {
        var n = 0
        for py in y { for px in x where a.logicalPixel(Double(px), Double(py)) != b.logicalPixel(Double(px), Double(py)) { n += 1 } }
        return n
    }

    @Test func twoFingersPinchTheSquare() async throws {
        let h = try await launch()
        let before = squarePixels(try #require(h.frame))
        let c = h.compositor
        c.touchDown(id: 1, x: Self.square.x - 30, y: Self.square.y)
        c.touchDown(id: 2, x: Self.square.x + 30, y: Self.square.y)
        c.touchFrame()
        for step in 1...15 {
            c.touchMotion(id: 1, x: Self.square.x - 30 - Double(step) * 3, y: Self.square.y)
            c.touchMotion(id: 2, x: Self.square.x + 30 + Double(step) * 3, y: Self.square.y)
            c.touchFrame()
            await c.pump(for: 0.016)
        }
        c.touchUp(id: 1)
        c.touchUp(id: 2)
        c.touchFrame()
        #expect(await h.waitForLog { _ in !lines(h, "pinch", "ended").isEmpty }, "\(states(h))")
        let scale = lines(h, "pinch", "changed").last?["scale"] as? Double ?? 0
        #expect(scale > 2.2 && scale < 2.6, "60 → 150 pt apart: \(scale)")
        let after = try #require(await h.frame { squarePixels($0) > before * 2 })
        #expect(squarePixels(after) > before * 2, "the square grew: \(before) → \(squarePixels(after)) pixels")
    }

    func touchpadPinch(_ h: AppHarness, to scale: Double, cancelled: Bool) async {
        let c = h.compositor
        c.pinchBegin(fingers: 2)
        for step in 1...5 {
            c.pinchUpdate(scale: 1 + (scale - 1) * Double(step) / 5, rotation: 0)
            await c.pump(for: 0.016)
        }
        c.pinchEnd(cancelled: cancelled)
        await h.idle()
    }

    /// The touchpad pinches the square under the pointer; a pinch the compositor ends with
    /// `cancelled` rolls back to where the square was before it.
    @Test func aTouchpadPinchScalesTheSquareAndACancelledOneRollsBack() async throws {
        let h = try await launch()
        let c = h.compositor
        c.pointerEnter(x: Self.square.x, y: Self.square.y)
        c.pointerFrame()
        let before = squarePixels(try #require(h.frame))
        await touchpadPinch(h, to: 1.5, cancelled: false)
        #expect(await h.waitForLog { _ in !lines(h, "pinch", "ended").isEmpty }, "\(states(h))")
        #expect(lines(h, "pinch", "ended").last?["view"] as? String == "square")
        #expect(lines(h, "pinch", "ended").last?["touches"] as? Int == 2, "a touchpad pinch counts its fingers")
        let pinched = try #require(await h.frame { squarePixels($0) > before * 2 })
        let grown = squarePixels(pinched)
        #expect(grown > before * 2, "1.5× is 2.25× the area: \(before) → \(grown)")
        await touchpadPinch(h, to: 2, cancelled: true)
        #expect(await h.waitForLog { _ in !lines(h, "pinch", "cancelled").isEmpty }, "\(states(h))")
        #expect(lines(h, "pinch", "ended").count == 1, "cancelled, not ended: \(states(h))")
        let rolledBack = try #require(await h.frame { abs(squarePixels($0) - grown) <= grown / 50 })
        #expect(abs(squarePixels(rolledBack) - grown) <= grown / 50, "back to 1.5×: \(grown) → \(squarePixels(rolledBack))")
    }

    /// Held still on the placard for more than 0.5 s (the app's timer fires it, no input
    /// needed): it turns #8C2E5E until the finger lifts.
    @Test func aLongPressRecoloursThePlacardUntilLifted() async throws {
        let h = try await launch()
        let c = h.compositor
        c.touchDown(id: 0, x: 400, y: 300)
        c.touchFrame()
        let pressed = try #require(await h.frame { count($0, 0x8C2E5E, x: 280...520, y: 260...340) > 1000 })
        #expect(count(pressed, 0x8C2E5E, x: 280...520, y: 260...340) > 1000)
        #expect(states(h).contains("longPress@placard began"), "\(states(h))")
        c.touchUp(id: 0)
        c.touchFrame()
        let lifted = try #require(await h.frame { count($0, 0x2E5E8C, x: 280...520, y: 260...340) > 1000 })
        #expect(count(lifted, 0x8C2E5E, x: 280...520, y: 260...340) == 0)
        #expect(states(h).contains("longPress@placard ended"))
    }

    /// The custom recognizer takes a circle drawn on the background, and not a straight line.
    @Test func theCustomCircleRecognizer() async throws {
        let h = try await launch()
        let c = h.compositor
        c.touchDown(id: 0, x: 250 + 70, y: 180)
        c.touchFrame()
        for step in 1...40 {
            let angle = Double(step) / 40 * 2 * .pi
            c.touchMotion(id: 0, x: 250 + 70 * cos(angle), y: 180 + 70 * sin(angle))
            c.touchFrame()
            await c.pump(for: 0.012)
        }
        c.touchUp(id: 0)
        c.touchFrame()
        #expect(await h.waitForLog { _ in !lines(h, "circle", "ended").isEmpty }, "\(states(h))")
        let before = lines(h, "circle", "ended").count
        await drag(h, id: 1, from: (100, 120), to: (300, 140), steps: 30)
        await h.idle()  // the circle recognizer decides as the finger lifts
        #expect(lines(h, "circle", "ended").count == before, "a line is no circle: \(states(h))")
    }
}
