import ScriptedCompositor
import Testing
import Wayland
import TouchCanvasTesting

/// The zwp_pointer_gestures_v1 server: what a client bound to it hears of touchpad swipes,
/// pinches and holds, to the wl_fixed step, the serial and the millisecond, and who hears nothing.
@MainActor
@Suite(.compositorSlot(timeLimit: .minutes(1)))
struct PointerGestureTests {
    /// A client with a mapped window, gesture objects on its pointer, and the pointer over the
    /// window: what every gesture needs before its begin.
    private func setUp(_ compositor: ScriptedCompositor, version: UInt32 = 3) async throws
        -> (TestClient, TestWindow, PointerGestureRecorder) {
        let client = try await TestClient(compositor)
        let window = try await TestWindow(client)
        let recorder = try PointerGestureRecorder(client, version: version) { $0 === window.surface ? "window" : nil }
        try window.map()
        #expect(await client.exchange(until: { compositor.waitForMappedToplevel(timeout: 0) }))
        compositor.pointerEnter(x: 10, y: 10)
        #expect(await client.roundtrip())
        return (client, window, recorder)
    }

    @Test func theManagerIsOfferedAtVersion3UnlessLeftOutOrCapped() async throws {
        #expect(try await TestClient(ScriptedCompositor()).global("zwp_pointer_gestures_v1")?.version == 3)
        #expect(try await TestClient(ScriptedCompositor(offersPointerGestures: false)).global("zwp_pointer_gestures_v1") == nil)
        for (asked, offered) in [(UInt32(1), UInt32(1)), (2, 2), (3, 3), (0, 1), (9, 3)] {
            let client = try await TestClient(ScriptedCompositor(pointerGesturesVersion: asked))
            #expect(client.global("zwp_pointer_gestures_v1")?.version == offered, "asked for \(asked)")
        }
    }

    @Test func aSwipeArrivesWithItsFingersDeltasSerialsAndTimes() async throws {
        let compositor = try ScriptedCompositor()
        let (client, _, recorder) = try await setUp(compositor)
        #expect(compositor.pointerGestureObjectCount == 3)
        compositor.freezesEventTime = true
        compositor.eventTime = 2_000

        #expect(compositor.swipeBegin(fingers: 3))
        #expect(compositor.pointerGestureInProgress() == .swipe)
        compositor.eventTime = 2_008
        #expect(compositor.swipeUpdate(dx: 1.5, dy: -2.25))
        #expect(compositor.swipeUpdate(dx: 0.1, dy: 0))  // 0.1 is 26/256 on the wire
        compositor.eventTime = 2_016
        #expect(compositor.swipeEnd())
        #expect(compositor.pointerGestureInProgress() == nil)
        #expect(await client.roundtrip())

        #expect(recorder.events == [
            "swipe begin 3 window", "swipe update 1.5 -2.25", "swipe update 0.1015625 0.0", "swipe end done",
        ])
        #expect(recorder.times == [2_000, 2_008, 2_008, 2_016])
        #expect(compositor.lastEventTime == 2_016)
        let sent = compositor.sentPointerGestures
        #expect(sent.map(\.event) == [
            .begin(fingers: 3), .update(dx: 1.5, dy: -2.25, scale: nil, rotation: nil),
            .update(dx: 0.1, dy: 0, scale: nil, rotation: nil), .end(cancelled: false),
        ])
        #expect(sent.allSatisfy { $0.kind == .swipe && $0.seat == "seat0" && $0.recipients == 1 && !$0.isMisbehaviour })
        #expect(sent.map(\.time) == recorder.times)
        // Begin and end: a fresh serial each, as the record says; updates carry none.
        #expect(sent.compactMap(\.serial) == recorder.serials)
        #expect(recorder.serials.count == 2 && recorder.serials[0] < recorder.serials[1])
        #expect(compositor.protocolErrors.isEmpty && !client.failed)
    }

    @Test func aPinchCarriesScaleAndRotationAndCancelledMeansCancelled() async throws {
        let compositor = try ScriptedCompositor()
        let (client, _, recorder) = try await setUp(compositor)

        #expect(compositor.pinchBegin())
        #expect(compositor.pinchUpdate(dx: 2, dy: 1, scale: 1.25, rotation: 10))
        #expect(compositor.pinchUpdate(scale: 1.5, rotation: -5.5))
        #expect(compositor.pinchEnd(cancelled: true))
        #expect(compositor.pinchBegin(fingers: 3))
        #expect(compositor.pinchEnd())
        #expect(compositor.swipeBegin(fingers: 4))
        #expect(compositor.swipeEnd(cancelled: true))
        #expect(await client.roundtrip())

        #expect(recorder.events == [
            "pinch begin 2 window", "pinch update 2.0 1.0 1.25 10.0", "pinch update 0.0 0.0 1.5 -5.5",
            "pinch end cancelled",
            "pinch begin 3 window", "pinch end done",
            "swipe begin 4 window", "swipe end cancelled",
        ])
        #expect(compositor.sentPointerGestures[1].event == .update(dx: 2, dy: 1, scale: 1.25, rotation: 10))
        #expect(compositor.sentPointerGestures.map(\.event).filter { if case .end = $0 { true } else { false } } == [
            .end(cancelled: true), .end(cancelled: false), .end(cancelled: true),
        ])
        #expect(compositor.protocolErrors.isEmpty && !client.failed)
    }

    @Test func aHoldBeginsAndEndsOrIsCancelled() async throws {
        let compositor = try ScriptedCompositor()
        let (client, _, recorder) = try await setUp(compositor)

        #expect(compositor.holdBegin(fingers: 1))
        #expect(compositor.pointerGestureInProgress() == .hold)
        #expect(compositor.holdEnd())
        #expect(compositor.holdBegin(fingers: 2))
        #expect(compositor.holdEnd(cancelled: true))
        #expect(await client.roundtrip())

        #expect(recorder.events == ["hold begin 1 window", "hold end done", "hold begin 2 window", "hold end cancelled"])
        #expect(recorder.serials.count == 4 && Set(recorder.serials).count == 4)
        #expect(compositor.sentPointerGestures.allSatisfy { $0.kind == .hold && $0.recipients == 1 })
        #expect(compositor.protocolErrors.isEmpty && !client.failed)
    }

    @Test func version1OffersNoHoldAndSwipesAndPinchesStillWork() async throws {
        let compositor = try ScriptedCompositor(pointerGesturesVersion: 1)
        let (client, _, recorder) = try await setUp(compositor, version: 3)
        #expect(recorder.manager.version == 1)
        #expect(recorder.hold == nil && recorder.swipe != nil && recorder.pinch != nil)
        #expect(compositor.pointerGestureObjectCount == 2)

        // The touchpad's hold happens; no client can hear it.
        #expect(compositor.holdBegin(fingers: 2))
        #expect(compositor.holdEnd())
        #expect(compositor.pinchBegin())
        #expect(compositor.pinchUpdate(scale: 2))
        #expect(compositor.pinchEnd())
        recorder.manager.release()  // below version 2 the bindings send nothing: no error
        #expect(await client.roundtrip())

        #expect(recorder.events == ["pinch begin 2 window", "pinch update 0.0 0.0 2.0 0.0", "pinch end done"])
        #expect(compositor.sentPointerGestures.map(\.recipients) == [0, 0, 1, 1, 1])
        #expect(compositor.protocolErrors.isEmpty && !client.failed)
    }

    @Test func releasingTheManagerLeavesItsObjectsWorking() async throws {
        let compositor = try ScriptedCompositor(pointerGesturesVersion: 2)
        let (client, _, recorder) = try await setUp(compositor)
        #expect(recorder.manager.version == 2 && recorder.hold == nil)
        recorder.manager.release()
        #expect(await client.roundtrip())
        #expect(compositor.swipeBegin(fingers: 3))
        #expect(compositor.swipeEnd())
        #expect(await client.roundtrip())
        #expect(recorder.events == ["swipe begin 3 window", "swipe end done"])
        #expect(compositor.protocolErrors.isEmpty && !client.failed)
    }
}
