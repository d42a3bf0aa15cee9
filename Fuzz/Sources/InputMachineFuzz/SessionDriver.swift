import Rendering
import FuzzSupport
import TouchCanvasApp
import TouchKit

/// Plays operations into a real ``AppSession`` the way the app's Wayland shell does: every
/// event stamped with the compositor's 32-bit milliseconds, display frames drawn into a buffer
/// of the window's size at its scale (one buffer, as a replay draws), the shell's timers when
/// asked. It listens to the session as the one who owns it (`onDeliver`, which hears every
/// delivery the app's logs hear through `addDeliveryObserver`, and `onGestureStateChange`) and
/// checks what it hears (``SessionChecks``).
@MainActor
final class SessionDriver {
    let session: AppSession
    let deliveries = DeliveryLog()
    let gestures = GestureStates(hearsResets: false)
    /// The window's size until a `configure`.
    nonisolated static let initialWidth = 64
    nonisolated static let initialHeight = 48
    private(set) var width = SessionDriver.initialWidth
    private(set) var height = SessionDriver.initialHeight
    private(set) var scale = 1
    /// The compositor's clock, in the milliseconds its events carry.
    private var milliseconds: UInt32 = 1000
    private let clock = Clock()
    private var buffer: PixelBuffer?
    private var drawn: PixelBuffer?

    /// The session's clock, which only waiting moves.
    private final class Clock {
        var now = 1.0
    }

    init(scene: Scene, singleTouch: Bool, showsOverlays: Bool) {
        let clock = clock
        session = AppSession(.init(scene: scene, width: Double(width), height: Double(height),
                                      singleTouch: singleTouch, showsOverlays: showsOverlays, clock: { clock.now }))
        session.configure(width: width, height: height, scale: scale)
        session.onDeliver = { [deliveries] event in deliveries.hear(event) }
        session.onGestureStateChange = { [gestures] recognizer, state in gestures.heard(recognizer, state) }
    }

    func perform(_ operation: InputOperation) {
        switch operation {
        case let .finger(seat, event): feed(event, seat: SeatID(seat))
        case let .pointer(seat, event): feed(event, seat: SeatID(seat))
        case let .toolAdded(seat, tool, description):
            session.tabletToolAdded(TabletToolID(tool), description: description, seat: SeatID(seat))
        case let .tool(seat, tool, event):
            deliveries.noteInput()
            let stamped: RawTabletToolInput = if case .frame = event { .frame(time: milliseconds) } else { event }
            session.handle(stamped, tool: TabletToolID(tool), seat: SeatID(seat))
        case let .toolRemoved(seat, tool): session.tabletToolRemoved(TabletToolID(tool), seat: SeatID(seat))
        case let .tabletRemoved(seat, tablet): session.tabletRemoved(TabletID(tablet), seat: SeatID(seat))
        case let .toolForeignProximity(seat, tool): session.tabletToolProximityInForeignSurface(TabletToolID(tool), seat: SeatID(seat))
        case let .touchpad(seat, kind, phase, fingers, delta, scale, rotation):
            let gesture = TouchpadGesture(kind: kind, phase: phase, fingers: fingers, location: .zero, time: 0,
                                          delta: delta, scale: scale, rotation: rotation)
            session.handle(gesture, time: milliseconds, seat: SeatID(seat))
        case let .capabilityLost(seat, touch):
            if touch { session.touchCapabilityLost(seat: SeatID(seat)) } else { session.pointerCapabilityLost(seat: SeatID(seat)) }
        case let .seatRemoved(seat): session.seatRemoved(SeatID(seat))
        case let .seatName(seat, name): session.setSeatName(name, for: SeatID(seat))
        case let .wait(step):
            milliseconds &+= UInt32(step)
            clock.now += Double(step) / 1000
        case let .clockJump(stamp): milliseconds = stamp
        case let .displayFrame(prediction): displayFrame(prediction: prediction)
        case .flush: session.flushPendingInput()
        case let .command(command): session.perform(command)
        case let .hud(visible): session.setHUDVisible(visible)
        case .debugOverlay: session.toggleDebugOverlay()
        case let .configure(width, height, scale):
            (self.width, self.height, self.scale) = (width, height, scale)
            session.configure(width: width, height: height, scale: scale)
        case .checkStuck: _ = session.checkForStuckTouches()
        case .advanceGestures: session.advanceGestures()
        }
    }

    private func feed(_ event: InputOperation.FingerEvent, seat: SeatID) {
        deliveries.noteInput()
        let raw: RawTouchInput = switch event {
        case let .down(id, location): .down(id: id, time: milliseconds, location: location)
        case let .motion(id, location): .motion(id: id, time: milliseconds, location: location)
        case let .up(id): .up(id: id, time: milliseconds)
        case let .shape(id, major, minor): .shape(id: id, major: major, minor: minor)
        case let .orientation(id, degrees): .orientation(id: id, degrees: degrees)
        case .frame: .frame
        case .cancel: .cancel
        }
        session.handle(raw, seat: seat)
    }

    private func feed(_ event: InputOperation.PointerEvent, seat: SeatID) {
        deliveries.noteInput()
        let raw: RawPointerInput = switch event {
        case let .enter(location): .enter(location: location)
        case .leave: .leave
        case let .motion(location): .motion(time: milliseconds, location: location)
        case let .button(button, pressed): .button(time: milliseconds, button: button, pressed: pressed)
        case .frame: .frame
        }
        session.handle(raw, seat: seat)
    }

    /// The app's display frame: into a buffer of the window's size, which is then one frame old.
    private func displayFrame(prediction: Int?) {
        let pixelWidth = width * scale, pixelHeight = height * scale
        if buffer?.width != pixelWidth || buffer?.height != pixelHeight {
            do {
                buffer = try PixelBuffer(width: pixelWidth, height: pixelHeight, format: .xrgb8888)
            } catch {
                invariant(false, "no \(pixelWidth)×\(pixelHeight) buffer: \(error)")
            }
        }
        guard let buffer else { return }
        _ = session.displayFrame(into: buffer, scale: Double(scale), bufferAge: buffer === drawn ? 1 : 0,
                                 predictionInterval: prediction.map { Double($0) / 1000 })
        drawn = buffer
    }

    /// What the app does as it quits, observed: every touch still in flight is cancelled.
    func finish() {
        session.input.cancelAllTouches()
        SessionChecks.checkEnd(of: self)
        session.end()
    }
}
