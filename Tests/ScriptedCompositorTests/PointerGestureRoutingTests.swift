import ScriptedCompositor
import Testing
import Wayland
import TouchCanvasTesting

/// Who hears a touchpad gesture, and when the compositor refuses one: the pointer focus's client
/// on that seat, through the objects that heard the begin; one gesture at a time; and the
/// deliberate out-of-order events, which are sent only when they really are out of order.
@MainActor
@Suite(.compositorSlot(timeLimit: .minutes(1)))
struct PointerGestureRoutingTests {
    @Test func onlyTheFocusClientOnThatSeatHearsAGesture() async throws {
        let compositor = try ScriptedCompositor(seats: ["seat0", "seat1"])
        let client = try await TestClient(compositor)
        let window = try await TestWindow(client)
        let recorder = try PointerGestureRecorder(client) { $0 === window.surface ? "window" : nil }
        let seatGlobals = client.globals.filter { $0.interface == "wl_seat" }.map(\.name)
        #expect(seatGlobals.count == 2)
        let otherSeat = try PointerGestureRecorder(client, manager: recorder.manager, seatGlobal: seatGlobals.last)
        let bystander = try await TestClient(compositor)
        let outsider = try PointerGestureRecorder(bystander)
        try window.map()
        #expect(await client.exchange(until: { compositor.waitForMappedToplevel(timeout: 0) }))
        let bystanderAnswered = await bystander.roundtrip()
        let clientAnswered = await client.roundtrip()
        #expect(bystanderAnswered && clientAnswered)
        #expect(compositor.pointerGestureObjectCount == 9)

        #expect(!compositor.swipeBegin(fingers: 3))  // no pointer focus yet
        compositor.pointerEnter(x: 5, y: 5)
        #expect(compositor.swipeBegin(fingers: 3))
        #expect(compositor.swipeUpdate(dx: 1, dy: 2))
        #expect(compositor.swipeEnd())
        #expect(!compositor.pinchBegin(seat: "seat1"))  // that seat's pointer is nowhere
        #expect(!compositor.pinchBegin(seat: "seat9"))
        let clientAnsweredAgain = await client.roundtrip()
        let bystanderAnsweredAgain = await bystander.roundtrip()
        #expect(clientAnsweredAgain && bystanderAnsweredAgain)

        #expect(recorder.events == ["swipe begin 3 window", "swipe update 1.0 2.0", "swipe end done"])
        #expect(otherSeat.events.isEmpty && outsider.events.isEmpty)
        #expect(compositor.sentPointerGestures.map(\.recipients) == [1, 1, 1])
        #expect(compositor.protocolErrors.isEmpty && !client.failed && !bystander.failed)
    }

    @Test func aSeatRemovedMidGestureLeavesNoGestureToItsSuccessor() async throws {
        let compositor = try ScriptedCompositor(seats: ["seat0", "seat1"])
        let client = try await TestClient(compositor)
        let window = try await TestWindow(client)
        try window.map()
        #expect(await client.exchange(until: { compositor.waitForMappedToplevel(timeout: 0) }))
        compositor.pointerEnter(x: 5, y: 5, seat: "seat1")
        #expect(compositor.pinchBegin(seat: "seat1"))
        compositor.removeSeat("seat1")
        #expect(compositor.pointerGestureInProgress(seat: "seat1") == nil)
        #expect(!compositor.pinchEnd(seat: "seat1"))
        compositor.addSeat("seat1", capabilities: .all)
        compositor.pointerEnter(x: 5, y: 5, seat: "seat1")
        #expect(compositor.swipeBegin(fingers: 3, seat: "seat1"))
        #expect(compositor.pointerGestureInProgress(seat: "seat1") == .swipe)
        #expect(compositor.pointerGestureInProgress() == nil)
        #expect(await client.roundtrip())
        #expect(compositor.protocolErrors.isEmpty && !client.failed)
    }

    @Test func oneGestureAtATimeAndEachEventOnlyInItsPlace() async throws {
        let compositor = try ScriptedCompositor()
        let client = try await TestClient(compositor)
        let window = try await TestWindow(client)
        let recorder = try PointerGestureRecorder(client) { $0 === window.surface ? "window" : nil }
        try window.map()
        #expect(await client.exchange(until: { compositor.waitForMappedToplevel(timeout: 0) }))
        compositor.pointerEnter(x: 5, y: 5)

        #expect(!compositor.swipeUpdate(dx: 1, dy: 1))
        #expect(!compositor.swipeEnd())
        #expect(!compositor.holdEnd())
        #expect(compositor.pinchBegin())
        #expect(!compositor.swipeBegin(fingers: 3))
        #expect(!compositor.holdBegin(fingers: 1))
        #expect(!compositor.pinchBegin())
        #expect(!compositor.swipeUpdate(dx: 1, dy: 0))
        #expect(!compositor.swipeEnd())
        #expect(compositor.pinchEnd())
        #expect(!compositor.pinchEnd())
        #expect(!compositor.pinchUpdate(scale: 2))
        #expect(await client.roundtrip())

        #expect(recorder.events == ["pinch begin 2 window", "pinch end done"])
        #expect(compositor.sentPointerGestures.count == 2)
        #expect(compositor.protocolErrors.isEmpty && !client.failed)
    }

    @Test func anObjectMadeMidGestureHearsNothingUntilTheNextBegin() async throws {
        let compositor = try ScriptedCompositor()
        let client = try await TestClient(compositor)
        let window = try await TestWindow(client)
        let recorder = try PointerGestureRecorder(client) { $0 === window.surface ? "window" : nil }
        try window.map()
        #expect(await client.exchange(until: { compositor.waitForMappedToplevel(timeout: 0) }))
        compositor.pointerEnter(x: 5, y: 5)

        #expect(compositor.swipeBegin(fingers: 3))
        let late = try PointerGestureRecorder(client, manager: recorder.manager, pointer: recorder.pointer) {
            $0 === window.surface ? "window" : nil
        }
        #expect(await client.roundtrip())
        #expect(compositor.pointerGestureObjectCount == 6)
        #expect(compositor.swipeUpdate(dx: 1, dy: 1))
        #expect(compositor.swipeEnd())
        #expect(await client.roundtrip())
        #expect(late.events.isEmpty)
        #expect(compositor.sentPointerGestures.map(\.recipients) == [1, 1, 1])

        // A destroyed object hears nothing more; the late one now hears the whole next gesture.
        recorder.swipe?.destroy()
        #expect(await client.roundtrip())
        #expect(compositor.swipeBegin(fingers: 4))
        #expect(compositor.swipeEnd())
        #expect(await client.roundtrip())
        #expect(late.events == ["swipe begin 4 window", "swipe end done"])
        #expect(recorder.events == ["swipe begin 3 window", "swipe update 1.0 1.0", "swipe end done"])
        #expect(compositor.protocolErrors.isEmpty && !client.failed)
    }

    @Test func strayUpdatesAndEndsAreSentOnlyWhenTheyAreStray() async throws {
        let compositor = try ScriptedCompositor()
        let client = try await TestClient(compositor)
        let window = try await TestWindow(client)
        let recorder = try PointerGestureRecorder(client) { $0 === window.surface ? "window" : nil }
        try window.map()
        #expect(await client.exchange(until: { compositor.waitForMappedToplevel(timeout: 0) }))
        #expect(!compositor.strayPointerGestureEnd(.swipe))  // no pointer focus: no one to offend
        compositor.pointerEnter(x: 5, y: 5)

        #expect(compositor.strayPointerGestureUpdate(.pinch, dx: 1, dy: 2, scale: 1.5, rotation: 3))
        #expect(compositor.strayPointerGestureUpdate(.swipe, dx: 4, dy: 5))
        #expect(!compositor.strayPointerGestureUpdate(.hold, dx: 0, dy: 0))  // a hold has no update
        #expect(compositor.strayPointerGestureEnd(.hold, cancelled: true))
        #expect(compositor.pointerGestureInProgress() == nil)
        #expect(compositor.swipeBegin(fingers: 3))
        #expect(!compositor.strayPointerGestureUpdate(.swipe, dx: 1, dy: 1))  // in order after all
        #expect(!compositor.strayPointerGestureEnd(.swipe))
        #expect(compositor.strayPointerGestureEnd(.pinch))  // a pinch's end in a swipe
        #expect(compositor.pointerGestureInProgress() == .swipe)
        #expect(compositor.swipeEnd())
        #expect(compositor.strayPointerGestureEnd(.swipe))  // a second end
        #expect(await client.roundtrip())

        #expect(recorder.events == [
            "pinch update 1.0 2.0 1.5 3.0", "swipe update 4.0 5.0", "hold end cancelled",
            "swipe begin 3 window", "pinch end done", "swipe end done", "swipe end done",
        ])
        #expect(compositor.sentPointerGestures.map(\.isMisbehaviour) == [true, true, true, false, true, false, true])
        #expect(compositor.protocolErrors.isEmpty && !client.failed)
    }
}
