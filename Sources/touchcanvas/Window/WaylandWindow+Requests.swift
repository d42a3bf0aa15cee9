import Wayland

/// What the app asks of the compositor for its window: title, fullscreen, maximise, minimise,
/// interactive move and resize. Each goes to the toplevel's owner: our `xdg_toplevel`, or
/// libdecor's frame.
extension WaylandWindow {
    func setTitle(_ title: String) {
        switch role {
        case .xdg(_, let toplevel, _): toplevel.setTitle(title: title)
        case .libdecor(let frame): frame.setTitle(title)
        case nil: break
        }
    }

    /// F11: asks to leave fullscreen when the last configure said fullscreen, else to enter it.
    /// The state changes only when the compositor's configure says so.
    func toggleFullscreen() {
        switch role {
        case .xdg(_, let toplevel, _):
            if isFullscreen { toplevel.unsetFullscreen() } else { toplevel.setFullscreen(output: fullscreenOutput) }
        case .libdecor(let frame):
            if isFullscreen { frame.unsetFullscreen() } else { frame.setFullscreen(on: fullscreenOutput) }
        case nil:
            break
        }
    }

    /// A double tap on a frame, or its maximise button: maximise, or restore when the last
    /// configure said maximised (as a double click on a title bar does).
    func toggleMaximized() {
        switch role {
        case .xdg(_, let toplevel, _):
            if isMaximized { toplevel.unsetMaximized() } else { toplevel.setMaximized() }
        case .libdecor(let frame):
            if isMaximized { frame.unsetMaximized() } else { frame.setMaximized() }
        case nil:
            break
        }
    }

    /// Asks the compositor to minimise; nothing comes back (xdg-shell has no minimised state).
    func minimize() {
        if case .xdg(_, let toplevel, _) = role { toplevel.setMinimized() }
    }

    /// Asks for an interactive resize from `edge`, driven by the press with `serial` on `seat`.
    func beginResize(seat: WlSeat, serial: UInt32, edge: XdgToplevel.ResizeEdge) {
        if case .xdg(_, let toplevel, _) = role { toplevel.resize(seat: seat, serial: serial, edges: edge) }
    }

    /// Asks the compositor for an interactive move driven by the input event with `serial` (a
    /// touch's or a button's down) on `seat`. The compositor may ignore it (e.g. when fullscreen).
    func beginMove(seat: WlSeat, serial: UInt32) {
        switch role {
        case .xdg(_, let toplevel, _): toplevel.move(seat: seat, serial: serial)
        case .libdecor(let frame): frame.move(seat: seat, serial: serial)
        case nil: break
        }
    }
}
