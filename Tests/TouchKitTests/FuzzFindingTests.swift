import Testing
import TouchKit

private func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

/// What the fuzz targets (Fuzz/, docs/fuzzing.md) found in TouchKit, each test replaying the
/// exact events of the input it found; the inputs themselves are in `Fuzz/Corpus/<target>/`,
/// so every fuzzing run starts from them too.
@MainActor @Suite struct FuzzFindingTests {
    /// `Fuzz/Corpus/input-machine/pen-tap-unframed-then-everything-cancelled`: a pen's down and
    /// up, no frame yet, then the app cancels every touch (a scene switch, quitting). The tip was
    /// skipped as neither down nor touching, so `activeTouchCount` stayed 1, and a frame after a
    /// motion would have begun and ended the tap in the next scene.
    @Test func aPenTapWaitingForItsFrameIsCancelledWithEveryTouch() {
        let h = Harness()
        let tool = TabletToolID(1), seat = SeatID(1)
        h.pen(.proximityIn(tablet: TabletID(1)), .down, .up, tool: tool, seat: seat)
        h.machine.cancelAllTouches()
        #expect(h.machine.activeTouchCount == 0)
        #expect(h.deliveries.isEmpty, "no location ever came: nothing to begin")
        h.pen(penMotion(30, 10), .frame(time: 20), tool: tool, seat: seat)
        #expect(h.deliveries.isEmpty, "the tap is over; the motion is hover")
    }

    /// The same tap with a location: it begins and is cancelled at once, and the pen, lifted,
    /// hovers on.
    @Test func aLocatedPenTapWaitingForItsFrameBeginsAndIsCancelled() {
        let h = Harness()
        var hovers: [Point?] = []
        h.machine.onPencilHover = { _, _, location, _ in hovers.append(location) }
        h.addTool()
        h.penIn(10, 10)
        h.pen(.down, penMotion(12, 10), .up)
        h.machine.cancelAllTouches()
        #expect(h.phaseLog == [["1:began"], ["1:cancelled"]])
        #expect(h.machine.activeTouchCount == 0 && !h.machine.hasPendingInput)
        h.pen(penMotion(14, 10), .frame(time: 30))
        #expect(h.phaseLog.count == 2, "nothing of the tap comes later")
        #expect(hovers.last == p(14, 10), "lifted: hovering")
    }

    /// `Fuzz/Corpus/gesture-arena/recognizer-lets-go-of-a-touch-it-took-from-its-view`: a
    /// recognizer on the container recognized a finger before its view (the single-touch left
    /// half) saw it begin, so the view was to hear nothing of it; when every touch was
    /// cancelled the recognizer let go of it in its cancel hook, the arena dropped the touch's
    /// record in the middle of the event, and the view heard a cancel for a touch it never saw
    /// begin.
    @Test func aViewHearsNothingOfATouchTakenBeforeItBeganWhenTheRecognizerLetsItGo() {
        let arena = FuzzArenaWindow(multipleTouch: [true, false, false, false], exclusiveTouch: true)
        let recognizer = LettingGoRecognizer()
        recognizer.name = "letting go"
        arena.views[0].addGestureRecognizer(recognizer)
        arena.machine.handle(.down(id: 0, time: 1000, location: p(17.320581896551726, 24)), seat: arena.seat)
        arena.machine.cancelAllTouches()
        #expect(arena.reported == ["letting go began"])
        #expect(arena.views[1].calls.isEmpty, "taken before it began: the view hears nothing of it")
        #expect(arena.views[0].calls.isEmpty)
    }

    /// `Fuzz/Corpus/gesture-arena/time-out-due-as-a-cancel-arrives`: the same view told of a
    /// cancel for a touch it never saw begin, by another way. A recognizer recognized over a
    /// finger before the view saw it begin, then moved to the container (which reset it) and
    /// took a second finger there, setting a time-out; when every touch was cancelled, the
    /// time-outs checked as the event arrived settled the arena, and that dropped the first
    /// finger's record — already cancelled in the event — before the views were told.
    @Test func aTimeOutCheckedAsAnEventArrivesKeepsItsTouchesRecords() {
        let arena = FuzzArenaWindow(multipleTouch: [false, false, true, true])
        arena.machine.holdsMovesUntilDisplayFrame = false
        let recognizer = TapedRecognizer("taped", tape: [.ask(.ended), .wait, .ask(.ended)])
        arena.views[2].addGestureRecognizer(recognizer)
        arena.machine.handle(.down(id: 1, time: 1000, location: p(32.502424568965516, 22.469827586206897)), seat: arena.seat)
        arena.machine.flushPendingInput()
        arena.machine.handle(.down(id: 0, time: 1000, location: p(14.908135775862068, 22.737068965517242)), seat: arena.seat)
        arena.views[0].addGestureRecognizer(recognizer)
        arena.machine.cancelAllTouches()
        #expect(arena.reported == ["taped ended", "taped ended"])
        #expect(arena.views[2].calls.isEmpty, "taken before it began: the view hears nothing of it")
        #expect(arena.views[1].calls.map(\.phase) == [.began, .cancelled])
    }

    /// `Fuzz/Corpus/gesture-arena/view-removed-while-its-recognizer-decides`: a recognizer whose
    /// view left the window mid-touch stayed in the arena, so turning it off failed it where no
    /// one heard (the window reports every change), and the arena kept it and its touch.
    @Test func aRecognizerLeavesTheArenaWithItsView() {
        let arena = FuzzArenaWindow()
        let recognizer = UndecidedRecognizer()
        recognizer.name = "undecided"
        arena.views[2].addGestureRecognizer(recognizer)
        arena.machine.handle(.down(id: 3, time: 1000, location: p(32.15355603448276, 15.021551724137932)), seat: arena.seat)
        arena.machine.flushPendingInput()
        arena.views[2].removeFromSuperview()
        recognizer.isEnabled = false
        #expect(recognizer.state == .possible, "it left the arena afresh: nothing to fail")
        #expect(arena.reported.isEmpty)
        arena.machine.cancelAllTouches()
        #expect(arena.views[2].calls.map(\.phase) == [.began, .cancelled], "its touch is still delivered to it")
    }

    /// A gesture under way when its view leaves the window is cancelled, as the window reports;
    /// back in the window, the recognizer starts afresh.
    @Test func aGestureUnderWayIsCancelledWhenItsViewLeavesTheWindow() {
        let arena = FuzzArenaWindow()
        let recognizer = UndecidedRecognizer()
        recognizer.name = "undecided"
        arena.views[2].addGestureRecognizer(recognizer)
        arena.machine.handle(.down(id: 0, time: 1000, location: p(40, 20)), seat: arena.seat)
        arena.machine.handle(RawTouchInput.frame, seat: arena.seat)
        recognizer.state = .began
        arena.views[2].removeFromSuperview()
        #expect(arena.reported == ["undecided began", "undecided cancelled"])
        #expect(recognizer.state == .possible)
        arena.views[0].addSubview(arena.views[2])
        arena.machine.handle(.down(id: 1, time: 1010, location: p(50, 20)), seat: arena.seat)
        arena.machine.handle(RawTouchInput.frame, seat: arena.seat)
        recognizer.state = .began
        #expect(arena.reported == ["undecided began", "undecided cancelled", "undecided began"])
    }

    /// `Fuzz/Corpus/gesture-arena/two-waiting-recognizers-admitted-after-their-touch`: two
    /// recognizers that shared a finger both asked to begin while waiting for others to fail;
    /// the finger was cancelled, those others were reset, and both were let through, the
    /// second one no longer meeting the first: the touch's record, which made them competitors,
    /// was gone. The second one, which may stop the first, now does.
    @Test func recognizersStillDecidingCompeteAfterTheirTouchEnds() {
        let arena = FuzzArenaWindow()
        let recognizers = [
            TapedRecognizer("0"), TapedRecognizer("1"), TapedRecognizer("2", tape: [.ask(.began), .ask(.began)]), TapedRecognizer("3"),
            TapedRecognizer("4", tape: [.ask(.changed), .ask(.began)], canPrevent: false),
        ]
        for (recognizer, view) in zip(recognizers, [3, 0, 0, 1, 1]) { arena.views[view].addGestureRecognizer(recognizer) }
        recognizers[4].delaysTouchesBegan = true
        recognizers[4].delaysTouchesEnded = false
        recognizers[4].allowedTouchTypes = [.direct]
        for (waiting, required) in [(0, [2, 3, 4]), (1, [0, 2, 3]), (2, [0, 1, 3]), (3, [0, 1, 4]), (4, [0, 1, 3])] {
            for other in required { recognizers[waiting].require(toFail: recognizers[other]) }
        }
        arena.machine.handle(.down(id: 4, time: 1000, location: p(30.776939655172413, 0)), seat: arena.seat)
        arena.machine.cancelAllTouches()
        #expect(arena.reported == ["4 began", "2 began", "4 cancelled"])
        #expect(recognizers[2].state == .began && recognizers[4].state == .possible)
    }
}
