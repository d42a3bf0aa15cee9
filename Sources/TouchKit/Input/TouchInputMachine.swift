import Foundation

/// Turns raw `wl_touch` / `wl_pointer` / `zwp_tablet_tool_v2` events into UIKit-style
/// deliveries through `Window.sendEvent(_:)`, following the input model in docs/architecture.md. A tablet
/// tool's tip is a `pencil` touch (see `handle(_:tool:seat:)`), grouped by the tool's own
/// `frame` and otherwise delivered, held and cancelled as fingers are.
///
/// Events of each seat and device wait for their `frame`; a frame delivers one `TouchEvent`
/// holding every touch of every seat on the window, changed ones as began/moved/ended and the
/// rest stationary. The machine guarantees, whatever the compositor sends, that each touch goes
/// began → (moved | stationary)* → (ended | cancelled) and that nothing follows its end.
///
/// Cancellation — `wl_touch.cancel`, a pointer leave while pressed, losing a capability, the
/// seat or the surface — acts at once, without waiting for a frame. Touches whose down was
/// still waiting for its frame are first delivered as began, so every touch a view is told
/// about begins before it is cancelled; then all of the seat's touches are cancelled together.
///
/// Recovery choices: a `down` for an id that is already down cancels the old touch in the same
/// delivery (we cannot know the old finger lifted, so we do not claim it ended); events for an
/// id that is not down are ignored. Both are reported through `onAnomaly`, like every other
/// surprise (`TouchAnomaly.Category` lists them); `checkForStuckTouches(now:)` and
/// `foreignSurfaceEvent(seat:device:event:id:time:)` report what the event stream alone cannot.
///
/// Pacing (`holdsMovesUntilDisplayFrame`): the app delivers moves at most once per display
/// frame. Frames holding only motion, shape or orientation of touches that already began are
/// held, their samples kept per touch, until `deliverHeldMoves()`, which the app calls right
/// before it renders. Began, ended and cancelled are never delayed; see `deliverHeldMoves()` for
/// how held moves join them.
///
/// What allocates: in a steady state — the same fingers moving, frame after frame — nothing
/// (the allocation rule: no heap allocation in a steady-state frame). Each position is a value appended
/// to its touch's sample buffer; every buffer, here and in `Window.sendEvent`, is emptied with
/// `removeAll(keepingCapacity:)` and reused, so it stops growing once it fits one delivery. The
/// `TouchEvent` of a delivery is reused for the next one, and the snapshot touches of
/// `TouchEvent.coalescedTouches(for:)` and `predictedTouches(for:)` are reused by the next
/// delivery of the same touch — each only when no one kept it, so nothing a caller holds ever
/// changes under it. Touches that begin allocate (the `Touch`, its buffers, a first event
/// that holds more touches). Keeping an event or its snapshots past their delivery is
/// allowed, but makes the next delivery allocate fresh ones: UIKit's rule, that an event and
/// what it returns are valid during delivery only, is the one to follow.
///
/// Not re-entrant: do not feed it from inside a touch handler.
///
/// Write `RawTouchInput.frame` and `RawPointerInput.frame` in full: both enums have a `frame`
/// case, so a bare `.frame` is ambiguous between the two `handle` methods.
///
/// ```swift
/// let input = TouchInputMachine(window: window)
/// input.holdsMovesUntilDisplayFrame = true
/// input.onAnomaly = { print("anomaly:", $0.kind, $0.details) }
///
/// // From the Wayland glue, as events arrive:
/// input.handle(.down(id: 0, time: 1000, location: Point(x: 40, y: 40)), seat: seat)
/// input.handle(RawTouchInput.frame, seat: seat)  // touchesBegan
/// // When the socket is drained and a frame is still missing (GNOME after the last up):
/// if input.hasPendingInput { input.flushPendingInput() }
/// // Right before drawing each display frame:
/// input.deliverHeldMoves()  // touchesMoved, every sample coalesced
/// window.advanceAnimations()
/// ```
///
/// Stored properties are `@exclusivity(unchecked)`: every event and delivery goes through them,
/// and their runtime exclusivity checks showed up in the input → commit profile (BENCHMARKS.md,
/// part A). The machine is main-actor bound and not re-entrant, so accesses never overlap.
@MainActor
public final class TouchInputMachine {
    /// The window every delivery is sent to, through ``Window/sendEvent(_:)``.
    public let window: Window

    /// Called with each event just before `window.sendEvent`, while its phases are current.
    @exclusivity(unchecked) public var onDeliver: ((TouchEvent) -> Void)?
    /// Called once per occurrence of something the compositor should not have sent (see
    /// ``TouchAnomaly``), after the machine has recovered; the app logs it and shows it in the HUD.
    @exclusivity(unchecked) public var onAnomaly: ((TouchAnomaly) -> Void)?
    /// Called when where a seat's pointer hovers changes: its location on the surface while no
    /// button is held, `nil` when it presses (the press is a touch then), leaves or goes away.
    /// Hovering is no touch (UIKit tells it to hover gesture recognisers, not `touchesBegan`);
    /// the app draws a ring there so a person sees where a press would land.
    @exclusivity(unchecked) public var onPointerHover: ((SeatID, Point?) -> Void)?
    /// Called when where a tablet tool hovers changes: its location on the surface and its
    /// distance (0 touching … 1 the edge of range; `nil` when the tool reports none) while in
    /// proximity and not touching, `nil` when it touches down (a touch then), leaves proximity
    /// or goes away. As for the pointer, hovering is no touch; the app draws a ring sized by
    /// the distance, so a person sees where the pen would land.
    @exclusivity(unchecked) public var onPencilHover: ((TabletToolID, SeatID, _ location: Point?, _ distance: Double?) -> Void)?
    @exclusivity(unchecked) private var nextTouchNumber = 1

    /// How soon after a tap's end the next touch must begin to raise `tapCount`.
    public var tapCountInterval: TimeInterval {
        get { taps.interval }
        set { taps.interval = newValue }
    }

    /// How close to the previous tap (and to its own start) a tap must stay, in logical pixels.
    public var tapCountDistance: Double {
        get { taps.distance }
        set { taps.distance = newValue }
    }

    /// When true, moves wait for `deliverHeldMoves()` (the display frame) instead of being
    /// delivered at each `wl_touch.frame` / `wl_pointer.frame`. Off by default; the app turns it on.
    /// Turning it off does not release moves already held: they go with the next delivery or
    /// `deliverHeldMoves()`.
    @exclusivity(unchecked) public var holdsMovesUntilDisplayFrame = false

    /// How far ahead of a touch's timestamp `TouchEvent.predictedTouches(for:)` extrapolates, in
    /// seconds: the app sets it from the measured input-to-commit latency. Clamped to
    /// `0...maximumPredictionInterval` (NaN becomes 0, which turns prediction off).
    public var predictionInterval: TimeInterval {
        get { clampedPredictionInterval }
        set {
            clampedPredictionInterval = newValue.isNaN
                ? 0 : min(max(newValue, 0), Self.maximumPredictionInterval)
        }
    }

    /// How long a touch may stay down with no event before `checkForStuckTouches(now:)` reports
    /// it as `possibly-stuck`, in seconds. A finger held perfectly still sends nothing, so this
    /// is a hint, not a verdict; the touch is never ended for it.
    @exclusivity(unchecked) public var stuckTouchThreshold: TimeInterval = 10

    /// Predicting further than this mostly predicts wrong.
    public static let maximumPredictionInterval: TimeInterval = 0.05

    @exclusivity(unchecked) var seats: [SeatID: SeatState] = [:]
    @exclusivity(unchecked) private var clampedPredictionInterval: TimeInterval = 0.016
    /// Touches with held moves, in the order their first held frame arrived.
    @exclusivity(unchecked) var heldTouches: [Touch] = []
    /// Counts deliveries, so an event can tell its touches' samples from a later delivery's.
    @exclusivity(unchecked) var deliverySerial: UInt64 = 0
    /// Touches delivered as began and not yet ended or cancelled, in order of their number.
    @exclusivity(unchecked) var live: [Touch] = []
    @exclusivity(unchecked) var taps = TapCounter(interval: 0.35, distance: 10)
    /// Buffers lent to each frame and delivery, so that steady deliveries allocate none.
    @exclusivity(unchecked) var changeBuffers = BufferPool<PendingChange>()
    @exclusivity(unchecked) var entryBuffers = BufferPool<Entry>()
    /// The last delivery's event, handed out again by the next delivery if no one kept it.
    @exclusivity(unchecked) var recycledEvent: TouchEvent?

    /// A machine delivering to `window`; it learns each seat from the seat's first event.
    public init(window: Window) {
        self.window = window
    }

    /// Input has arrived that no `frame` has closed yet. The app uses it to decide whether a
    /// drained socket means "the compositor sent no frame" (deliver soon) or nothing at all.
    public var hasPendingInput: Bool {
        // A loop for the reason `IdentityScan.swift` gives: the app asks after every dispatch.
        for state in seats.values where !state.touchFrame.isEmpty || !state.pointerFrame.isEmpty || hasPendingToolInput(state) {
            return true
        }
        return false
    }

    /// More fingers down at once than any touch screen reports (the largest track a few dozen;
    /// phones and tablets ten or eleven), all seats together; pointer presses do not count.
    /// Every delivery carries every active touch, so without a bound a compositor or a
    /// recording putting thousands of fingers down would make each frame cost thousands of
    /// touches: replay took minutes. A `down` beyond it is ignored and reported as
    /// `too-many-touches`.
    public static let maximumActiveTouches = 64

    /// Fingers down now on every seat, as the compositor's events say: what the limit counts
    /// (not touches ending but undelivered, not pointer presses).
    private var fingersDown: Int {
        seats.values.reduce(0) { $0 + $1.touchesByID.count }
    }

    /// Touches (held pointer buttons and tablet tools down included) that began and whose end
    /// has not been delivered, including those still waiting for a frame.
    ///
    /// The app keeps its stuck-touch timer and HUD refresh going while this is above zero.
    public var activeTouchCount: Int {
        live.count + seats.values.reduce(0) {
            $0 + $1.touchFrame.newTouchCount + $1.pointerFrame.newTouchCount + toolsAwaitingBegin(of: $1)
        }
    }

    /// The pointer's last position on the surface, for the hover ring; `nil` when it is outside.
    public func pointerLocation(for seat: SeatID) -> Point? {
        seats[seat]?.pointerLocation
    }

    /// The next touch's ``Touch/number``: each machine counts its own from 1.
    func takeTouchNumber() -> Int {
        defer { nextTouchNumber += 1 }
        return nextTouchNumber
    }

    /// Tells ``onPointerHover`` when the seat's hover location differs from what it last said.
    func updateHover(_ state: SeatState) {
        let hover = state.pointerTouch == nil ? state.pointerLocation : nil
        guard hover != state.reportedHover else { return }
        state.reportedHover = hover
        onPointerHover?(state.id, hover)
        window.sendHover(.pointer(state.id), at: hover)
    }

    /// Records `wl_seat.name` for `seat`, which may arrive after its first input; touches already
    /// down take the name too, so logs name the seat from then on.
    public func setSeatName(_ name: String, for seat: SeatID) {
        let state = self.state(for: seat)
        state.name = name
        for touch in live where touch.seat == seat { touch.seatName = name }
        for touch in state.touchesByID.values { touch.seatName = name }
        for change in state.touchFrame.changes + state.pointerFrame.changes {
            change.touch.seatName = name
        }
        state.pointerTouch?.seatName = name
    }

    // MARK: wl_touch

    /// Feeds one `wl_touch` event of `seat`; the glue calls it for every event, in order.
    ///
    /// Events wait for their `frame`, which delivers them; `cancel` delivers at once. Events for
    /// an id that is not down are reported and ignored, and a `down` for an id already down
    /// cancels the old touch first, so views always see whole touch lives.
    ///
    /// ```swift
    /// input.handle(.down(id: 3, time: ms, location: Point(x: x, y: y)), seat: seat)
    /// input.handle(RawTouchInput.frame, seat: seat)
    /// ```
    public func handle(_ input: RawTouchInput, seat: SeatID) {
        let state = self.state(for: seat)
        if case .frame = input {} else { state.foreignDevices.remove("touch") }
        switch input {
        case let .down(id, time, location):
            let seconds = state.timeline.seconds(for: time)
            let event = InputEventNote(name: "down", id: Int64(id), time: seconds)
            state.ignoredTouchIDs.remove(id)
            if let old = state.touchesByID.removeValue(forKey: id) {
                report(.duplicateDown, state, device: "touch", event.details)
                state.touchFrame.end(old, as: .cancelled, time: seconds)
            }
            guard fingersDown < Self.maximumActiveTouches else {
                var details = event.details
                details["limit"] = "\(Self.maximumActiveTouches)"
                report(.tooManyTouches, state, device: "touch", details)
                state.ignoredTouchIDs.insert(id)
                return
            }
            let touch = Touch(type: .direct, seat: seat, seatName: state.name, identifier: id,
                              location: location, timestamp: seconds, number: takeTouchNumber())
            touch.window = window
            state.touchesByID[id] = touch
            state.touchActivity[id] = TouchActivity(lastEvent: event, arrival: window.clock())
            state.touchFrame.addNew(touch)
            state.touchFrame.note(event)

        case let .up(id, time):
            if state.ignoredTouchIDs.remove(id) != nil { return }
            let event = InputEventNote(name: "up", id: Int64(id), time: state.timeline.peekSeconds(for: time))
            guard let touch = knownTouch(event, state) else { return }
            let seconds = state.timeline.seconds(for: time)
            state.touchesByID[id] = nil
            state.touchActivity[id] = nil
            state.touchFrame.end(touch, as: .ended, time: seconds)
            state.touchFrame.note(event, isUp: true)

        case let .motion(id, time, location):
            let event = InputEventNote(name: "motion", id: Int64(id), time: state.timeline.peekSeconds(for: time))
            guard let touch = knownTouch(event, state) else { return }
            let seconds = state.timeline.seconds(for: time)
            state.touchFrame.move(touch, to: location, time: seconds)
            state.touchFrame.note(event)

        case let .shape(id, major, minor):
            let event = InputEventNote(name: "shape", id: Int64(id))
            guard let touch = knownTouch(event, state) else { return }
            state.touchFrame.update(touch) { change in
                change.shape = (major, minor)
                change.changed = true
            }
            state.touchFrame.note(event)

        case let .orientation(id, degrees):
            let event = InputEventNote(name: "orientation", id: Int64(id))
            guard let touch = knownTouch(event, state) else { return }
            state.touchFrame.update(touch) { change in
                change.orientation = degrees
                change.changed = true
            }
            state.touchFrame.note(event)

        case .frame:
            deliverFrame(of: .touch, in: state)

        case .cancel:
            // Fingers ignored beyond the limit are down as far as the compositor knows.
            let hadIgnored = !state.ignoredTouchIDs.isEmpty
            state.ignoredTouchIDs.removeAll()
            guard hasActiveTouches(state) else {
                if !hadIgnored { report(.cancelWithoutTouches, state, device: "touch", ["event": "cancel"]) }
                return
            }
            cancelTouches(of: state)
        }
    }

    // MARK: Helpers

    var orderedSeats: [SeatState] {
        seats.values.sorted { $0.id.raw < $1.id.raw }
    }

    func state(for seat: SeatID) -> SeatState {
        if let state = seats[seat] { return state }
        let state = SeatState(id: seat)
        seats[seat] = state
        return state
    }

    /// The touch down under the event's id, its activity refreshed; otherwise the event is
    /// reported as `unknown-touch-id` and `nil` returned.
    private func knownTouch(_ event: InputEventNote, _ state: SeatState) -> Touch? {
        let id = event.id.flatMap(Int32.init(exactly:))
        if let id, let touch = state.touchesByID[id] {
            state.touchActivity[id] = TouchActivity(lastEvent: event, arrival: window.clock())
            return touch
        }
        if let id, state.ignoredTouchIDs.contains(id) { return nil }  // reported at its down
        report(.unknownTouchID, state, device: "touch", event.details)
        return nil
    }

    /// The seat has direct touches down, waiting for a frame, or delivered and not ended.
    func hasActiveTouches(_ state: SeatState) -> Bool {
        !state.touchesByID.isEmpty || !state.touchFrame.isEmpty
            || live.contains { $0.seat == state.id && $0.type == .direct }
    }

    func report(_ category: TouchAnomaly.Category, _ state: SeatState, device: String,
                        _ details: [String: String] = [:]) {
        onAnomaly?(TouchAnomaly(category: category, seat: state.id, seatName: state.name,
                                device: device, details: details))
    }
}
