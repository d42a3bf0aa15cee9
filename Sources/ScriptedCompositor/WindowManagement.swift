internal import CWaylandServer
internal import WaylandServer
import Glibc

/// The window as a test sees and drives it: what the toplevel asked for, configures, close,
/// pings, output scales.
extension ScriptedCompositor {
    /// What the toplevel told us, or nil when there is none.
    public var toplevel: ToplevelInfo? {
        guard let toplevel = currentToplevel else { return nil }
        let surface = toplevel.xdg.surface
        return ToplevelInfo(
            title: toplevel.title, appID: toplevel.appID,
            configuredSize: toplevel.xdg.lastAcked.map { ($0.width, $0.height) },
            configuredFullscreen: toplevel.xdg.lastAcked?.fullscreen ?? false,
            fullscreenRequested: toplevel.fullscreenRequested,
            minSize: toplevel.minSize, maxSize: toplevel.maxSize, isMapped: toplevel.isMapped,
            bufferSize: surface?.bufferInfo.map { ($0.width, $0.height) },
            bufferScale: surface?.scale ?? 1,
            viewportDestination: surface?.viewportDestination,
            windowGeometry: toplevel.xdg.geometry.map {
                (Int32(truncatingIfNeeded: $0.x), Int32(truncatingIfNeeded: $0.y),
                 Int32(truncatingIfNeeded: $0.width), Int32(truncatingIfNeeded: $0.height))
            },
            lastConfigureSerial: toplevel.xdg.lastSentSerial, lastAckedSerial: toplevel.xdg.lastAckedSerial,
            hasDecorationObject: toplevel.decoration?.isAlive == true,
            requestedDecorationMode: toplevel.requestedDecorationMode,
            configuredDecorationMode: toplevel.configuredDecorationMode)
    }

    /// Asks the toplevel to take this logical size (0×0: the client chooses). Before the client's
    /// initial commit this becomes the initial configure; with no toplevel yet, it is the initial
    /// configure of the next one. `maximized` adds that state (after the first configure only).
    public func configure(width: Int32, height: Int32, fullscreen: Bool = false, maximized: Bool = false) {
        guard let toplevel = currentToplevel else {
            initialConfigure = (width, height, fullscreen)
            return
        }
        if toplevel.xdg.needsInitialConfigure {
            toplevel.requestedInitial = (width, height, fullscreen)
        } else {
            sendConfigure(toplevel, width: width, height: height, fullscreen: fullscreen, maximized: maximized)
        }
    }

    /// `xdg_toplevel.close`: the user clicked the close button.
    public func close() {
        currentToplevel?.resource.sendClose()
        display.flush()
    }

    /// `xdg_wm_base.ping` to every client; the answer shows up in `lastPongSerial`.
    @discardableResult
    public func ping() -> UInt32 {
        let serial = display.nextSerial
        for base in wmBases { base.sendPing(serial: serial) }
        display.flush()
        return serial
    }

    public var outputScale: Int32 { output.scale }

    /// Changes the output's integer scale: `scale` + `done` to every wl_output, and `enter` to a
    /// mapped toplevel that was not on the output yet. Values below 1 are ignored.
    public func setOutputScale(_ scale: Int32) {
        guard scale >= 1 else { return }
        changeOutputScale(scale)
    }

    /// The scale announced through `wp_fractional_scale_v1`, when the compositor offers it.
    public var fractionalScale: Double? { output.fractionalScale120.map { Double($0) / 120 } }

    /// Changes the fractional scale (only when created with one): `preferred_scale` to every
    /// surface and the new ceiling as the output's integer scale.
    public func setFractionalScale(_ scale: Double) {
        guard output.fractionalScale120 != nil, let scale120 = Self.scale120(scale) else { return }
        output.fractionalScale120 = scale120
        announcePreferredScale()
        let ceiling = Int32((scale120 + 119) / 120)
        if ceiling != output.scale { changeOutputScale(ceiling) }
    }

    /// 120ths, as the protocol carries them; nil for what no output could have.
    static func scale120(_ scale: Double) -> UInt32? {
        guard scale.isFinite, scale >= 1, scale <= 8 else { return nil }
        return UInt32((scale * 120).rounded())
    }

    /// Clears `stats` (not `commitCount`), e.g. after a benchmark's warm-up.
    public func resetStats() { stats = Stats() }
}
