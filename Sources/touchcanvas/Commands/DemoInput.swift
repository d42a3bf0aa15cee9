import Recording
import ScriptedCompositor
// The compositor's tool type (protocol values) is meant by the bare name here; TouchKit's is qualified.
import struct ScriptedCompositor.TabletToolType
import TouchCanvasApp
import TouchKit

/// Sends a recording's input lines through the embedded compositor, as a compositor would
/// have sent them to the app: fingers, the mouse, pens and touchpad gestures, all on the
/// compositor's one seat, and the keys behind the clear, undo, scene and palm-rejection lines.
///
/// What the app makes itself (its display frames, configures, flushes) and what the
/// compositor decides (seats coming and going, sizes, scales) is not sent: the app under the
/// demo makes its own. Pens need devices of the compositor's: a recorded tool is added as the
/// compositor's tool when its `tool-added` line comes, a recorded tablet the first time a tool
/// comes into range over it.
struct DemoInputSender {
    let compositor: ScriptedCompositor
    private var tools: [TabletToolID: TabletToolHandle] = [:]
    private var tablets: [TabletID: TabletHandle] = [:]
    /// A tool whose `proximity_in` waits for its position, with the events that came before
    /// it: a recording keeps the position in a motion line after the `proximity_in` line, and
    /// the compositor sends both together, before any other event of the tool.
    private var entering: [TabletToolHandle: (tablet: TabletHandle, held: [RawTabletToolInput])] = [:]

    init(compositor: ScriptedCompositor) {
        self.compositor = compositor
    }

    /// Whether the demo sends `event` at all: input and the user's commands.
    static func sends(_ event: RecordedEvent) -> Bool {
        switch event {
        case .touch, .pointer, .command, .tabletToolAdded, .tabletTool, .tabletToolRemoved,
             .tabletRemoved, .touchpad:
            true
        case .capabilityLost, .seatRemoved, .seatName, .configure, .scale, .flush, .displayFrame, .gestureTimeout,
             .tabletToolProximityInForeignSurface:
            false
        }
    }

    mutating func send(_ event: RecordedEvent) {
        switch event {
        case let .touch(_, touch): send(touch)
        case let .pointer(_, pointer): send(pointer)
        case let .command(command):
            if let key = Self.key(for: command) { compositor.tapKey(key) }
        case let .tabletToolAdded(_, tool, description):
            tools[tool] = compositor.addTabletTool(
                Self.toolType(description.type), hardwareSerial: description.hardwareSerial,
                hardwareIDWacom: description.hardwareIDWacom,
                capabilities: Self.capabilities(description.capabilities))
        case let .tabletTool(_, tool, recorded): send(recorded, tool: tool)
        case let .tabletToolRemoved(_, tool):
            if let handle = tools.removeValue(forKey: tool) { compositor.removeTabletTool(handle) }
        case let .tabletRemoved(_, tablet):
            if let handle = tablets.removeValue(forKey: tablet) { compositor.removeTablet(handle) }
        case let .touchpad(_, gesture): send(gesture)
        case .capabilityLost, .seatRemoved, .seatName, .configure, .scale, .flush, .displayFrame, .gestureTimeout,
             .tabletToolProximityInForeignSurface:
            break
        }
    }

    private func send(_ touch: RawTouchInput) {
        switch touch {
        case let .down(id, _, p): compositor.touchDown(id: id, x: p.x, y: p.y)
        case let .motion(id, _, p): compositor.touchMotion(id: id, x: p.x, y: p.y)
        case let .up(id, _): compositor.touchUp(id: id)
        case let .shape(id, major, minor): compositor.touchShape(id: id, major: major, minor: minor)
        case let .orientation(id, degrees): compositor.touchOrientation(id: id, degrees: degrees)
        case .frame: compositor.touchFrame()
        case .cancel: compositor.touchCancel()
        }
    }

    private func send(_ pointer: RawPointerInput) {
        switch pointer {
        case let .enter(p): compositor.pointerEnter(x: p.x, y: p.y)
        case let .motion(_, p): compositor.pointerMotion(x: p.x, y: p.y)
        case let .button(_, button, pressed): compositor.pointerButton(button, pressed: pressed)
        case .leave: compositor.pointerLeave()
        case .frame: compositor.pointerFrame()
        }
    }

    private mutating func send(_ event: RawTabletToolInput, tool: TabletToolID) {
        // A tool the recording never announced (its line was before the recording started)
        // is announced now, as a pen with every axis, which is what the app takes it for.
        let handle: TabletToolHandle
        if let known = tools[tool] {
            handle = known
        } else {
            guard let added = compositor.addTabletTool(.pen, capabilities: Self.capabilities(
                Set(TabletToolCapability.allCases))) else { return }
            tools[tool] = added
            handle = added
        }
        if case let .proximityIn(tablet) = event {
            let tabletHandle: TabletHandle
            if let known = tablets[tablet] {
                tabletHandle = known
            } else {
                guard let added = compositor.addTablet(name: "Recorded tablet \(tablet.raw)") else { return }
                tablets[tablet] = added
                tabletHandle = added
            }
            entering[handle] = (tabletHandle, [])
            return
        }
        if let pending = entering[handle] {
            switch event {
            case let .motion(p):
                entering[handle] = nil
                compositor.tabletToolProximityIn(handle, tablet: pending.tablet, x: p.x, y: p.y)
                for held in pending.held { send(held, to: handle) }
                return
            case .frame:
                // No motion line before the frame: a compositor always sends a position with
                // proximity_in, so (0, 0) stands in for the one the recording did not keep.
                entering[handle] = nil
                compositor.tabletToolProximityIn(handle, tablet: pending.tablet, x: 0, y: 0)
                for held in pending.held { send(held, to: handle) }
            default:
                entering[handle]?.held.append(event)
                return
            }
        }
        send(event, to: handle)
    }

    private func send(_ event: RawTabletToolInput, to handle: TabletToolHandle) {
        switch event {
        case .proximityIn: break  // handled by the caller, which knows the tablets
        case .proximityOut: compositor.tabletToolProximityOut(handle)
        case .down: compositor.tabletToolDown(handle)
        case .up: compositor.tabletToolUp(handle)
        case let .motion(p): compositor.tabletToolMotion(handle, x: p.x, y: p.y)
        case let .pressure(value): compositor.tabletToolPressure(handle, value)
        case let .distance(value): compositor.tabletToolDistance(handle, value)
        case let .tilt(x, y): compositor.tabletToolTilt(handle, x: x, y: y)
        case let .rotation(degrees): compositor.tabletToolRotation(handle, degrees: degrees)
        case let .button(code, pressed): compositor.tabletToolButton(handle, code, pressed: pressed)
        case .frame: compositor.tabletToolFrame(handle)
        }
    }

    private func send(_ gesture: RecordedTouchpadGesture) {
        let fingers = UInt32(clamping: gesture.fingers)
        switch (gesture.kind, gesture.phase) {
        case (.swipe, .began): compositor.swipeBegin(fingers: fingers)
        case (.swipe, .changed): compositor.swipeUpdate(dx: gesture.delta.x, dy: gesture.delta.y)
        case (.swipe, .ended), (.swipe, .cancelled): compositor.swipeEnd(cancelled: gesture.phase == .cancelled)
        case (.pinch, .began): compositor.pinchBegin(fingers: fingers)
        case (.pinch, .changed):
            compositor.pinchUpdate(dx: gesture.delta.x, dy: gesture.delta.y, scale: gesture.scale,
                                   rotation: gesture.rotation)
        case (.pinch, .ended), (.pinch, .cancelled): compositor.pinchEnd(cancelled: gesture.phase == .cancelled)
        case (.hold, .began): compositor.holdBegin(fingers: fingers)
        case (.hold, .changed): break  // a hold has no update event
        case (.hold, .ended), (.hold, .cancelled): compositor.holdEnd(cancelled: gesture.phase == .cancelled)
        }
    }

    /// The evdev key the app answers with a recorded command: c, u, p, f, or 1–8 in the app's order.
    static func key(for command: RecordedCommand) -> UInt32? {
        switch command {
        case .clear: return 46
        case .undo: return 22
        case let .scene(scene):
            // KEY_1 is 2; the app's scene keys follow the order of its help.
            return Scene.keyOrder.firstIndex(of: scene).map { UInt32(2 + $0) }
        case .palmRejection:
            return 25  // p toggles it; a demo starts with it on, as the recording did
        case .flashArea:
            return 33  // f toggles it; the scene starts with the window, as the recording did
        }
    }

    static func toolType(_ type: TouchKit.TabletToolType) -> TabletToolType {
        switch type {
        case .pen: .pen
        case .eraser: .eraser
        case .brush: .brush
        case .pencil: .pencil
        case .airbrush: .airbrush
        case .finger: .finger
        case .mouse: .mouse
        case .lens: .lens
        }
    }

    static func capabilities(_ set: Set<TabletToolCapability>) -> TabletToolCapabilities {
        var result: TabletToolCapabilities = []
        for capability in set {
            switch capability {
            case .tilt: result.insert(.tilt)
            case .pressure: result.insert(.pressure)
            case .distance: result.insert(.distance)
            case .rotation: result.insert(.rotation)
            case .slider: result.insert(.slider)
            case .wheel: result.insert(.wheel)
            }
        }
        return result
    }
}
