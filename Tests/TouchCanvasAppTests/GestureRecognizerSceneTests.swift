import Foundation
import Rendering
import Testing
import TouchKit
@testable import TouchCanvasApp
import TouchCanvasTesting

/// The gestures scene as recognizers drive it, checked by what a person sees (pixels) and by
/// the recognizers' state changes as `--log gestures` hears them (`"recognizer@view state"`).
///
/// The window is 600×400: the placard is at home at (300, 200), 260×90; the square's area is
/// 136 px with its centre at (516, 292), the square itself 54 px wide at scale 1.
@MainActor @Suite struct GestureRecognizerSceneTests {
    static let placardFill = PixelColor(rgb: 0x2E5E8C)
    static let placardPressed = PixelColor(rgb: 0x8C2E5E)
    static let squareFill = PixelColor(rgb: 0xE07A1F)
    static let squareArea = PixelColor(rgb: 0xF4F4F6)
    static let marker = PixelColor(rgb: 0x2A9D8F)
    static let circle = PixelColor(rgb: 0xC2185B)
    static let squareCentre = Point(x: 516, y: 292)

    /// The scene, its harness, and the state changes heard through the session.
    private func scene() throws -> (SceneHarness, GesturesView, StateLog) {
        let h = try SceneHarness(.gestures, width: 600, height: 400)
        let view = try #require(h.root as? GesturesView)
        let log = StateLog()
        h.session.onGestureStateChange = { recognizer, state in
            log.entries.append("\(recognizer.name ?? "?")@\(recognizer.view?.accessibilityIdentifier ?? "?") \(state.name)")
        }
        h.render()
        return (h, view, log)
    }

    private func near(_ pixel: PixelColor?, _ color: PixelColor, _ tolerance: Int = 8) -> Bool {
        guard let pixel else { return false }
        return pixel.distance(to: color) <= tolerance
    }

    /// Moves the pointer over `point`, so a touchpad gesture knows where it is.
    private func pointer(at point: Point, _ h: SceneHarness) {
        h.time += 8
        h.session.handle(.enter(location: point), seat: h.seat)
        h.session.handle(.motion(time: h.time, location: point), seat: h.seat)
        h.session.handle(RawPointerInput.frame, seat: h.seat)
    }

    private func touchpadPinch(_ phase: TouchpadGesture.Phase, scale: Double = 1, rotation: Double = 0,
                               _ h: SceneHarness) {
        h.time += 8
        h.session.handle(TouchpadGesture(kind: .pinch, phase: phase, fingers: 2, location: .zero, time: 0,
                                         scale: scale, rotation: rotation),
                         time: h.time, seat: h.seat)
    }

    // MARK: Names

    @Test func everyRecognizerAndViewHasItsStableName() throws {
        let (_, view, _) = try scene()
        let names = view.allRecognizers.map { "\($0.name ?? "?")@\($0.view?.accessibilityIdentifier ?? "?")" }
        #expect(names == ["pan@placard", "longPress@placard", "doubleTap@background", "tap@background",
                          "swipeRight@background", "swipeLeft@background", "swipeUp@background",
                          "swipeDown@background", "circle@background", "pinch@square", "rotation@square"])
        #expect(view.arrow.accessibilityIdentifier == "arrow" && view.circleMark.accessibilityIdentifier == "circle")
    }

    // MARK: Pan

    @Test func thePanDragsThePlacardAndItFliesHome() throws {
        let (h, view, log) = try scene()
        #expect(near(h.pixel(190, 170), Self.placardFill))
        h.down(0, Point(x: 300, y: 200))
        h.move(0, (1...10).map { Point(x: 300 - 15 * Double($0), y: 200 - 10 * Double($0)) })
        h.render()
        #expect(view.placard.center == Point(x: 150, y: 100), "moved by the finger's (-150, -100)")
        #expect(near(h.pixel(40, 70), Self.placardFill), "the placard where the finger took it")
        #expect(h.pixel(420, 240) == .white, "nothing left where it was")
        h.up(0)
        #expect(view.isPlacardReturning)
        h.advanceClock(to: GesturesView.returnDuration + 0.05)
        h.render()
        #expect(near(h.pixel(190, 170), Self.placardFill) && near(h.pixel(410, 230), Self.placardFill), "home again")
        #expect(h.pixel(40, 70) == .white)
        #expect(log.entries.filter { $0.hasPrefix("pan@") } == ["pan@placard began"]
            + Array(repeating: "pan@placard changed", count: 9) + ["pan@placard ended"])
    }

    // MARK: Taps

    @Test func aSingleTapDropsAMarkerOnlyOnceTheDoubleTapHasTimedOut() throws {
        let (h, view, log) = try scene()
        h.down(0, Point(x: 80, y: 320)); h.up(0)
        h.render()
        #expect(h.pixel(80, 320) == .white, "no marker while a second tap may still come")
        h.clock.now = 0.2
        h.session.advanceGestures()
        h.render()
        #expect(h.pixel(80, 320) == .white && view.tapMarkers.isEmpty)
        h.clock.now = 0.5   // past the 0.35 s the double tap waits
        h.session.advanceGestures()
        h.render()
        #expect(near(h.pixel(80, 320), Self.marker), "the marker where the tap landed")
        #expect(view.tapMarkers.count == 1 && view.placard.text == "Welcome")
        #expect(log.entries.suffix(2) == ["doubleTap@background failed", "tap@background ended"])
    }

    @Test func aDoubleTapChangesTheGreetingAndDropsNoMarker() throws {
        let (h, view, log) = try scene()
        h.down(0, Point(x: 80, y: 320)); h.up(0)
        h.down(1, Point(x: 82, y: 321)); h.up(1)
        #expect(view.placard.text == "Bienvenue")
        h.clock.now = 1
        h.session.advanceGestures()
        h.render()
        #expect(view.tapMarkers.isEmpty && h.pixel(80, 320) == .white)
        #expect(log.entries.filter { $0.contains("ap@") } == ["doubleTap@background ended", "tap@background failed"])
    }

    @Test func markersAreBoundedOldestFirst() throws {
        let (h, view, _) = try scene()
        for i in 0..<(GesturesView.maximumTapMarkers + 3) {
            let point = Point(x: 20 + 25 * Double(i % 15), y: 260 + 40 * Double(i / 15))
            h.down(Int32(i), point); h.up(Int32(i))
            h.clock.now += 0.5
            h.session.advanceGestures()
        }
        h.render()
        #expect(view.tapMarkers.count == GesturesView.maximumTapMarkers)
        #expect(h.pixel(20, 260) == .white, "the oldest marker went")
        #expect(near(h.pixel(20 + 25 * 14, 260), Self.marker), "the newest is shown")
    }

    // MARK: Pinch and rotation

    @Test func twoFingersPinchAndTurnTheSquareTogether() throws {
        let (h, view, log) = try scene()
        let c = Self.squareCentre
        #expect(near(h.pixel(c.x + 36, c.y), Self.squareArea), "unscaled, 36 px right of the centre is outside the square")
        h.feed(.down(id: 0, time: 1, location: Point(x: c.x - 30, y: c.y)),
               .down(id: 1, time: 1, location: Point(x: c.x + 30, y: c.y)), .frame)
        for step in 1...5 {
            let spread = 30 + 6 * Double(step), angle = Double(step) * 0.04
            h.feed(.motion(id: 0, time: UInt32(1 + 8 * step), location: Point(x: c.x - spread * cos(angle), y: c.y - spread * sin(angle))),
                   .motion(id: 1, time: UInt32(1 + 8 * step), location: Point(x: c.x + spread * cos(angle), y: c.y + spread * sin(angle))),
                   .frame)
        }
        h.feed(.up(id: 0, time: 60), .up(id: 1, time: 60), .frame)
        h.render()
        #expect(abs(view.square.scale - 2) < 1e-9, "60 px apart to 120: twice the size")
        #expect(abs(view.square.rotation - 0.2) < 1e-9)
        #expect(near(h.pixel(c.x + 36, c.y), Self.squareFill), "the larger square covers it")
        #expect(log.entries.contains("pinch@square began") && log.entries.contains("rotation@square changed"))
        #expect(log.entries.suffix(2).sorted() == ["pinch@square ended", "rotation@square ended"])
    }

    @Test func aTouchpadPinchOverTheSquareScalesIt() throws {
        let (h, view, log) = try scene()
        let c = Self.squareCentre
        pointer(at: c, h)
        touchpadPinch(.began, h)
        touchpadPinch(.changed, scale: 1.3, h)
        touchpadPinch(.changed, scale: 1.6, h)
        touchpadPinch(.ended, scale: 1.6, h)
        h.render()
        #expect(abs(view.square.scale - 1.6) < 1e-9)
        #expect(near(h.pixel(c.x + 36, c.y), Self.squareFill))
        #expect(log.entries.contains("pinch@square ended"))
    }

    @Test func aTouchpadPinchEndedCancelledRollsTheSquareBack() throws {
        let (h, view, log) = try scene()
        let c = Self.squareCentre
        pointer(at: c, h)
        // A first pinch that ends: the square stays at 1.5.
        touchpadPinch(.began, h)
        touchpadPinch(.changed, scale: 1.5, h)
        touchpadPinch(.ended, scale: 1.5, h)
        h.render()
        let before = try h.fullRender()
        // A second that grows and turns it, then is taken back.
        touchpadPinch(.began, h)
        touchpadPinch(.changed, scale: 1.4, rotation: 30, h)
        h.render()
        #expect(abs(view.square.scale - 2.1) < 1e-9 && abs(view.square.rotation - .pi / 6) < 1e-9)
        #expect(differences(h.buffer, before) != [], "the square grew and turned")
        touchpadPinch(.cancelled, h)
        h.render()
        #expect(abs(view.square.scale - 1.5) < 1e-9 && view.square.rotation == 0, "back to before this pinch, not to 1")
        #expect(differences(h.buffer, before).isEmpty, "the pixels of before the cancelled pinch")
        #expect(log.entries.suffix(2).sorted() == ["pinch@square cancelled", "rotation@square cancelled"])
    }

    // MARK: Long press

    @Test func aLongPressRecoloursThePlacardUntilLifted() throws {
        let (h, view, log) = try scene()
        h.down(0, Point(x: 200, y: 180))
        h.clock.now = 0.3
        h.session.advanceGestures()
        h.render()
        #expect(near(h.pixel(190, 170), Self.placardFill), "not yet half a second")
        h.clock.now = 0.6
        h.session.advanceGestures()
        h.render()
        #expect(view.placard.isPressed && near(h.pixel(190, 170), Self.placardPressed))
        h.up(0)
        h.render()
        #expect(!view.placard.isPressed && near(h.pixel(190, 170), Self.placardFill))
        #expect(view.placard.center == view.placardHome, "a press is no drag")
        #expect(log.entries.filter { $0.hasPrefix("longPress") } == ["longPress@placard began", "longPress@placard ended"])
    }

    // MARK: The custom circle recognizer

    @Test func theCircleRecognizerTakesACircleAndNotALine() throws {
        let (h, view, log) = try scene()
        h.stroke((0...40).map { i in
            let a = Double(i) / 40 * 2 * .pi
            return Point(x: 120 + 60 * cos(a), y: 120 + 60 * sin(a))
        })
        h.render()
        #expect(view.circle.circle.map { $0.center.distance(to: Point(x: 120, y: 120)) < 3 } == true)
        #expect(near(h.pixel(180, 120), Self.circle, 40), "the ellipse drawn through the path")
        #expect(log.entries.contains("circle@background ended"))
        log.entries.removeAll()
        // A slow straight line: no circle, and the old one stays until a new path starts.
        h.stroke((0...30).map { Point(x: 60 + 6 * Double($0), y: 300 + Double($0) / 3) }, id: 1)
        #expect(view.circle.circle == nil && view.circleMark.circle == nil)
        #expect(log.entries.contains("circle@background failed") && !log.entries.contains("circle@background ended"))
    }

    // MARK: Swipes

    @Test(arguments: [("left", [Point(x: 150, y: 330), Point(x: 120, y: 331), Point(x: 90, y: 330)]),
                      ("right", [Point(x: 60, y: 330), Point(x: 90, y: 331), Point(x: 120, y: 330)]),
                      ("up", [Point(x: 60, y: 330), Point(x: 61, y: 300), Point(x: 60, y: 270)]),
                      ("down", [Point(x: 60, y: 230), Point(x: 61, y: 260), Point(x: 60, y: 290)])])
    func eachSwipeRecognizerShowsItsArrow(direction: String, path: [Point]) throws {
        let (h, view, log) = try scene()
        h.stroke(path)
        h.render()
        #expect(view.arrow.direction?.rawValue == direction)
        let name = "swipe" + direction.prefix(1).uppercased() + direction.dropFirst()
        #expect(log.entries.filter { $0.hasSuffix("ended") } == ["\(name)@background ended"])
        // The shaft lies along the swipe's axis through the arrow's centre (300, 58).
        let horizontal = direction == "left" || direction == "right"
        let onShaft = horizontal ? h.pixel(320, 58) : h.pixel(300, 78)
        let offShaft = horizontal ? h.pixel(300, 78) : h.pixel(320, 58)
        #expect(near(onShaft, PixelColor(rgb: 0x1F8A4C), 30) && offShaft == .white)
    }

    // MARK: The flash, plain view code

    @Test func theLastFingerFlashesAtOnceAfterEveryKindOfGesture() throws {
        let (h, view, _) = try scene()
        // A tap: at the lift, not after the double tap's wait.
        h.down(0, Point(x: 80, y: 320)); h.up(0)
        #expect(view.lastFingerFlash.flashCount == 1)
        // A placard drag.
        h.clock.now = 1
        h.session.advanceGestures()
        h.down(1, Point(x: 300, y: 200))
        h.move(1, Point(x: 260, y: 200), Point(x: 220, y: 200))
        #expect(view.pan.state == .changed)
        h.up(1)
        #expect(view.lastFingerFlash.flashCount == 2)
        h.advanceClock(to: 2)
        // A two-finger pinch on the square: the first finger up is not the last.
        let c = Self.squareCentre
        h.down(2, Point(x: c.x - 30, y: c.y))
        h.down(3, Point(x: c.x + 30, y: c.y))
        h.move(3, Point(x: c.x + 60, y: c.y))
        #expect(view.pinch.state == .began || view.pinch.state == .changed)
        h.up(2)
        #expect(view.lastFingerFlash.flashCount == 2)
        h.up(3)
        #expect(view.lastFingerFlash.flashCount == 3)
    }
}

/// The state changes a test heard, in order.
@MainActor final class StateLog {
    var entries: [String] = []
}
