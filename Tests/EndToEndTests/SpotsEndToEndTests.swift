import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// The real binary under the scripted compositor: pixels of committed buffers and the JSON log.
@Suite(.compositorSlot(timeLimit: .minutes(2)))
struct SpotsEndToEndTests {
    @Test func oneFingerSpotGrowsFollowsAndGoes() async throws {
        let h = try await AppHarness()
        h.compositor.touchDown(id: 0, x: 120.5, y: 140.25)
        h.compositor.touchFrame()
        let grown = try #require(await h.frame { $0.hasFullSpot(at: 120.5, 140.25) })
        #expect(grown.hasFullSpot(at: 120.5, 140.25))

        h.compositor.touchMotion(id: 0, x: 250, y: 160)
        h.compositor.touchFrame()
        let moved = try #require(await h.frame { $0.hasFullSpot(at: 250, 160) && $0.isBlank(near: 120.5, 140.25 - 45) })
        #expect(moved.hasFullSpot(at: 250, 160))
        #expect(moved.isBlank(near: 120.5, 140.25 - 45))

        h.compositor.touchUp(id: 0)
        h.compositor.touchFrame()
        let gone = try #require(await h.frame { $0.isBlank(near: 250, 160) })
        #expect(gone.isBlank(near: 250, 160))
        await h.waitForLog { $0.phases(ofTouch: 1).last == "ended" }
        #expect(h.phases(ofTouch: 1) == ["began", "moved", "ended"])
        let began = try #require(h.entries(phase: "began").first)
        #expect(began["x"] as? Double == 120.5)
        #expect(began["y"] as? Double == 140.25)
        #expect(began["seat"] as? String == "seat0")
        #expect(began["type"] as? String == "touch")
        #expect(began["id"] as? Int == 0)
    }

    /// On the held clock, so the first frame comes at the instant of the down however slow
    /// the machine, and the growth has not started.
    @Test func spotIsStillSmallWhileGrowing() async throws {
        let h = try await AppHarness(clock: ManualClock())
        h.compositor.touchDown(id: 3, x: 200, y: 150)
        h.compositor.touchFrame()
        // The first frame after the down shows the spot at its starting size, far below 100 px.
        let first = try #require(await h.compositor.waitForNextCommit(timeout: AppHarness.patience)?.frame)
        #expect(first.isWhite(at: 200 + 45, 150))
        #expect(try #require(await h.frame { $0.hasFullSpot(at: 200, 150) }).hasFullSpot(at: 200, 150))
    }

    @Test func tenFingersAtOnce() async throws {
        let h = try await AppHarness(size: (1000, 400))
        let points: [(x: Double, y: Double)] = (0..<10).map { (i: Int) -> (x: Double, y: Double) in
            let column = Double(i % 5)
            let row = Double(i / 5)
            return (x: 50 + column * 200, y: 100 + row * 200)
        }
        for (i, p) in points.enumerated() { h.compositor.touchDown(id: Int32(i), x: p.x, y: p.y) }
        h.compositor.touchFrame()
        let frame = try #require(await h.frame { f in points.allSatisfy { f.isSpot(at: $0.x, $0.y) && f.isSpot(at: $0.x + 45, $0.y) } })
        for p in points { #expect(frame.isSpot(at: p.x, p.y) && frame.isSpot(at: p.x + 45, p.y)) }
        await h.waitForLog { $0.entries(phase: "began").count >= 10 }
        #expect(h.entries(phase: "began").count == 10)
        for i in 0..<10 { h.compositor.touchUp(id: Int32(i)) }
        h.compositor.touchFrame()
        let after = try #require(await h.frame { f in points.allSatisfy { f.isWhite(at: $0.x, $0.y) } })
        for p in points { #expect(after.isWhite(at: p.x, p.y)) }
        await h.waitForLog { $0.entries(phase: "ended").count >= 10 }
        #expect(h.entries(phase: "ended").count == 10)
    }

    @Test func cancelRemovesEverySpot() async throws {
        let h = try await AppHarness()
        for (i, x) in [80.0, 200, 320].enumerated() { h.compositor.touchDown(id: Int32(i), x: x, y: 150) }
        h.compositor.touchFrame()
        #expect(try #require(await h.frame { $0.isSpot(at: 200, 150) }).isSpot(at: 200, 150))
        h.compositor.touchCancel()
        let frame = try #require(await h.frame { f in [80.0, 200, 320].allSatisfy { f.isWhite(at: $0, 150) } })
        for x in [80.0, 200, 320] { #expect(frame.isWhite(at: x, 150)) }
        await h.waitForLog { $0.entries(phase: "cancelled").count >= 3 }
        #expect(h.entries(phase: "cancelled").count == 3)
        #expect(h.entries(phase: "ended").isEmpty)
    }

    @Test func reusedIdIsANewTouch() async throws {
        let h = try await AppHarness()
        h.compositor.touchDown(id: 7, x: 100, y: 100)
        h.compositor.touchFrame()
        h.compositor.touchUp(id: 7)
        h.compositor.touchFrame()
        await h.roundtrip()  // the first touch has ended in the app before id 7 comes down again
        h.compositor.touchDown(id: 7, x: 300, y: 200)
        h.compositor.touchFrame()
        // The old spot must not come back: asserted once the new one has grown (0.2 s).
        let frame = try #require(await h.frame { $0.hasFullSpot(at: 300, 200) })
        #expect(frame.hasFullSpot(at: 300, 200))
        #expect(frame.isWhite(at: 100, 100))
        await h.waitForLog { !$0.phases(ofTouch: 2).isEmpty }
        #expect(h.phases(ofTouch: 1) == ["began", "ended"])
        #expect(h.phases(ofTouch: 2) == ["began"])
        #expect(h.logLines.filter { ($0["id"] as? Int) == 7 && $0["phase"] != nil }.count == 3)
        // The first life's summary, a down and nothing more: one sample, no rate to give.
        let summaries = h.logLines.filter { $0["summary"] != nil }
        #expect(summaries.count == 1 && summaries.first?["touch"] as? Int == 1 && summaries.first?["samples"] as? Int == 1)
        #expect(summaries.first?["hz"] == nil)
    }

    @Test func downAndUpInOneFrame() async throws {
        let h = try await AppHarness()
        h.compositor.touchDown(id: 1, x: 150, y: 150)
        h.compositor.touchUp(id: 1)
        h.compositor.touchFrame()
        // White before and after: once the app has handled the touch and had a spell to draw
        // in, a wrongly kept spot would show.
        await h.waitForLog { $0.phases(ofTouch: 1).last == "ended" }
        await h.idle()
        #expect(h.phases(ofTouch: 1) == ["began", "ended"])
        #expect(try #require(h.frame).isWhite(at: 150, 150))
    }

    @Test func noFrameAfterTheLastUpStillEndsTheTouch() async throws {
        let h = try await AppHarness()
        h.compositor.touchDown(id: 2, x: 150, y: 150)
        h.compositor.touchFrame()
        #expect(try #require(await h.frame { $0.isSpot(at: 150, 150) }).isSpot(at: 150, 150))
        h.compositor.touchUp(id: 2)  // as GNOME does: no frame follows
        await h.waitForLog { $0.phases(ofTouch: 1).last == "ended" && $0.anomalies().contains("no-frame-after-up") }
        #expect(h.phases(ofTouch: 1) == ["began", "ended"])
        #expect(try #require(await h.frame { $0.isWhite(at: 150, 150) }).isWhite(at: 150, 150))
        #expect(h.anomalies().contains("no-frame-after-up"))
    }

    @Test func losingTouchCapabilityCancels() async throws {
        let h = try await AppHarness()
        h.compositor.touchDown(id: 0, x: 100, y: 100)
        h.compositor.touchDown(id: 1, x: 250, y: 200)
        h.compositor.touchFrame()
        // The spots are shown first, or their being gone would prove nothing.
        _ = await h.frame { $0.isSpot(at: 100, 100) && $0.isSpot(at: 250, 200) }
        h.compositor.setCapabilities([.pointer, .keyboard])
        let frame = try #require(await h.frame { $0.isWhite(at: 100, 100) && $0.isWhite(at: 250, 200) })
        #expect(frame.isWhite(at: 100, 100) && frame.isWhite(at: 250, 200))
        await h.waitForLog { $0.entries(phase: "cancelled").count >= 2 }
        #expect(h.entries(phase: "cancelled").count == 2)
    }

    @Test func pointerDragIsAPointerTouch() async throws {
        let h = try await AppHarness()
        h.compositor.pointerEnter(x: 100, y: 120)
        h.compositor.pointerFrame()
        h.compositor.pointerButton(pressed: true)
        h.compositor.pointerFrame()
        #expect(try #require(await h.frame { $0.hasFullSpot(at: 100, 120) }).hasFullSpot(at: 100, 120))
        h.compositor.pointerMotion(x: 220, y: 180)
        h.compositor.pointerFrame()
        #expect(try #require(await h.frame { $0.hasFullSpot(at: 220, 180) }).hasFullSpot(at: 220, 180))
        h.compositor.pointerButton(pressed: false)
        h.compositor.pointerFrame()
        #expect(try #require(await h.frame { $0.isWhite(at: 220, 180) }).isWhite(at: 220, 180))
        await h.waitForLog { $0.phases(ofTouch: 1).last == "ended" }
        let lines = h.logLines
        #expect(lines.compactMap { $0["type"] as? String }.allSatisfy { $0 == "pointer" })
        #expect(h.phases(ofTouch: 1) == ["began", "moved", "ended"])
    }

    /// The pointer hovering shows a grey ring (docs/architecture.md, *Visual contract*: hover shows a ring); a press
    /// replaces it with the press's spot, the release brings it back, leaving takes it away.
    @Test func hoverShowsARingThatAPressReplaces() async throws {
        let h = try await AppHarness()
        let c = h.compositor
        func ring(_ frame: Frame?) -> Bool {
            guard let frame else { return false }
            // The ring's line, 11 to 13 px out (antialiased grey), white inside it and outside it.
            func lined(_ x: Double, _ y: Double) -> Bool {
                let p = frame.logicalPixel(x, y)
                return p.r < 0xC0 && p.r == p.g && p.g == p.b
            }
            return lined(161, 120) && lined(162, 120) && lined(150, 108) && lined(138, 120)
                && frame.isWhite(at: 150, 120) && frame.isWhite(at: 165, 120)
        }
        c.pointerEnter(x: 150, y: 120)
        c.pointerFrame()
        #expect(ring(await h.frame { ring($0) }), "no ring where the pointer hovers")
        c.pointerButton(pressed: true)
        c.pointerFrame()
        let pressed = try #require(await h.frame { $0.hasFullSpot(at: 150, 120) })
        #expect(pressed.hasFullSpot(at: 150, 120), "the press is a spot")
        #expect(Colors.matches(pressed.logicalPixel(161, 120), (0xAA, 0xAA, 0xAA)), "no ring over the spot")
        c.pointerButton(pressed: false)
        c.pointerFrame()
        #expect(ring(await h.frame { ring($0) }), "the ring is back after the release")
        c.pointerLeave()
        c.pointerFrame()
        #expect(try #require(await h.frame { $0.isWhite(at: 162, 120) }).isWhite(at: 162, 120), "leaving takes the ring away")
        #expect(h.entries(phase: "began").count == 1, "hovering is no touch")
    }

    /// Switching scene with a key replaces the views but not the pointer's place: the ring
    /// stays, and a click with no motion first is a touch there, not a `button-without-location`.
    @Test func aSceneSwitchKeepsThePointerWhereItIs() async throws {
        let h = try await AppHarness()
        let c = h.compositor
        func ring(_ frame: Frame?) -> Bool {
            guard let frame else { return false }
            let p = frame.logicalPixel(162, 120)
            return p.r < 0xC0 && p.r == p.g && frame.isWhite(at: 150, 120)
        }
        c.pointerEnter(x: 150, y: 120)
        c.pointerFrame()
        #expect(ring(await h.frame { ring($0) }), "no ring where the pointer hovers")
        c.tapKey(4)  // 3: the draw scene
        func drawScene(_ frame: Frame?) -> Bool {
            // The draw scene's Clear button, 16 px in from the top right corner.
            guard let frame else { return false }
            return !frame.isWhite(at: Double(frame.width) / Double(frame.scale) - 90, 20)
        }
        let switched = await h.frame { drawScene($0) && ring($0) }
        #expect(drawScene(switched), "no draw scene after its key")
        #expect(ring(switched), "the ring went with the old scene")
        c.pointerButton(pressed: true)
        c.pointerFrame()
        await h.waitForLog { !$0.entries(phase: "began").isEmpty }
        let began = h.entries(phase: "began")
        #expect(began.count == 1)
        #expect(began.first?["x"] as? Double == 150 && began.first?["y"] as? Double == 120, "\(began)")
        #expect(h.anomalies().isEmpty, "\(h.anomalies())")
    }

    @Test func qQuitsWithStatusZero() async throws {
        let h = try await AppHarness()
        h.compositor.tapKey(16)  // evdev KEY_Q
        var status: Int32?
        _ = await h.compositor.waitUntil(timeout: AppHarness.patience) {
            status = h.app.exitStatus
            return status != nil
        }
        #expect(status == 0)
    }

    @Test func closeFromTheCompositorQuits() async throws {
        let h = try await AppHarness()
        h.compositor.close()
        var status: Int32?
        _ = await h.compositor.waitUntil(timeout: AppHarness.patience) {
            status = h.app.exitStatus
            return status != nil
        }
        #expect(status == 0)
    }

    @Test func scaleTwoDoublesPixelsAndStaysCentred() async throws {
        let h = try await AppHarness(outputScale: 2)
        h.compositor.touchDown(id: 0, x: 150, y: 100)
        h.compositor.touchFrame()
        let frame = try #require(await h.frame { f in
            f.scale == 2 && f.width == 800 && f.height == 600
                && [(300, 200), (300 + 95, 200), (300 - 95, 200)].allSatisfy { Colors.matches(f.pixel(x: $0.0, y: $0.1), Colors.spot) }
                && [(300 + 106, 200), (300, 200 - 106)].allSatisfy { Colors.matches(f.pixel(x: $0.0, y: $0.1), Colors.white) }
        })
        #expect(frame.scale == 2)
        #expect(frame.width == 800 && frame.height == 600)
        // Centre at buffer (300, 200); radius 100 buffer pixels.
        #expect(Colors.matches(frame.pixel(x: 300, y: 200), Colors.spot))
        #expect(Colors.matches(frame.pixel(x: 300 + 95, y: 200), Colors.spot))
        #expect(Colors.matches(frame.pixel(x: 300 - 95, y: 200), Colors.spot))
        #expect(Colors.matches(frame.pixel(x: 300 + 106, y: 200), Colors.white))
        #expect(Colors.matches(frame.pixel(x: 300, y: 200 - 106), Colors.white))
    }

    @Test func commitsFollowFrameCallbacksNotEvents() async throws {
        let h = try await AppHarness()
        h.compositor.touchDown(id: 0, x: 100, y: 100)
        h.compositor.touchFrame()
        // Grown, and the growth's last frames in, before counting.
        _ = await h.frame { $0.hasFullSpot(at: 100, 100) }
        await h.idle()
        let before = h.compositor.commitCount
        // 50 motion frames sent at once: the app may not commit once per event.
        for step in 1...50 {
            h.compositor.touchMotion(id: 0, x: 100 + Double(step), y: 100)
            h.compositor.touchFrame()
        }
        // The last motion drawn, and every commit the burst caused in, before counting them.
        let moved = try #require(await h.frame { $0.hasFullSpot(at: 150, 100) })
        await h.idle()
        let commits = h.compositor.commitCount - before
        #expect(commits >= 1)
        #expect(commits < 25)
        #expect(moved.hasFullSpot(at: 150, 100))
    }

    @Test func idleAppCommitsNothing() async throws {
        let h = try await AppHarness()
        #expect(await h.idle())
        let before = h.compositor.commitCount
        await h.observe(for: 0.5)  // the idle spell the test is about
        #expect(h.compositor.commitCount == before)
    }
}
