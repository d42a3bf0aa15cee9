import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// The inspect scene's drag handle through the real binary: the move request on the wire, with
/// the serial of the press that started it, and a compositor that answers it as Mutter does.
@Suite(.compositorSlot(timeLimit: .minutes(2)))
struct WindowMoveEndToEndTests {
    /// The middle of the handle in a 700×500 inspect window: 140×32 at the top right, 8 px in.
    static let handle = (x: 700.0 - 8 - 70, y: 8.0 + 16)
    static let ink: (UInt8, UInt8, UInt8) = (0x34, 0x32, 0x9C)
    static let red: (UInt8, UInt8, UInt8) = (0xE0, 0x1B, 0x24)

    func harness() async throws -> AppHarness {
        try await AppHarness(arguments: ["--scene", "inspect", "--log", "phases"], size: (700, 500))
    }

    func pixels(_ frame: Frame, near points: [(Double, Double)], matching color: (UInt8, UInt8, UInt8)) -> Int {
        var n = 0
        for (x, y) in points {
            for dy in -6...6 { for dx in -6...6 where Colors.matches(frame.logicalPixel(x + Double(dx), y + Double(dy)), color, tolerance: 40) {
                n += 1
            } }
        }
        return n
    }

    @Test func aTouchOnTheHandleAsksForAMoveQuotingItsDown() async throws {
        let h = try await harness()
        let c = h.compositor
        c.touchDown(id: 5, x: Self.handle.x, y: Self.handle.y)
        c.touchFrame()
        #expect(await c.waitUntil(timeout: AppHarness.patience) { !c.moveRequests.isEmpty })
        // The serial is the touch's down, so the compositor can tell which touch drives the move.
        #expect(c.moveRequests.map(\.seat) == ["seat0"] && c.moveRequests.map(\.touchID) == [5])
        // This compositor only records it: the touch goes on and ends normally, drawing nothing.
        c.touchMotion(id: 5, x: 400, y: 300)
        c.touchFrame()
        c.touchUp(id: 5)
        c.touchFrame()
        await h.idle()  // wrong ink would show by now
        await h.waitForLog { $0.phases(ofTouch: 1).last == "ended" }
        _ = await c.waitUntil(timeout: AppHarness.patience) { h.app.standardError.contains("window move requested for touch 1") }
        #expect(h.phases(ofTouch: 1).first == "began" && h.phases(ofTouch: 1).last == "ended")
        let frame = try #require(h.frame)
        #expect(pixels(frame, near: [(400, 300)], matching: Self.ink) == 0)
        #expect(c.moveRequests.count == 1)
        h.app.drainOutput()
        #expect(h.app.standardError.contains("window move requested for touch 1 (touch id 5, serial \(c.moveRequests[0].serial))"))
    }

    @Test func aTouchOnTheContentNeverAsks() async throws {
        let h = try await harness()
        let c = h.compositor
        c.touchDown(id: 0, x: 200, y: 300)
        c.touchFrame()
        c.touchMotion(id: 0, x: Self.handle.x, y: Self.handle.y)
        c.touchFrame()
        c.touchUp(id: 0)
        c.touchFrame()
        await h.idle()  // a wrong move request would have come by now
        await h.waitForLog { $0.entries(phase: "ended").count >= 1 }
        #expect(c.moveRequests.isEmpty)
        #expect(h.entries(phase: "ended").count == 1)
    }

    /// Mutter 43 answers the move with `wl_touch.cancel`, which takes every touch the app had.
    @Test func aCompositorThatCancelsForTheMoveLeavesNothingDrawn() async throws {
        let h = try await harness()
        let c = h.compositor
        c.cancelsTouchesOnMove = true
        let path = stride(from: 200.0, through: 300, by: 10).map { ($0, 320.0) }
        c.touchDown(id: 0, x: path[0].0, y: path[0].1)
        c.touchFrame()
        for (x, y) in path.dropFirst() {
            c.touchMotion(id: 0, x: x, y: y)
            c.touchFrame()
            await c.pump(for: 0.01)
        }
        let drawing = try #require(await h.frame { pixels($0, near: [(220, 320)], matching: (0x99, 0x98, 0xCD)) > 0 })
        // In progress the stroke is the ink at half alpha on white; 220 is clear of the finger's spot.
        #expect(pixels(drawing, near: [(220, 320)], matching: (0x99, 0x98, 0xCD)) > 0, "the stroke is being drawn")
        c.touchDown(id: 1, x: Self.handle.x, y: Self.handle.y)
        c.touchFrame()
        #expect(await c.waitUntil(timeout: AppHarness.patience) { !c.moveRequests.isEmpty })
        #expect(c.moveRequests.first?.touchID == 1)
        await h.waitForLog { $0.phases(ofTouch: 1).last == "cancelled" && $0.phases(ofTouch: 2).last == "cancelled" }
        #expect(h.phases(ofTouch: 1).first == "began" && h.phases(ofTouch: 1).last == "cancelled")
        #expect(h.phases(ofTouch: 2) == ["began", "cancelled"])
        #expect(h.entries(phase: "ended").isEmpty)
        // The cancelled stroke flashes red, then nothing is left of it.
        let points = path.map { ($0.0, $0.1) }
        _ = await h.frame { pixels($0, near: points, matching: Self.red) > 0 }
        let after = try #require(await h.frame {
            pixels($0, near: points, matching: Self.ink) == 0 && pixels($0, near: points, matching: Self.red) == 0
        })
        #expect(pixels(after, near: points, matching: Self.ink) == 0)
        #expect(pixels(after, near: points, matching: Self.red) == 0)
        #expect(c.moveRequests.count == 1)
    }

    @Test func aButtonPressOnTheHandleAsksWithThePointer() async throws {
        let h = try await harness()
        let c = h.compositor
        c.pointerEnter(x: Self.handle.x, y: Self.handle.y)
        c.pointerFrame()
        c.pointerButton(pressed: true)
        c.pointerFrame()
        #expect(await c.waitUntil(timeout: AppHarness.patience) { !c.moveRequests.isEmpty })
        #expect(c.moveRequests.first?.seat == "seat0")
        #expect(c.moveRequests.first?.touchID == nil, "a button's serial, not a touch's")
        c.pointerButton(pressed: false)
        c.pointerFrame()
        await h.idle()  // a second move request would have come by now
        #expect(c.moveRequests.count == 1)
    }
}
