import ScriptedCompositor
import Testing
import Wayland
import TouchCanvasTesting

/// Every deliberate protocol offence reaches the client as sent, while the ordinary API keeps
/// refusing the same sequences.
@MainActor
@Suite(.compositorSlot(timeLimit: .minutes(1)))
struct MisbehaviourTests {
    /// A mapped window and a touch recorder that calls its surface "window".
    private func mappedWindow() async throws -> (ScriptedCompositor, TestClient, TestWindow, TouchRecorder) {
        let compositor = try ScriptedCompositor()
        let client = try await TestClient(compositor)
        let window = try await TestWindow(client)
        let recorder = try TouchRecorder(client) { $0 === window.surface ? "window" : nil }
        try window.map()
        guard await client.exchange(until: { compositor.waitForMappedToplevel(timeout: 0) }) else {
            throw TestFailure("the window did not map")
        }
        return (compositor, client, window, recorder)
    }

    @Test func eventsForATouchThatIsNotDownReachTheClient() async throws {
        let (compositor, client, _, recorder) = try await mappedWindow()
        compositor.touchDown(id: 0, x: 1, y: 1)
        compositor.touchUp(id: 0)
        compositor.touchFrame()
        // The ordinary API refuses all of these: id 0 is up.
        compositor.touchMotion(id: 0, x: 2, y: 2)
        compositor.touchShape(id: 0, major: 4, minor: 3)
        compositor.touchOrientation(id: 0, degrees: 10)
        compositor.touchUp(id: 0)
        await client.roundtrip()
        #expect(recorder.events == ["down 0 1.0 1.0 window", "up 0", "frame"])

        recorder.clear()
        #expect(compositor.strayTouchMotion(id: 0, x: 5.5, y: 6.25))
        #expect(compositor.strayTouchShape(id: 0, major: 8, minor: 4))
        #expect(compositor.strayTouchOrientation(id: 0, degrees: 30))
        #expect(compositor.strayTouchUp(id: 0))
        #expect(compositor.strayTouchMotion(id: 42, x: 1, y: 1))  // never seen at all
        compositor.touchFrame()
        await client.roundtrip()
        #expect(recorder.events == [
            "motion 0 5.5 6.25", "shape 0 8.0 4.0", "orientation 0 30.0", "up 0", "motion 42 1.0 1.0", "frame",
        ])
    }

    @Test func strayCallsForATouchThatIsDownSendNothing() async throws {
        let (compositor, client, _, recorder) = try await mappedWindow()
        compositor.touchDown(id: 2, x: 1, y: 1)
        #expect(!compositor.strayTouchMotion(id: 2, x: 3, y: 3))
        #expect(!compositor.strayTouchShape(id: 2, major: 1, minor: 1))
        #expect(!compositor.strayTouchOrientation(id: 2, degrees: 1))
        #expect(!compositor.strayTouchUp(id: 2))
        #expect(!compositor.strayTouchCancel())
        #expect(!compositor.strayTouchMotion(id: 3, x: 1, y: 1, seat: "no-such-seat"))
        await client.roundtrip()
        #expect(recorder.events == ["down 2 1.0 1.0 window"])
    }

    @Test func aSecondDownForATouchThatIsDown() async throws {
        let (compositor, client, _, recorder) = try await mappedWindow()
        #expect(!compositor.repeatedTouchDown(id: 3, x: 1, y: 1))  // not down yet: not an offence
        compositor.touchDown(id: 3, x: 10, y: 10)
        compositor.touchFrame()
        compositor.touchDown(id: 3, x: 20, y: 20)  // the ordinary API refuses it
        #expect(compositor.repeatedTouchDown(id: 3, x: 30, y: 30))
        compositor.touchFrame()
        compositor.touchMotion(id: 3, x: 31, y: 31)  // the id is still down: ordinary calls go on
        compositor.touchUp(id: 3)
        compositor.touchFrame()
        await client.roundtrip()
        #expect(recorder.events == [
            "down 3 10.0 10.0 window", "frame", "down 3 30.0 30.0 window", "frame",
            "motion 3 31.0 31.0", "up 3", "frame",
        ])
    }

    @Test func aDownOnTheClientsCursorSurface() async throws {
        let (compositor, client, window, _) = try await mappedWindow()
        #expect(compositor.otherSurfaceCount == 0)
        let cursor = try #require(window.compositorGlobal.createSurface())
        let spare = try #require(window.compositorGlobal.createSurface())
        let recorder = try TouchRecorder(client) { surface in
            surface === window.surface ? "window" : surface === cursor ? "cursor" : surface === spare ? "spare" : nil
        }
        let pointer = try #require(recorder.seat.getPointer())
        pointer.setCursor(serial: 0, surface: cursor, hotspotX: 0, hotspotY: 0)
        #expect(await client.exchange(until: { compositor.otherSurfaces.first?.role == .cursor }))
        #expect(compositor.otherSurfaceCount == 2)
        #expect(compositor.otherSurfaces.map(\.objectID) == [cursor.id, spare.id])
        #expect(compositor.otherSurfaces.last?.role == nil)

        let target = try #require(compositor.otherSurfaces.first)
        #expect(compositor.touchDownOnOtherSurface(target, id: 1, x: 2, y: 3))
        compositor.touchFrame()
        compositor.touchMotion(id: 1, x: 4, y: 5)  // follows the touch to the cursor surface
        compositor.touchUp(id: 1)
        compositor.touchFrame()
        let other = try #require(compositor.otherSurfaces.last)
        #expect(compositor.touchDownOnOtherSurface(other, id: 4, x: 0, y: 0))
        await client.roundtrip()
        #expect(recorder.events == [
            "down 1 2.0 3.0 cursor", "frame", "motion 1 4.0 5.0", "up 1", "frame", "down 4 0.0 0.0 spare",
        ])

        spare.destroy()
        #expect(await client.exchange(until: { compositor.otherSurfaceCount == 1 }))
        #expect(!compositor.touchDownOnOtherSurface(other, id: 5, x: 0, y: 0))  // gone: nothing sent
    }

    @Test func theWindowSurfaceCannotBecomeACursor() async throws {
        let (_, client, window, recorder) = try await mappedWindow()
        let pointer = try #require(recorder.seat.getPointer())
        pointer.setCursor(serial: 0, surface: window.surface, hotspotX: 0, hotspotY: 0)
        #expect(await client.exchange(until: { client.failed }))
        if case .protocolError(let interface, _, let code)? = client.connection.error {
            #expect(interface == "wl_pointer" && code == 0)  // WL_POINTER_ERROR_ROLE
        } else {
            Issue.record("no protocol error")
        }
    }

    @Test func losingTheTouchCapabilitySendsNoCancel() async throws {
        let (compositor, client, _, recorder) = try await mappedWindow()
        var capabilities: [UInt32] = []
        recorder.seat.onEvent = { if case .capabilities(let caps) = $0 { capabilities.append(caps.rawValue) } }
        #expect(compositor.dropTouchCapabilityWithoutCancel().isEmpty)  // nothing down: nothing done
        compositor.touchDown(id: 0, x: 1, y: 1)
        compositor.touchDown(id: 1, x: 2, y: 2)
        compositor.touchFrame()
        #expect(compositor.dropTouchCapabilityWithoutCancel() == [0, 1])
        compositor.touchMotion(id: 0, x: 3, y: 3)  // forgotten by the compositor: nothing more
        compositor.touchUp(id: 1)
        await client.roundtrip()
        #expect(capabilities.last == 3)  // pointer and keyboard
        #expect(compositor.capabilities(of: "seat0") == [.pointer, .keyboard])
        #expect(recorder.events == ["down 0 1.0 1.0 window", "down 1 2.0 2.0 window", "frame"])
    }

    @Test func removingTheSeatSendsNoCancel() async throws {
        let compositor = try ScriptedCompositor()
        compositor.addSeat("tablet", capabilities: [.touch])
        let client = try await TestClient(compositor)
        let window = try await TestWindow(client)
        let tablet = try #require(client.globals.last { $0.interface == "wl_seat" })
        let recorder = try TouchRecorder(client, seatGlobal: tablet.name) { $0 === window.surface ? "window" : nil }
        try window.map()
        #expect(await client.exchange(until: { compositor.waitForMappedToplevel(timeout: 0) }))
        #expect(compositor.removeSeatWithoutCancel("seat0").isEmpty)  // nothing down there
        compositor.touchDown(id: 7, x: 1, y: 1, seat: "tablet")
        compositor.touchFrame(seat: "tablet")
        #expect(compositor.removeSeatWithoutCancel("tablet") == [7])
        compositor.touchUp(id: 7, seat: "tablet")  // the seat is gone: nothing
        await client.roundtrip()
        #expect(client.removedGlobals == [tablet.name])
        #expect(compositor.seatNames == ["seat0"])
        #expect(recorder.events == ["down 7 1.0 1.0 window", "frame"])
    }

    @Test func aCancelWithNoTouchDown() async throws {
        let (compositor, client, _, recorder) = try await mappedWindow()
        compositor.touchCancel()  // the ordinary API refuses: nothing is down
        compositor.touchDown(id: 0, x: 1, y: 1)
        compositor.touchCancel()
        await client.roundtrip()
        #expect(recorder.events == ["down 0 1.0 1.0 window", "cancel"])

        #expect(compositor.strayTouchCancel())  // a second cancel for a sequence already cancelled
        await client.roundtrip()
        #expect(recorder.events == ["down 0 1.0 1.0 window", "cancel", "cancel"])
    }
}
