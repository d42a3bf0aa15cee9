extension Window {
    /// Called for every state change of every recognizer in this window, `failed` included
    /// (which targets never hear), before the targets: `--log gestures` and the HUD's list.
    /// Resets to `possible` are not reported.
    public var onGestureStateChange: ((GestureRecognizer, GestureRecognizer.State) -> Void)? {
        get { gestureArena.onStateChange }
        set { gestureArena.onStateChange = newValue }
    }

    /// Now on the gesture clock, in seconds on the input clock (that of ``Touch/timestamp``).
    public var gestureTime: Double { gestureArena.clock.now }

    /// When the earliest recognizer time-out falls due, on the window's ``clock``; `nil` when
    /// none is set (or before any input event has tied the input clock to the window's). The
    /// app arms one timer for it and calls ``advanceGestures()`` when it fires; display frames
    /// advance the clock too (``advanceAnimations()``), and so does every input event, so
    /// nothing else is needed.
    ///
    /// ```swift
    /// if let due = window.nextGestureDeadline {
    ///     deadlines.schedule(.gestures, after: max(0, due - window.clock()))
    /// }
    /// // when it fires:
    /// window.advanceGestures()
    /// ```
    public var nextGestureDeadline: Double? {
        guard let next = gestureArena.clock.nextTime else { return nil }
        return gestureArena.clock.windowTime(forInputTime: next)
    }

    /// Fires the recognizer time-outs due by now on the window's clock (a double tap's wait
    /// for the second tap, a long press's duration). ``advanceAnimations()`` calls it.
    public func advanceGestures() {
        gestureArena.advanceToWindowClock()
    }

    /// Moves the gesture clock to `time`, seconds on the input clock, firing what fell due; for
    /// replays and tests that drive time by input timestamps. Time never moves back.
    public func advanceGestures(to time: Double) {
        gestureArena.advance(to: time)
    }

    /// Feeds one touchpad gesture event (`zwp_pointer_gestures_v1`, already free of Wayland
    /// types) to the recognizers of the view under the pointer and its ancestors, as touch
    /// type ``TouchType/indirectPointer``.
    ///
    /// A pinch drives ``PinchGestureRecognizer`` and ``RotationGestureRecognizer``; a swipe
    /// drives ``PanGestureRecognizer`` with its finger count; a hold stops a pan still in
    /// flight. Which view is chosen once, at `.began`, from ``TouchpadGesture/location``;
    /// later events go to the same recognizers. An end with phase `.cancelled` cancels them.
    /// Views never see touchpad gestures: they are not touches.
    ///
    /// ```swift
    /// // zwp_pointer_gesture_pinch_v1.update(time, dx, dy, scale, rotation):
    /// window.sendTouchpadGesture(TouchpadGesture(
    ///     kind: .pinch, phase: .changed, fingers: fingers, location: pointerLocation,
    ///     time: seconds, delta: Point(x: dx, y: dy), scale: scale, rotation: rotation))
    /// ```
    public func sendTouchpadGesture(_ gesture: TouchpadGesture) {
        gestureArena.touchpadGesture(gesture)
    }
}
