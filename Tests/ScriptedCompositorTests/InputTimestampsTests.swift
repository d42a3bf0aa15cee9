import ScriptedCompositor
import Testing
import Wayland
import TouchCanvasTesting

/// `zwp_input_timestamps_v1` against an in-process client: the nanosecond stamp comes just before
/// each timed event and agrees with its millisecond `time`.
@MainActor
@Suite(.compositorSlot(timeLimit: .minutes(1)))
struct InputTimestampsTests {
    /// Everything the client's touch, pointer and keyboard heard, in order: "ts <ns>" for a
    /// timestamp, "<event> <ms>" for a timed event.
    @MainActor
    final class Log {
        var lines: [String] = []
        var objects: [AnyObject] = []
    }

    private func timestamps(_ object: ZwpInputTimestampsV1?, into log: Log, label: String) throws {
        let object = try #require(object)
        object.onEvent = { event in
            if case .timestamp(let hi, let lo, let nsec) = event {
                let seconds = UInt64(hi) << 32 | UInt64(lo)
                log.lines.append("\(label) ts \(seconds * 1_000_000_000 + UInt64(nsec))")
            }
        }
        log.objects.append(object)
    }

    @Test func eachTimedEventIsPrecededByItsNanosecondStamp() async throws {
        let compositor = try ScriptedCompositor()
        let client = try await TestClient(compositor)
        #expect(client.global("zwp_input_timestamps_manager_v1")?.version == 1)
        let manager = try #require(client.bind(ZwpInputTimestampsManagerV1.self, version: 1))
        let seat = try #require(client.bind(WlSeat.self, version: 8))
        let touch = try #require(seat.getTouch())
        let pointer = try #require(seat.getPointer())
        let keyboard = try #require(seat.getKeyboard())
        let log = Log()
        try timestamps(manager.getTouchTimestamps(touch: touch), into: log, label: "touch")
        try timestamps(manager.getPointerTimestamps(pointer: pointer), into: log, label: "pointer")
        try timestamps(manager.getKeyboardTimestamps(keyboard: keyboard), into: log, label: "keyboard")
        touch.onEvent = { event in
            switch event {
            case .down(_, let time, _, _, _, _): log.lines.append("touch down \(time)")
            case .motion(let time, _, _, _): log.lines.append("touch motion \(time)")
            case .up(_, let time, _): log.lines.append("touch up \(time)")
            default: break
            }
        }
        pointer.onEvent = { event in
            switch event {
            case .motion(let time, _, _): log.lines.append("pointer motion \(time)")
            case .button(_, let time, _, _): log.lines.append("pointer button \(time)")
            default: break
            }
        }
        keyboard.onEvent = { event in
            if case .key(_, let time, _, _) = event { log.lines.append("keyboard key \(time)") }
        }
        let window = try await TestWindow(client)
        try window.map()
        #expect(await client.exchange(until: { compositor.waitForMappedToplevel(timeout: 0) }))
        await client.roundtrip()

        var expected: [String] = []
        func stamped(_ device: String, _ event: String) throws {
            let nanoseconds = try #require(compositor.lastEventNanoseconds)
            let time = try #require(compositor.lastEventTime)
            #expect(time == UInt32(truncatingIfNeeded: nanoseconds / 1_000_000))
            expected += ["\(device) ts \(nanoseconds)", "\(device) \(event) \(time)"]
        }
        compositor.touchDown(id: 0, x: 5, y: 5)
        try stamped("touch", "down")
        compositor.touchFrame()
        await compositor.pump(for: 0.002)
        compositor.touchMotion(id: 0, x: 6, y: 5)
        try stamped("touch", "motion")
        compositor.touchUp(id: 0)
        try stamped("touch", "up")
        compositor.touchFrame()
        compositor.pointerEnter(x: 3, y: 3)
        compositor.pointerMotion(x: 4, y: 3)
        try stamped("pointer", "motion")
        compositor.pointerButton(pressed: true)
        try stamped("pointer", "button")
        let beforeKey = ScriptedCompositor.monotonicNanoseconds
        compositor.key(16, pressed: true)
        let afterKey = ScriptedCompositor.monotonicNanoseconds
        try stamped("keyboard", "key")
        await client.roundtrip()
        #expect(log.lines == expected)

        // Untouched, the event clock is the presentation clock: the key's stamp lies between
        // readings of that clock taken around it (no fixed bound, which a busy machine breaks).
        let stamp = try #require(compositor.lastEventNanoseconds)
        #expect(beforeKey <= stamp && stamp <= afterKey, "\(beforeKey) ≤ \(stamp) ≤ \(afterKey)")
        _ = window
    }

    @Test func aSetEventClockMovesBothStampsTogether() async throws {
        let compositor = try ScriptedCompositor()
        compositor.freezesEventTime = true
        compositor.eventTime = UInt32.max - 1
        #expect(compositor.eventTime == UInt32.max - 1)
        #expect(compositor.eventNanoseconds % 1_000_000 == 0)
        let before = compositor.eventNanoseconds
        compositor.eventTime = 5  // past the wrap: the nanoseconds need not follow it backwards
        #expect(compositor.eventTime == 5)
        #expect(UInt32(truncatingIfNeeded: compositor.eventNanoseconds / 1_000_000) == 5)
        compositor.freezesEventTime = false
        await compositor.pump(for: 0.003)
        #expect(compositor.eventTime >= 8)
        #expect(UInt32(truncatingIfNeeded: compositor.eventNanoseconds / 1_000_000) == compositor.eventTime)
        _ = before
    }

    @Test func timestampsOfAReleasedInputObjectStayQuiet() async throws {
        let compositor = try ScriptedCompositor(offersInputTimestamps: true)
        let client = try await TestClient(compositor)
        let manager = try #require(client.bind(ZwpInputTimestampsManagerV1.self, version: 1))
        let seat = try #require(client.bind(WlSeat.self, version: 8))
        let gone = try #require(seat.getTouch())
        let log = Log()
        try timestamps(manager.getTouchTimestamps(touch: gone), into: log, label: "gone")
        gone.release()
        await client.roundtrip()
        // A new wl_touch (which may reuse the old one's id or memory) must not inherit it.
        let touch = try #require(seat.getTouch())
        var downs = 0
        touch.onEvent = { if case .down = $0 { downs += 1 } }
        let window = try await TestWindow(client)
        try window.map()
        #expect(await client.exchange(until: { compositor.waitForMappedToplevel(timeout: 0) }))
        compositor.touchDown(id: 0, x: 1, y: 1)
        compositor.touchFrame()
        await client.roundtrip()
        #expect(downs == 1)
        #expect(log.lines.isEmpty)
        #expect(compositor.protocolErrors.isEmpty)
        _ = (touch, window)
    }

    @Test func theGlobalsCanBeWithheld() async throws {
        let compositor = try ScriptedCompositor(offersPresentation: false, offersInputTimestamps: false)
        let client = try await TestClient(compositor)
        #expect(client.global("zwp_input_timestamps_manager_v1") == nil)
        #expect(client.global("wp_presentation") == nil)
    }
}
