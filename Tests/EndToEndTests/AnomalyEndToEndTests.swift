import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// Each compositor anomaly TouchKit knows, produced by sending the offending sequence to the
/// real binary, and named in the JSON log — in `--log phases` and in `--log raw`.
@Suite(.compositorSlot(timeLimit: .minutes(3)))
struct AnomalyEndToEndTests {
    static let logs = ["phases", "raw"]

    func harness(_ log: String, _ extra: [String] = []) async throws -> AppHarness {
        try await AppHarness(arguments: ["--scene", "canvas", "--log", log] + extra)
    }

    /// The anomaly lines of the log, as parsed objects.
    func anomalies(_ h: AppHarness, _ kind: String) -> [[String: Any]] {
        h.logLines.filter { ($0["anomaly"] as? String) == kind }
    }

    /// Waits for the report, then for the app to have handled everything sent before it (a
    /// ping's answer), so a second report of the same thing would be in the log too: `count == 1`
    /// then means once, not "not yet".
    func waitForAnomaly(_ h: AppHarness, _ kind: String, count: Int = 1) async {
        await h.waitForLog { lines in lines.filter { ($0["anomaly"] as? String) == kind }.count >= count }
        await h.roundtrip()
    }

    @Test(arguments: logs) func noFrameAfterUp(_ log: String) async throws {
        let h = try await harness(log)
        h.compositor.touchDown(id: 0, x: 100, y: 100)
        h.compositor.touchFrame()
        h.compositor.touchUp(id: 0)  // and no frame, as GNOME does after the last finger
        await waitForAnomaly(h, "no-frame-after-up")
        let found = anomalies(h, "no-frame-after-up")
        #expect(found.count == 1)
        #expect(found.first?["event"] as? String == "up")
        #expect(found.first?["id"] as? String == "0")
        #expect(found.first?["looksLike"] as? String == "mutter")
    }

    @Test(arguments: logs) func eventsWithoutFrame(_ log: String) async throws {
        let h = try await harness(log)
        h.compositor.touchDown(id: 0, x: 100, y: 100)
        h.compositor.touchFrame()
        h.compositor.touchMotion(id: 0, x: 120, y: 100)  // no frame closes it
        await waitForAnomaly(h, "events-without-frame")
        let found = anomalies(h, "events-without-frame")
        #expect(found.count == 1)
        #expect(found.first?["event"] as? String == "motion")
    }

    @Test(arguments: logs) func duplicateDown(_ log: String) async throws {
        let h = try await harness(log)
        h.compositor.touchDown(id: 3, x: 100, y: 100)
        h.compositor.touchFrame()
        #expect(h.compositor.repeatedTouchDown(id: 3, x: 200, y: 150))
        h.compositor.touchFrame()
        await waitForAnomaly(h, "duplicate-down")
        if log == "phases" { await h.waitForLog { $0.entries(phase: "began").count >= 2 } }
        let found = anomalies(h, "duplicate-down")
        #expect(found.count == 1)
        #expect(found.first?["id"] as? String == "3")
        if log == "phases" {
            // The old touch was cancelled, the new one began.
            #expect(h.entries(phase: "cancelled").count == 1)
            #expect(h.entries(phase: "began").count == 2)
        }
    }

    @Test(arguments: logs) func cancelWithoutTouches(_ log: String) async throws {
        let h = try await harness(log)
        #expect(h.compositor.strayTouchCancel())
        await waitForAnomaly(h, "cancel-without-touches")
        #expect(anomalies(h, "cancel-without-touches").count == 1)
    }

    @Test(arguments: logs) func possiblyStuck(_ log: String) async throws {
        let h = try await harness(log, ["--stuck-after", "0.5"])
        h.compositor.touchDown(id: 5, x: 100, y: 100)
        h.compositor.touchFrame()
        await waitForAnomaly(h, "possibly-stuck")
        await h.observe(for: 1.2)  // the check runs every second: a repeat would come in this time
        let found = anomalies(h, "possibly-stuck")
        #expect(found.count == 1, "reported once, not every second")
        #expect(found.first?["id"] as? String == "5")
        if let idle = (found.first?["idle"] as? String).flatMap(Double.init) { #expect(idle >= 0.5) }
    }

    @Test(arguments: logs) func touchCapabilityLostWithoutCancel(_ log: String) async throws {
        let h = try await harness(log)
        h.compositor.touchDown(id: 0, x: 100, y: 100)
        h.compositor.touchDown(id: 1, x: 200, y: 100)
        h.compositor.touchFrame()
        await h.roundtrip()  // the fingers are down in the app
        h.compositor.setCapabilities([.pointer, .keyboard])
        await waitForAnomaly(h, "lost-without-cancel")
        if log == "phases" { await h.waitForLog { $0.entries(phase: "cancelled").count >= 2 } }
        let found = anomalies(h, "lost-without-cancel")
        #expect(found.count == 1)
        #expect(found.first?["event"] as? String == "capability-lost")
        #expect(found.first?["ids"] as? String == "0,1")
        if log == "phases" { #expect(h.entries(phase: "cancelled").count == 2) }
    }

    @Test(arguments: logs) func seatRemovedWithoutCancel(_ log: String) async throws {
        let h = try await harness(log)
        h.compositor.touchDown(id: 0, x: 100, y: 100)
        h.compositor.touchFrame()
        await h.roundtrip()  // the finger is down in the app
        h.compositor.removeSeat("seat0")
        await waitForAnomaly(h, "lost-without-cancel")
        if log == "phases" { await h.waitForLog { $0.entries(phase: "cancelled").count >= 1 } }
        let found = anomalies(h, "lost-without-cancel")
        #expect(found.count == 1)
        #expect(found.first?["event"] as? String == "seat-removed")
        if log == "phases" { #expect(h.entries(phase: "cancelled").count == 1) }
    }

    @Test(arguments: logs) func unknownTouchID(_ log: String) async throws {
        let h = try await harness(log)
        h.compositor.touchDown(id: 0, x: 100, y: 100)
        h.compositor.touchFrame()
        #expect(h.compositor.strayTouchMotion(id: 9, x: 120, y: 100))
        h.compositor.touchFrame()
        #expect(h.compositor.strayTouchUp(id: 8))
        h.compositor.touchFrame()
        await waitForAnomaly(h, "unknown-touch-id", count: 2)
        let found = anomalies(h, "unknown-touch-id")
        #expect(found.count == 2)
        #expect(found.compactMap { $0["event"] as? String } == ["motion", "up"])
        #expect(found.compactMap { $0["id"] as? String } == ["9", "8"])
    }

    @Test(arguments: logs) func foreignSurface(_ log: String) async throws {
        let h = try await harness(log)
        // The pointer's entering makes the app set its cursor: its second surface.
        h.compositor.pointerEnter(x: 50, y: 50)
        h.compositor.pointerFrame()
        #expect(await h.compositor.waitUntil(timeout: AppHarness.patience) { h.compositor.otherSurfaceCount > 0 })
        let cursor = try #require(h.compositor.otherSurfaces.first)
        #expect(h.compositor.touchDownOnOtherSurface(cursor, id: 4, x: 3, y: 3))
        h.compositor.touchFrame()
        h.compositor.touchMotion(id: 4, x: 5, y: 5)
        h.compositor.touchFrame()
        await waitForAnomaly(h, "foreign-surface")
        let found = anomalies(h, "foreign-surface")
        #expect(found.count == 1, "once per run of foreign events")
        #expect(found.first?["event"] as? String == "down")
        #expect(found.first?["id"] as? String == "4")
        if log == "phases" { #expect(h.entries(phase: "began").isEmpty, "nothing of it reaches the views") }
        if log == "raw" {
            #expect(h.logLines.contains { ($0["event"] as? String) == "down" && ($0["surface"] as? String) == "foreign" })
        }
    }

    @Test func aCancelledSequenceIsNotAnAnomaly() async throws {
        let h = try await harness("phases")
        h.compositor.touchDown(id: 0, x: 100, y: 100)
        h.compositor.touchFrame()
        h.compositor.touchCancel()
        h.compositor.setCapabilities([.pointer, .keyboard])
        await h.roundtrip()  // every event handled: an anomaly would have been logged by now
        #expect(h.anomalies().isEmpty)
    }

    @Test func theRawLogHasEveryWireEventWithItsArguments() async throws {
        let h = try await harness("raw")
        h.compositor.touchDown(id: 0, x: 100.5, y: 80.25)
        h.compositor.touchFrame()
        h.compositor.touchMotion(id: 0, x: 110, y: 80.25)
        h.compositor.touchFrame()
        h.compositor.touchUp(id: 0)
        h.compositor.touchFrame()
        await h.waitForLog { $0.filter { ($0["interface"] as? String) == "wl_touch" }.count >= 6 }
        let lines = h.logLines
        let touch = lines.filter { ($0["interface"] as? String) == "wl_touch" }
        #expect(touch.compactMap { $0["event"] as? String } == ["down", "frame", "motion", "frame", "up", "frame"])
        let down = try #require(touch.first)
        #expect(down["x"] as? Double == 100.5 && down["y"] as? Double == 80.25)
        #expect(down["surface"] as? String == "ours" && down["id"] as? Int == 0)
        #expect(down["seat"] as? String == "seat0")
        #expect(down["time"] is Int && down["serial"] is Int && down["t"] is NSNumber)
        #expect(lines.contains { ($0["interface"] as? String) == "wl_seat" && ($0["event"] as? String) == "capabilities" })
        // No delivered-phase lines in the raw log.
        #expect(!lines.contains { $0["phase"] != nil })
    }
}
