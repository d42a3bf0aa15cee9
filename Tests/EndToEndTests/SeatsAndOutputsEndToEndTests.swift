import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// Two seats (two touch screens, or a touch screen and a tablet's seat) and monitors that come
/// and go: the app keeps every seat's touches apart and the drawing through output changes.
@Suite(.compositorSlot) struct SeatsAndOutputsEndToEndTests {
    @Test func touchesFromTwoSeatsAtOnceStaySeparate() async throws {
        let h = try await AppHarness(arguments: ["--scene", "spots", "--log", "phases"], seats: ["seat0", "seat1"])
        // The same wl_touch id on both seats: two different fingers.
        h.compositor.touchDown(id: 0, x: 100, y: 100, seat: "seat0")
        h.compositor.touchDown(id: 0, x: 300, y: 200, seat: "seat1")
        h.compositor.touchFrame(seat: "seat0")
        h.compositor.touchFrame(seat: "seat1")
        var frame = try #require(await h.frame { $0.hasFullSpot(at: 100, 100) && $0.hasFullSpot(at: 300, 200) })
        #expect(frame.hasFullSpot(at: 100, 100) && frame.hasFullSpot(at: 300, 200))

        h.compositor.touchMotion(id: 0, x: 120, y: 110, seat: "seat0")
        h.compositor.touchFrame(seat: "seat0")
        h.compositor.touchCancel(seat: "seat1")
        frame = try #require(await h.frame { $0.hasFullSpot(at: 120, 110) && $0.isBlank(near: 300, 200) })
        #expect(frame.hasFullSpot(at: 120, 110), "seat0's finger moved and lives on")
        #expect(frame.isBlank(near: 300, 200), "seat1's finger was cancelled")

        h.compositor.touchUp(id: 0, seat: "seat0")
        h.compositor.touchFrame(seat: "seat0")
        await h.waitForLog { $0.contains { ($0["seat"] as? String) == "seat0" && ($0["phase"] as? String) == "ended" } }
        await h.idle()  // a wrong phase or an anomaly would be logged by now
        let lines = h.logLines.filter { $0["phase"] != nil }
        let bySeat = Dictionary(grouping: lines) { $0["seat"] as? String ?? "?" }
        // seat0's finger is reported stationary while seat1's frame is delivered: one event holds
        // every touch on the window, as UIKit's does.
        #expect(bySeat["seat0"]?.compactMap { $0["phase"] as? String }.filter { $0 != "stationary" } == ["began", "moved", "ended"])
        #expect(bySeat["seat1"]?.compactMap { $0["phase"] as? String }.first == "began")
        #expect(bySeat["seat1"]?.compactMap { $0["phase"] as? String }.last == "cancelled")
        #expect(!(bySeat["seat1"]?.contains { $0["phase"] as? String == "moved" } ?? true))
        // Two touch numbers, one per seat, and each seat's touch always under one number.
        let seat0Numbers = Set(bySeat["seat0"]?.compactMap { $0["touch"] as? Int } ?? [])
        let seat1Numbers = Set(bySeat["seat1"]?.compactMap { $0["touch"] as? Int } ?? [])
        #expect(seat0Numbers.count == 1 && seat1Numbers.count == 1 && seat0Numbers != seat1Numbers)
        #expect(h.anomalies().isEmpty)
    }

    @Test func anOutputComingAndGoingDoesNotDisturbTheStroke() async throws {
        let h = try await AppHarness(arguments: ["--scene", "draw", "--log", "phases"])
        h.compositor.touchDown(id: 0, x: 50, y: 150)
        h.compositor.touchFrame()
        h.compositor.touchMotion(id: 0, x: 150, y: 150)
        h.compositor.touchFrame()
        await h.idle()
        // A HiDPI monitor is plugged in and the window spans it: redrawn at 2, stroke kept.
        h.compositor.addOutput(named: "SCRIPTED-2", scale: 2)
        _ = await h.compositor.waitUntil(timeout: AppHarness.patience) { h.frame?.scale == 2 }
        h.compositor.touchMotion(id: 0, x: 250, y: 150)
        h.compositor.touchFrame()
        var frame = try #require(await h.frame {
            $0.scale == 2 && $0.width == 800 && $0.logicalPixel(100, 150).r < 40 && $0.logicalPixel(200, 150).r < 40
        })
        #expect(frame.scale == 2 && frame.width == 800)
        #expect(frame.logicalPixel(100, 150).r < 40 && frame.logicalPixel(200, 150).r < 40)
        // Unplugged mid-stroke: back to 1, the finger goes on drawing.
        h.compositor.removeOutput(named: "SCRIPTED-2")
        _ = await h.compositor.waitUntil(timeout: AppHarness.patience) { h.frame?.scale == 1 }
        h.compositor.touchMotion(id: 0, x: 350, y: 150)
        h.compositor.touchFrame()
        h.compositor.touchUp(id: 0)
        h.compositor.touchFrame()
        frame = try #require(await h.frame { f in
            f.scale == 1 && f.width == 400 && [60.0, 100, 200, 300, 340].allSatisfy { f.logicalPixel($0, 150).r < 40 }
                && f.logicalPixel(200, 170).r > 215
        })
        #expect(frame.scale == 1 && frame.width == 400)
        for x in [60.0, 100, 200, 300, 340] { #expect(frame.logicalPixel(x, 150).r < 40, "stroke at x \(x)") }
        #expect(frame.logicalPixel(200, 170).r > 215)
        await h.waitForLog { $0.phases(ofTouch: 1).last == "ended" }
        #expect(h.phases(ofTouch: 1) == ["began", "moved", "moved", "moved", "ended"])
        #expect(h.compositor.protocolErrors.isEmpty)
    }
}
