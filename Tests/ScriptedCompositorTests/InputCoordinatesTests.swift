import ScriptedCompositor
import Testing
import Wayland
import TouchCanvasTesting

/// Where and when input lands: window geometry offsets, event times a test can know exactly.
@MainActor
@Suite(.compositorSlot(timeLimit: .minutes(1)))
struct InputCoordinatesTests {
    @Test func inputIsOffsetByTheCommittedWindowGeometry() async throws {
        let compositor = try ScriptedCompositor()
        let client = try await TestClient(compositor)
        let window = try await TestWindow(client)
        let recorder = try TouchRecorder(client) { $0 === window.surface ? "window" : nil }
        let pointer = try #require(recorder.seat.getPointer())
        var pointerLog: [String] = []
        pointer.onEvent = { event in
            switch event {
            case .enter(_, _, let x, let y): pointerLog.append("enter \(x) \(y)")
            case .motion(_, let x, let y): pointerLog.append("motion \(x) \(y)")
            default: break
            }
        }
        try window.map(width: 80, height: 60)
        #expect(await client.exchange(until: { compositor.waitForMappedToplevel(timeout: 0) }))
        #expect(compositor.toplevel?.windowGeometry == nil)

        // Double-buffered: not in effect until the commit.
        window.xdgSurface.setWindowGeometry(x: 10, y: 20, width: 50, height: 30)
        await client.roundtrip()
        compositor.touchDown(id: 0, x: 1, y: 2)
        compositor.touchUp(id: 0)
        window.surface.commit()
        await client.roundtrip()
        let geometry = try #require(compositor.toplevel?.windowGeometry)
        #expect([geometry.x, geometry.y, geometry.width, geometry.height] == [10, 20, 50, 30])
        compositor.touchDown(id: 1, x: 1, y: 2.5)
        compositor.touchMotion(id: 1, x: 3, y: 4)
        compositor.pointerEnter(x: 5, y: 6)
        compositor.pointerMotion(x: 7, y: 8)
        // A misbehaving down on the window is offset the same way.
        #expect(compositor.repeatedTouchDown(id: 1, x: 0, y: 0))
        await client.roundtrip()
        #expect(recorder.events == [
            "down 0 1.0 2.0 window", "up 0",
            "down 1 11.0 22.5 window", "motion 1 13.0 24.0", "down 1 10.0 20.0 window",
        ])
        #expect(pointerLog == ["enter 15.0 26.0", "motion 17.0 28.0"])
    }

    @Test func aBadWindowGeometryIsAnError() async throws {
        let compositor = try ScriptedCompositor()
        let client = try await TestClient(compositor)
        let window = try await TestWindow(client)
        window.xdgSurface.setWindowGeometry(x: 0, y: 0, width: 0, height: 10)
        #expect(await client.exchange(until: { client.failed }))
        if case .protocolError(let interface, _, let code)? = client.connection.error {
            #expect(interface == "xdg_surface" && code == 5)  // XDG_SURFACE_ERROR_INVALID_SIZE
        } else {
            Issue.record("no protocol error")
        }
    }

    @Test func aFrozenClockStampsExactlyTheTimeSet() async throws {
        let compositor = try ScriptedCompositor()
        let client = try await TestClient(compositor)
        let window = try await TestWindow(client)
        let recorder = try TouchRecorder(client)
        try window.map()
        #expect(await client.exchange(until: { compositor.waitForMappedToplevel(timeout: 0) }))
        #expect(compositor.lastEventTime == nil)

        compositor.freezesEventTime = true
        compositor.eventTime = 1_000
        compositor.touchDown(id: 0, x: 1, y: 1)
        await compositor.pump(for: 0.02)  // real time passes; the clock does not
        compositor.touchMotion(id: 0, x: 2, y: 2)
        #expect(compositor.lastEventTime == 1_000)
        compositor.eventTime = 1_005
        compositor.strayTouchMotion(id: 9, x: 0, y: 0)
        compositor.touchUp(id: 0)
        await client.roundtrip()
        #expect(recorder.times == [1_000, 1_000, 1_005, 1_005])
        #expect(compositor.lastEventTime == 1_005)

        // Thawed, it runs on from where it stood, without a jump: by the real time that passed,
        // however long a busy machine made the pump take.
        let thawedAt = ScriptedCompositor.monotonicNanoseconds
        compositor.freezesEventTime = false
        await compositor.pump(for: 0.02)
        compositor.touchDown(id: 1, x: 1, y: 1)
        let elapsed = Double(ScriptedCompositor.monotonicNanoseconds - thawedAt) / 1e6
        let thawed = try #require(compositor.lastEventTime)
        #expect(thawed >= 1_005 + 15 && Double(thawed) <= 1_005 + elapsed + 1, "\(thawed) after \(elapsed) ms")
    }
}
