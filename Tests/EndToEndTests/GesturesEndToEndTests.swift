import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// The gestures scene in the real binary: what a person sees after each gesture. The window is
/// 600×400, so the placard's home is (300, 200), the square's area is 136 px at (448, 224) and
/// the swipe arrow is drawn about (300, 58).
@Suite(.compositorSlot(timeLimit: .minutes(2)))
struct GesturesEndToEndTests {
    static let placard = (UInt8(0x2E), UInt8(0x5E), UInt8(0x8C))
    static let square = (UInt8(0xE0), UInt8(0x7A), UInt8(0x1F))

    private func start() async throws -> AppHarness {
        let h = try await AppHarness(arguments: ["--scene", "gestures", "--log", "phases"], size: (600, 400))
        await h.idle()
        return h
    }

    private func isPlacard(_ frame: Frame, _ x: Double, _ y: Double) -> Bool {
        Colors.matches(frame.logicalPixel(x, y), Self.placard, tolerance: 6)
    }

    private func isSquare(_ frame: Frame, _ x: Double, _ y: Double) -> Bool {
        Colors.matches(frame.logicalPixel(x, y), Self.square, tolerance: 6)
    }

    @Test func draggingThePlacardMovesItAndItReturnsHome() async throws {
        let h = try await start()
        #expect(isPlacard(try #require(h.frame), 190, 200), "the placard starts in the middle")
        h.compositor.touchDown(id: 0, x: 300, y: 200)
        h.compositor.touchFrame()
        for step in 1...10 {
            h.compositor.touchMotion(id: 0, x: 300 - 15 * Double(step), y: 200 - 10 * Double(step))
            h.compositor.touchFrame()
            await h.compositor.pump(for: 0.02)
        }
        let dragged = try #require(await h.frame {
            isPlacard($0, 40, 100) && isPlacard($0, 150, 70) && $0.isWhite(at: 320, 220)
        })
        // Moved by the finger's (-150, -100): its centre is now (150, 100).
        #expect(isPlacard(dragged, 40, 100) && isPlacard(dragged, 150, 70))
        #expect(dragged.isWhite(at: 320, 220), "nothing left where it was")
        h.compositor.touchUp(id: 0)
        h.compositor.touchFrame()
        let home = try #require(await h.frame { isPlacard($0, 190, 200) && isPlacard($0, 410, 200) && $0.isWhite(at: 40, 100) })
        #expect(isPlacard(home, 190, 200) && isPlacard(home, 410, 200))
        #expect(home.isWhite(at: 40, 100))
        await h.waitForLog { $0.phases(ofTouch: 1).last == "ended" }
        // Moves are delivered once per display frame: one for each 20 ms motion, or fewer
        // carrying two when a busy machine let two arrive within one frame.
        let phases = h.phases(ofTouch: 1)
        #expect(phases.first == "began" && phases.last == "ended", "\(phases)")
        #expect(phases.dropFirst().dropLast().allSatisfy { $0 == "moved" } && (3...12).contains(phases.count), "\(phases)")
    }

    @Test func aDoubleTapOutsideChangesTheGreeting() async throws {
        let h = try await start()
        let before = try #require(h.frame)
        let whiteBefore = whiteCount(before)
        #expect(whiteBefore > 300, "the word Welcome in white on the placard")
        // Event times set by hand and both taps sent at once: a double tap is judged by the
        // events' times, and a suite that starves this test between the taps (107 s for it once,
        // beside the whole parallel suite) must not make them two single taps.
        let c = h.compositor
        c.freezesEventTime = true
        for id in Int32(0)...1 {
            c.touchDown(id: id, x: 80, y: 320)
            c.touchFrame()
            c.eventTime &+= 30
            c.touchUp(id: id)
            c.touchFrame()
            c.eventTime &+= 50
        }
        c.freezesEventTime = false
        // The placard staying put is asserted on the frame that shows the new greeting.
        let after = try #require(await h.frame { abs(whiteCount($0) - whiteBefore) > 40 })
        let whiteAfter = whiteCount(after)
        #expect(abs(whiteAfter - whiteBefore) > 40, "Bienvenue has other letters than Welcome: \(whiteBefore) vs \(whiteAfter)")
        #expect(isPlacard(after, 180, 170), "the placard itself stays where it is")
    }

    /// White text pixels inside the placard at home.
    private func whiteCount(_ frame: Frame) -> Int {
        var count = 0
        for y in stride(from: 160.0, to: 240, by: 1) {
            for x in stride(from: 175.0, to: 425, by: 1) where frame.isWhite(at: x, y) { count += 1 }
        }
        return count
    }

    @Test func aSwipeRightShowsTheRightArrow() async throws {
        let h = try await start()
        h.compositor.touchDown(id: 0, x: 60, y: 330)
        h.compositor.touchFrame()
        for step in 1...6 {
            h.compositor.touchMotion(id: 0, x: 60 + 25 * Double(step), y: 331)
            h.compositor.touchFrame()
        }
        h.compositor.touchUp(id: 0)
        h.compositor.touchFrame()
        // The arrow fades: take the first frame that shows it (no left wing asserted on it below).
        let frame = try #require(await h.frame {
            greenness($0, x: 310...330, y: 38...48) > 10 && greenness($0, x: 250...350, y: 56...60) > 30
        })
        // The arrowhead's wings lie right of the centre for a right arrow, left for a left one.
        let right = greenness(frame, x: 310...330, y: 38...48)
        let left = greenness(frame, x: 270...290, y: 38...48)
        #expect(right > 10 && left == 0, "green pixels right of centre \(right), left \(left)")
        #expect(greenness(frame, x: 250...350, y: 56...60) > 30, "the shaft")
    }

    /// Pixels clearly more green than red and blue: the fading arrow at any alpha.
    private func greenness(_ frame: Frame, x: ClosedRange<Double>, y: ClosedRange<Double>) -> Int {
        var count = 0
        for py in stride(from: y.lowerBound, through: y.upperBound, by: 1) {
            for px in stride(from: x.lowerBound, through: x.upperBound, by: 1) {
                let p = frame.logicalPixel(px, py)
                if Int(p.g) > Int(p.r) + 20 && Int(p.g) > Int(p.b) + 20 { count += 1 }
            }
        }
        return count
    }

    @Test func twoFingersTurnTheSquare() async throws {
        let h = try await start()
        let center = (x: 516.0, y: 292.0)
        let before = try #require(h.frame)
        // Unturned: a corner region is orange, the point 36 px right of the centre is not.
        #expect(isSquare(before, center.x + 24, center.y + 24))
        #expect(!isSquare(before, center.x + 36, center.y))
        h.compositor.touchDown(id: 0, x: center.x - 50, y: center.y)
        h.compositor.touchDown(id: 1, x: center.x + 50, y: center.y)
        h.compositor.touchFrame()
        for step in 1...9 {
            let angle = Double(step) * 5 * Double.pi / 180
            h.compositor.touchMotion(id: 0, x: center.x - 50 * cos(angle), y: center.y - 50 * sin(angle))
            h.compositor.touchMotion(id: 1, x: center.x + 50 * cos(angle), y: center.y + 50 * sin(angle))
            h.compositor.touchFrame()
            await h.compositor.pump(for: 0.02)
        }
        h.compositor.touchUp(id: 0)
        h.compositor.touchUp(id: 1)
        h.compositor.touchFrame()
        let after = try #require(await h.frame { isSquare($0, center.x + 36, center.y) && !isSquare($0, center.x + 24, center.y + 24) })
        // A quarter-of-a-right-angle turn later the square is a diamond: its corner points
        // right of the centre, and the old corner region is empty.
        #expect(isSquare(after, center.x + 36, center.y))
        #expect(!isSquare(after, center.x + 24, center.y + 24))
    }
}
