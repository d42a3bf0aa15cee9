internal import WaylandServer

/// An `xdg_surface` and its configure handshake.
final class XdgSurfaceState {
    struct SentConfigure {
        let serial: UInt32
        let width: Int32
        let height: Int32
        let fullscreen: Bool
    }

    let resource: XdgSurface
    weak var surface: SurfaceState?
    var toplevel: ToplevelState?
    var isPopup = false
    /// Configures sent and not yet acked (or superseded by a later ack), oldest first.
    var unacked: [SentConfigure] = []
    var lastSentSerial: UInt32?
    var lastAckedSerial: UInt32?
    var lastAcked: SentConfigure?
    /// The initial configure goes out on the first commit after the role is assigned (and again
    /// after the client unmaps by committing a null buffer).
    var needsInitialConfigure = true
    /// `set_window_geometry` is double-buffered: it takes effect at the next commit.
    var pendingGeometry: Rect?
    /// The visible window inside the surface (client-side shadows lie outside it); nil until the
    /// client sets one, which means the whole surface.
    var geometry: Rect?

    init(resource: XdgSurface, surface: SurfaceState) {
        self.resource = resource
        self.surface = surface
    }
}

/// An `xdg_toplevel` as the client described it.
final class ToplevelState {
    let resource: XdgToplevel
    /// Strong: the toplevel may outlive its xdg_surface during a client's teardown. The cycle with
    /// `xdg.toplevel` is broken when the toplevel resource is destroyed.
    let xdg: XdgSurfaceState
    var title: String?
    var appID: String?
    var minSize: (Int32, Int32) = (0, 0)
    var maxSize: (Int32, Int32) = (0, 0)
    var fullscreenRequested = false
    var isMapped = false
    /// A buffer was committed after the client acked the latest configure.
    var caughtUp = false
    /// A `configure(width:height:)` from the driver before the initial commit: it becomes the
    /// initial configure instead of the default.
    var requestedInitial: (width: Int32, height: Int32, fullscreen: Bool)?
    /// Its `zxdg_toplevel_decoration_v1`, while it has one.
    var decoration: ZxdgToplevelDecorationV1?
    /// The mode the client asked for with `set_mode` (1 client-side, 2 server-side); nil
    /// before a request and after `unset_mode`.
    var requestedDecorationMode: UInt32?
    /// The mode of the last decoration `configure` sent.
    var configuredDecorationMode: UInt32?

    init(resource: XdgToplevel, xdg: XdgSurfaceState) {
        self.resource = resource
        self.xdg = xdg
    }
}

/// xdg_wm_base, xdg_surface, xdg_toplevel (popups are refused with `popup_done`).
extension ScriptedCompositor {
    func bindWmBase(_ base: XdgWmBase) {
        wmBases.append(base)
        base.onDestroy = { [weak self, unowned base] in self?.wmBases.removeAll { $0 === base } }
        base.onRequest = { [weak self, weak base] request in
            guard let self, let base else { return }
            switch request {
            case .destroy:
                break
            case .createPositioner(let id):
                _ = id.create()  // positioner state only matters for popups, which we refuse
            case .getXdgSurface(let id, let surface):
                createXdgSurface(id, surface: surface, base: base)
            case .pong(let serial):
                lastPongSerial = serial
            }
        }
    }

    private func createXdgSurface(_ id: NewResource<XdgSurface>, surface: WlSurface?, base: XdgWmBase) {
        guard let surface, let surfaceState = surfaces[ObjectIdentifier(surface)] else {
            postError(base, code: XdgWmBase.Error_.invalidSurfaceState.rawValue, "get_xdg_surface on an unknown surface")
            return
        }
        guard !surfaceState.hasRole, surfaceState.xdgSurface == nil else {
            postError(base, code: XdgWmBase.Error_.role.rawValue, "wl_surface@\(surface.id) already has a role")
            return
        }
        guard let resource = id.create() else { return }
        if surfaceState.buffer != nil || surfaceState.pending.attach != nil {
            postError(resource, code: XdgSurface.Error_.unconfiguredBuffer.rawValue,
                      "wl_surface@\(surface.id) already has a buffer")
            return
        }
        let state = XdgSurfaceState(resource: resource, surface: surfaceState)
        surfaceState.xdgSurface = state
        surfaceState.role = .xdgSurface
        let key = ObjectIdentifier(resource)
        xdgSurfaces[key] = state
        resource.onDestroy = { [weak self] in self?.xdgSurfaces[key] = nil }
        resource.onRequest = { [weak self, weak state] request in
            guard let self, let state else { return }
            handle(request, on: state)
        }
    }

    private func handle(_ request: XdgSurface.Request, on xdg: XdgSurfaceState) {
        switch request {
        case .destroy:
            if let toplevel = xdg.toplevel, toplevel.resource.isAlive {
                postError(xdg.resource, code: XdgSurface.Error_.defunctRoleObject.rawValue,
                          "xdg_surface destroyed before its xdg_toplevel")
            }
        case .getToplevel(let id):
            guard xdg.toplevel == nil, !xdg.isPopup else {
                postError(xdg.resource, code: XdgSurface.Error_.alreadyConstructed.rawValue, "role object already made")
                return
            }
            guard let resource = id.create() else { return }
            let toplevel = ToplevelState(resource: resource, xdg: xdg)
            xdg.toplevel = toplevel
            toplevels.append(toplevel)
            if let initial = initialConfigure {
                toplevel.requestedInitial = (initial.width, initial.height, initial.fullscreen)
            }
            resource.onDestroy = { [weak self, weak toplevel] in
                guard let self, let toplevel else { return }
                toplevelDestroyed(toplevel)
            }
            resource.onRequest = { [weak self, weak toplevel] request in
                guard let self, let toplevel else { return }
                handle(request, on: toplevel)
            }
            // v5: what the window menu may offer; sent before the first configure.
            resource.sendWmCapabilities(capabilities: encodeStates([XdgToplevel.WmCapabilities.fullscreen.rawValue]))
        case .getPopup(let id, _, _):
            guard xdg.toplevel == nil, !xdg.isPopup else {
                postError(xdg.resource, code: XdgSurface.Error_.alreadyConstructed.rawValue, "role object already made")
                return
            }
            xdg.isPopup = true
            // No popups in a scripted session: dismiss at once, which every client must handle.
            id.create()?.sendPopupDone()
        case .setWindowGeometry(let x, let y, let width, let height):
            guard width > 0, height > 0 else {
                postError(xdg.resource, code: XdgSurface.Error_.invalidSize.rawValue,
                          "window geometry \(width)x\(height)")
                return
            }
            xdg.pendingGeometry = Rect(x: x, y: y, width: width, height: height)
        case .ackConfigure(let serial):
            guard let index = xdg.unacked.firstIndex(where: { $0.serial == serial }) else {
                postError(xdg.resource, code: XdgSurface.Error_.invalidSerial.rawValue,
                          "ack_configure(\(serial)) was never sent or is older than the last ack")
                return
            }
            xdg.lastAcked = xdg.unacked[index]
            xdg.lastAckedSerial = serial
            xdg.unacked.removeFirst(index + 1)
        }
    }

    private func handle(_ request: XdgToplevel.Request, on toplevel: ToplevelState) {
        switch request {
        case .destroy:
            // Only for the request: a client that disconnects leaves libwayland to free its
            // objects in whatever order, which is no error of the client's.
            if let decoration = toplevel.decoration, decoration.isAlive {
                postError(decoration, code: ZxdgToplevelDecorationV1.Error_.orphaned.rawValue,
                          "xdg_toplevel destroyed before its decoration object")
            }
        case .setTitle(let title):
            toplevel.title = title
        case .setAppId(let appID):
            toplevel.appID = appID
        case .setMinSize(let width, let height):
            guard width >= 0, height >= 0 else {
                postError(toplevel.resource, code: XdgToplevel.Error_.invalidSize.rawValue, "min size \(width)x\(height)")
                return
            }
            toplevel.minSize = (width, height)
        case .setMaxSize(let width, let height):
            guard width >= 0, height >= 0 else {
                postError(toplevel.resource, code: XdgToplevel.Error_.invalidSize.rawValue, "max size \(width)x\(height)")
                return
            }
            toplevel.maxSize = (width, height)
        case .setFullscreen(let output):
            fullscreenOutputs.append(output.flatMap { outputName(of: $0) } ?? "")
            toplevel.fullscreenRequested = true
            answerFullscreenRequest(toplevel, fullscreen: true)
        case .unsetFullscreen:
            toplevel.fullscreenRequested = false
            answerFullscreenRequest(toplevel, fullscreen: false)
        case .move(let seatResource, let serial):
            handleMove(seat: seatResource, serial: serial)
        case .setMaximized:
            maximizeRequests.append(true)
        case .unsetMaximized:
            maximizeRequests.append(false)
        case .resize(let seatResource, let serial, let edges):
            let seat = seats.first { state in state.seats.contains { $0 === seatResource } }
            resizeRequests.append(ResizeRequest(seat: seat?.name, serial: serial,
                                                touchID: seat.flatMap { touchStillDown(seat: $0, serial: serial) },
                                                edge: edges.rawValue))
        case .setMinimized:
            minimizeRequests += 1
        case .setParent, .showWindowMenu:
            break  // no window management beyond what the driver scripts
        }
    }

    /// Records an interactive move; with ``cancelsTouchesOnMove``, a move started by a touch
    /// still down takes every touch of the seat from the client, as Mutter does.
    private func handleMove(seat seatResource: WlSeat?, serial: UInt32) {
        let seat = seats.first { state in state.seats.contains { $0 === seatResource } }
        let touchID = seat.flatMap { touchStillDown(seat: $0, serial: serial) }
        moveRequests.append(MoveRequest(seat: seat?.name, serial: serial, touchID: touchID))
        guard cancelsTouchesOnMove, let seat, touchID != nil else { return }
        sendTouchCancel(to: touchClients(seat), seat: seat)
    }

    /// The touch whose `down` carried `serial`, if it is still down.
    private func touchStillDown(seat: SeatState, serial: UInt32) -> Int32? {
        seat.touchDownSerials.first { id, downSerial in downSerial == serial && seat.activeTouches[id] != nil }?.key
    }

    /// Like a desktop compositor: fullscreen gets the output's logical size, leaving it lets the
    /// client choose. Before the initial commit the answer becomes the initial configure.
    private func answerFullscreenRequest(_ toplevel: ToplevelState, fullscreen: Bool) {
        guard respondsToFullscreenRequests else { return }
        let size = fullscreen ? output.logicalSize : (Int32(0), Int32(0))
        if toplevel.xdg.needsInitialConfigure {
            toplevel.requestedInitial = (size.0, size.1, fullscreen)
        } else {
            sendConfigure(toplevel, width: size.0, height: size.1, fullscreen: fullscreen)
        }
    }

    /// Sends `xdg_toplevel.configure` + `xdg_surface.configure` and remembers the serial.
    func sendConfigure(_ toplevel: ToplevelState, width: Int32, height: Int32, fullscreen: Bool, maximized: Bool = false) {
        var states: [UInt32] = [XdgToplevel.State.activated.rawValue]
        if fullscreen { states.append(XdgToplevel.State.fullscreen.rawValue) }
        if maximized { states.append(XdgToplevel.State.maximized.rawValue) }
        let serial = display.nextSerial
        toplevel.resource.sendConfigure(width: width, height: height, states: encodeStates(states))
        toplevel.xdg.resource.sendConfigure(serial: serial)
        toplevel.xdg.unacked.append(.init(serial: serial, width: width, height: height, fullscreen: fullscreen))
        toplevel.xdg.lastSentSerial = serial
        toplevel.caughtUp = false
        display.flush()
    }

    /// Called from `commit` for a surface with the toplevel role, after the state was applied.
    func toplevelCommitted(_ toplevel: ToplevelState, xdg: XdgSurfaceState, surface: SurfaceState, attachedBuffer: Bool) {
        if xdg.needsInitialConfigure {
            xdg.needsInitialConfigure = false
            let initial = toplevel.requestedInitial
                ?? (toplevel.fullscreenRequested && respondsToFullscreenRequests
                    ? (output.logicalSize.0, output.logicalSize.1, true) : (0, 0, false))
            toplevel.requestedInitial = nil
            sendConfigure(toplevel, width: initial.width, height: initial.height, fullscreen: initial.fullscreen)
            return
        }
        if surface.buffer == nil {
            if toplevel.isMapped { unmap(toplevel, surface: surface) }
            return
        }
        if attachedBuffer && xdg.lastAckedSerial != nil && xdg.lastAckedSerial == xdg.lastSentSerial {
            toplevel.caughtUp = true
        }
        if !toplevel.isMapped && xdg.lastAckedSerial != nil {
            toplevel.isMapped = true
            didMap(surface)
        }
    }

    /// A null buffer unmaps; xdg-shell then wants a fresh initial commit and configure.
    private func unmap(_ toplevel: ToplevelState, surface: SurfaceState) {
        toplevel.isMapped = false
        toplevel.caughtUp = false
        toplevel.xdg.needsInitialConfigure = true
        toplevel.xdg.lastAckedSerial = nil
        toplevel.xdg.lastAcked = nil
        toplevel.xdg.unacked.removeAll()
        toplevel.xdg.geometry = nil  // attributes are discarded on unmap, as for the toplevel's
        didUnmap(surface)
    }

    private func toplevelDestroyed(_ toplevel: ToplevelState) {
        toplevels.removeAll { $0 === toplevel }
        if toplevel.xdg.toplevel === toplevel { toplevel.xdg.toplevel = nil }
        if toplevel.isMapped, let surface = toplevel.xdg.surface {
            toplevel.isMapped = false
            didUnmap(surface)
        }
    }

    /// The wl_surface itself was destroyed (possibly before its role objects, which is the
    /// client's error; we only stop routing input to it).
    func surfaceWentAway(_ surface: SurfaceState) {
        if let toplevel = surface.xdgSurface?.toplevel, toplevel.isMapped {
            toplevel.isMapped = false
        }
        didUnmap(surface)
    }

    /// The live toplevel the driver talks to: the most recently created one.
    var currentToplevel: ToplevelState? { toplevels.last }

    /// Its surface when mapped: where input goes.
    var focusSurface: SurfaceState? {
        guard let toplevel = currentToplevel, toplevel.isMapped, let surface = toplevel.xdg.surface,
              surface.resource.isAlive else { return nil }
        return surface
    }
}

/// Wayland arrays of enum values are host-endian 32-bit words.
func encodeStates(_ values: [UInt32]) -> [UInt8] {
    values.flatMap { value in withUnsafeBytes(of: value) { Array($0) } }
}
