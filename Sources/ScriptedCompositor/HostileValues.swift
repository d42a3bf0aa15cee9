import Glibc
internal import WaylandServer

/// Values no sane compositor sends, sent anyway (deliberately, unlike ``setOutputScale(_:)`` and
/// friends, which refuse them), to see a client hold out against them.
extension ScriptedCompositor {
    /// The client's `wl_buffer`s that exist now (created and not destroyed), on every surface.
    public var liveBufferCount: Int { shmBuffers.count }

    /// `wl_output.scale` with any value (0, negative, 1 000) and `done`, and `enter` to a mapped
    /// toplevel not yet on the output.
    public func sendOutputScaleUnchecked(_ scale: Int32) {
        changeOutputScale(scale)
    }

    /// `wp_fractional_scale_v1.preferred_scale` with any value in 120ths (0, 100 000).
    public func sendPreferredScaleUnchecked(per120: UInt32) {
        guard output.fractionalScale120 != nil else { return }
        output.fractionalScale120 = per120
        announcePreferredScale()
    }

    /// `xdg_toplevel.configure_bounds` before a configure (as the protocol orders it), then that
    /// configure: the largest size the client should choose for itself. Only to a toplevel
    /// whose `xdg_wm_base` is version 4 or later, which has the event.
    @discardableResult
    public func configure(width: Int32, height: Int32, bounds: (width: Int32, height: Int32)) -> Bool {
        guard let toplevel = currentToplevel, !toplevel.xdg.needsInitialConfigure, toplevel.resource.version >= 4 else { return false }
        toplevel.resource.sendConfigureBounds(width: bounds.width, height: bounds.height)
        sendConfigure(toplevel, width: width, height: height, fullscreen: false)
        return true
    }

    /// `wl_keyboard.keymap` (xkb v1) naming a pipe, which cannot be mapped, and a size of 1 GiB,
    /// to every keyboard of seat `name`. Returns how many keyboards got it.
    @discardableResult
    public func sendUnmappableKeymap(seat name: String = "seat0") -> Int {
        guard let seat = seat(named: name) else { return 0 }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return 0 }
        defer { Glibc.close(ends[0]); Glibc.close(ends[1]) }
        let keyboards = seat.keyboards.filter(\.isAlive)
        // libwayland duplicates the fd while marshalling: ours to close after.
        for keyboard in keyboards { keyboard.sendKeymap(format: .xkbV1, fd: ends[0], size: 1 << 30) }
        display.flush()
        return keyboards.count
    }
}
