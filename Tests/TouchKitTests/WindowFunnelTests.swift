import Testing
import TouchKit

/// The window's `sendEvent` funnel: binding at began, one call per view and phase.
@MainActor @Suite struct WindowFunnelTests {
    /// Left half: a single-touch recording view; right half: a multi-touch one.
    private func split() -> (Harness, single: RecordingView, multi: RecordingView) {
        let h = Harness()
        let single = RecordingView(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        let multi = RecordingView(frame: Rect(x: 400, y: 0, width: 400, height: 600))
        multi.isMultipleTouchEnabled = true
        h.root.addSubview(single)
        h.root.addSubview(multi)
        return (h, single, multi)
    }

    @Test func touchStaysBoundToTheViewItBeganIn() {
        let (h, single, multi) = split()
        h.touch(down(0, 100, 100), .frame, motion(0, 700, 100), .frame, up(0), .frame)
        #expect(single.calls.map(\.phase) == [.began, .moved, .ended])
        #expect(multi.calls.isEmpty, "moving over another view does not rebind")
        #expect(h.root.calls.isEmpty)
    }

    @Test func touchKnowsItsViewWindowAndLocalLocation() {
        let (h, _, multi) = split()
        h.touch(down(0, 450.5, 10.25), .frame)
        let touch = h.touchObjects.values.first
        #expect(touch?.view === multi && touch?.window === h.window)
        #expect(touch?.location(in: multi) == Point(x: 50.5, y: 10.25), "view coordinates, not rounded")
        #expect(touch?.location(in: nil) == Point(x: 450.5, y: 10.25))
    }

    @Test func singleTouchViewGetsOnlyTheFirstTouch() {
        let (h, single, _) = split()
        h.touch(down(0, 100, 100), .frame, down(1, 200, 100), .frame,
                motion(1, 210, 100), .frame, up(0), .frame, motion(1, 220, 100), .frame, up(1), .frame)
        #expect(single.calls.map(\.phase) == [.began, .ended])
        #expect(single.calls.allSatisfy { $0.numbers.count == 1 })
        #expect(h.root.calls.isEmpty, "the extra touch is delivered nowhere, not even up the chain")
        // Once the first touch ended the view takes a new one again.
        h.touch(down(2, 100, 100), .frame)
        #expect(single.calls.map(\.phase) == [.began, .ended, .began])
    }

    @Test func twoTouchesBeganTogetherOnASingleTouchViewBindOnlyTheLowerNumber() {
        let (h, single, _) = split()
        h.touch(down(0, 100, 100), down(1, 200, 100), .frame)
        #expect(single.calls.count == 1 && single.calls[0].numbers.count == 1)
    }

    @Test func oneCallPerViewPerPhase() {
        let (h, single, multi) = split()
        h.touch(down(0, 500, 100), down(1, 600, 100), down(2, 100, 100), .frame)
        #expect(multi.calls.count == 1 && multi.calls[0].phase == .began && multi.calls[0].numbers.count == 2)
        #expect(single.calls.count == 1)
        h.touch(motion(0, 510, 100), motion(1, 610, 100), up(2), .frame)
        #expect(multi.calls.count == 2 && multi.calls[1] .phase == .moved && multi.calls[1].numbers.count == 2)
        #expect(single.calls.map(\.phase) == [.began, .ended])
    }

    @Test func stationaryTouchesAreNotDispatched() {
        let (h, _, multi) = split()
        h.touch(down(0, 500, 100), down(1, 600, 100), .frame, motion(0, 510, 100), .frame)
        #expect(multi.calls.last == RecordingView.Call(phase: .moved, numbers: [multi.calls[0].numbers[0]]))
    }

    @Test func unhandledTouchesGoUpTheResponderChain() {
        let h = Harness()
        let plain = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        h.root.addSubview(plain)
        h.touch(down(0, 10, 10), .frame, up(0), .frame)
        #expect(h.root.calls.map(\.phase) == [.began, .ended])
    }

    @Test func exclusiveTouchView() {
        let (h, single, multi) = split()
        single.isExclusiveTouch = true
        h.touch(down(0, 500, 100), .frame, down(1, 100, 100), .frame)
        #expect(single.calls.isEmpty, "another view is tracking, so the exclusive view gets nothing")
        h.touch(up(0), up(1), .frame, down(2, 100, 100), .frame, down(3, 500, 100), .frame)
        #expect(single.calls.map(\.phase) == [.began])
        #expect(multi.calls.map(\.phase) == [.began, .ended], "nobody else starts while it tracks")
    }

    @Test func ignoringInteractionEvents() {
        let (h, single, _) = split()
        h.window.beginIgnoringInteractionEvents()
        h.touch(down(0, 100, 100), .frame)
        h.window.endIgnoringInteractionEvents()
        h.touch(motion(0, 110, 100), .frame, up(0), .frame, down(1, 100, 100), .frame)
        #expect(single.calls.map(\.phase) == [.began], "a touch begun while ignoring stays unbound")
    }

    @Test func eventLooksUpTouchesByViewAndWindow() {
        let (h, single, multi) = split()
        var counts: [Int] = []
        h.observe = { event in
            counts = [event.touches(for: single).count, event.touches(for: multi).count,
                      event.touches(for: h.window).count, event.allTouches.count]
        }
        h.touch(down(0, 100, 100), .frame)
        h.touch(down(1, 500, 100), down(2, 600, 100), .frame)
        // onDeliver runs before binding: the new touches are in the window but bound to no view yet.
        #expect(counts == [1, 0, 3, 3])
        h.touch(motion(1, 501, 100), .frame)
        #expect(counts == [1, 2, 3, 3])
    }

    @Test func overriddenSendEventSeesEveryEvent() {
        final class Spy: Window {
            var seen = 0
            override func sendEvent(_ event: TouchEvent) {
                seen += 1
                super.sendEvent(event)
            }
        }
        let window = Spy(frame: Rect(x: 0, y: 0, width: 100, height: 100), clock: { 0 })
        let view = RecordingView(frame: window.bounds)
        window.addSubview(view)
        let machine = TouchInputMachine(window: window)
        for input in [down(0, 1, 1), .frame, up(0), .frame] { machine.handle(input, seat: SeatID(1)) }
        #expect(window.seen == 2 && view.calls.count == 2)
    }
}
