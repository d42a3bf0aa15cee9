internal import WaylandServer

/// `zxdg_decoration_manager_v1`, offered by default as Sway does, so a client that prefers
/// server-side decorations asks for them here and draws no frame of its own.
///
/// The answer to `set_mode` is `decorationModeAnswer` when the driver set one, else the mode
/// the client asked for (`unset_mode` and no request at all mean server-side, as Sway decides).
/// A mode that changes after the window was configured comes with a new `xdg_surface.configure`
/// for the client to ack, as the protocol asks.
extension ScriptedCompositor {
    func offerDecorationManager() throws(Failure) {
        try addGlobal(ZxdgDecorationManagerV1.self, version: 1) { [weak self] in self?.bindDecorationManager($0) }
    }

    private func bindDecorationManager(_ manager: ZxdgDecorationManagerV1) {
        manager.onRequest = { [weak self] request in
            guard let self else { return }
            switch request {
            case .destroy:
                break
            case .getToplevelDecoration(let id, let toplevelResource):
                guard let toplevelResource,
                      let toplevel = toplevels.first(where: { $0.resource === toplevelResource }) else {
                    _ = id.create()  // an unknown toplevel: the client's object is simply inert
                    return
                }
                if toplevel.decoration != nil {
                    guard let resource = id.create() else { return }
                    postError(resource, code: ZxdgToplevelDecorationV1.Error_.alreadyConstructed.rawValue,
                              "xdg_toplevel@\(toplevelResource.id) already has a decoration object")
                    return
                }
                guard let resource = id.create() else { return }
                if toplevel.xdg.surface?.buffer != nil {
                    postError(resource, code: ZxdgToplevelDecorationV1.Error_.unconfiguredBuffer.rawValue,
                              "xdg_toplevel@\(toplevelResource.id) has a buffer before its decoration was made")
                    return
                }
                toplevel.decoration = resource
                resource.onDestroy = { [weak toplevel, unowned resource] in
                    guard let toplevel, toplevel.decoration === resource else { return }
                    toplevel.decoration = nil
                }
                resource.onRequest = { [weak self, weak toplevel] request in
                    guard let self, let toplevel else { return }
                    switch request {
                    case .destroy:
                        break
                    case .setMode(let mode):
                        toplevel.requestedDecorationMode = mode.rawValue
                        answerDecorationMode(toplevel)
                    case .unsetMode:
                        toplevel.requestedDecorationMode = nil
                        answerDecorationMode(toplevel)
                    }
                }
            }
        }
    }

    /// Sends the mode the compositor decided; after the initial configure a fresh
    /// `xdg_surface.configure` follows so the client acks it.
    func answerDecorationMode(_ toplevel: ToplevelState) {
        guard let decoration = toplevel.decoration, decoration.isAlive else { return }
        let mode = decorationModeAnswer ?? toplevel.requestedDecorationMode ?? ZxdgToplevelDecorationV1.Mode.serverSide.rawValue
        toplevel.configuredDecorationMode = mode
        decoration.sendConfigure(mode: ZxdgToplevelDecorationV1.Mode(rawValue: mode))
        if toplevel.xdg.needsInitialConfigure {
            display.flush()  // the initial configure follows the initial commit
        } else {
            let last = toplevel.xdg.unacked.last ?? toplevel.xdg.lastAcked
            sendConfigure(toplevel, width: last?.width ?? 0, height: last?.height ?? 0, fullscreen: last?.fullscreen ?? false)
        }
    }
}

extension ScriptedCompositor {
    /// Changes the decoration mode of the toplevel now (1 client-side, 2 server-side), as a
    /// compositor may at any time (KWin when the user turns the title bar off): a decoration
    /// `configure`, then an `xdg_surface.configure` to ack. Later `set_mode` requests get the same
    /// answer. Does nothing when the toplevel has no decoration object.
    public func changeDecorationMode(_ mode: UInt32) {
        decorationModeAnswer = mode
        guard let toplevel = currentToplevel else { return }
        answerDecorationMode(toplevel)
    }
}
