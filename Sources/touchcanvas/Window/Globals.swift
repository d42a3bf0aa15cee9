import Wayland
import WaylandDecor

/// The compositor's globals the window needs, bound once at start with `min(advertised, wanted)`.
///
/// The versions, and why each:
/// - `wl_compositor` 4 at least: `damage_buffer`, so damage is in buffer pixels at any scale;
///   4 is the newest request used.
/// - `wl_shm` 1: argb8888 and xrgb8888 are always there.
/// - `xdg_wm_base` up to 4: everything used is in version 1; a newer one lets compositors treat
///   the app as current, and nothing here depends on it.
/// - `wl_subcompositor` 1, for the app's own chrome (a subsurface); optional.
/// - `wp_viewporter` 1 and `wp_fractional_scale_manager_v1` 1: fractional scales; optional.
/// - `zwp_tablet_manager_v2` 1, the only version: pens (Mutter gives a pen no pointer
///   fallback, so without it the pen does nothing); optional.
/// - `wp_presentation` 1, the only version: when each commit reached the screen (touch→glass);
///   optional.
/// - `zwp_input_timestamps_manager_v1` 1, the only version: nanosecond input times, so
///   touch→glass is not a millisecond coarse; optional (core millisecond times are the fallback).
/// - `zwp_pointer_gestures_v1` up to 3: touchpad swipes and pinches (1), `release` (2) and
///   holds (3), for the gesture recognizers; optional.
/// - `wp_fifo_manager_v1` 1, the only version: the latency flash's white frame is kept on the
///   glass for a refresh by the compositor itself; optional (no Debian 12 compositor has it, and
///   the frame callback is the fallback).
/// - `zxdg_decoration_manager_v1` 1: server-side decorations, bound only when chosen
///   (``WindowDecorations/chooseShell(for:globals:registry:connection:onLibdecorError:)``).
/// - `wl_seat` and `wl_output` come and go: ``SeatsAndOutputs`` binds them.
@MainActor
struct Globals {
    let compositor: WlCompositor
    let shm: WlShm
    let wmBase: XdgWmBase
    let subcompositor: WlSubcompositor?
    let viewporter: WpViewporter?
    let fractionalScaleManager: WpFractionalScaleManagerV1?
    let tabletManager: ZwpTabletManagerV2?
    let presentation: WpPresentation?
    let inputTimestamps: ZwpInputTimestampsManagerV1?
    let pointerGestures: ZwpPointerGesturesV1?
    let fifoManager: WpFifoManagerV1?

    /// Binds what is required, or throws one readable reason naming what is missing.
    init(registry: GlobalRegistry) throws(AppError) {
        guard let g = registry.first("wl_compositor") else { throw AppError.missingGlobal("wl_compositor") }
        guard let compositor = registry.bind(g, as: WlCompositor.self, wanted: 4, minimum: 4) else {
            throw AppError("the compositor's wl_compositor is version \(g.version); touchcanvas needs version 4 (damage_buffer)")
        }
        guard let s = registry.first("wl_shm"), let shm = registry.bind(s, as: WlShm.self, wanted: 1) else {
            throw AppError.missingGlobal("wl_shm")
        }
        guard let x = registry.first("xdg_wm_base"), let wmBase = registry.bind(x, as: XdgWmBase.self, wanted: 4) else {
            throw AppError.missingGlobal("xdg_wm_base (xdg-shell)")
        }
        wmBase.onEvent = { [unowned wmBase] event in
            switch event {
            case .ping(let serial): wmBase.pong(serial: serial)
            }
        }
        self.compositor = compositor
        self.shm = shm
        self.wmBase = wmBase
        subcompositor = registry.first("wl_subcompositor").flatMap { registry.bind($0, as: WlSubcompositor.self, wanted: 1) }
        viewporter = registry.first("wp_viewporter").flatMap { registry.bind($0, as: WpViewporter.self, wanted: 1) }
        fractionalScaleManager = registry.first("wp_fractional_scale_manager_v1").flatMap {
            registry.bind($0, as: WpFractionalScaleManagerV1.self, wanted: 1)
        }
        presentation = registry.first("wp_presentation").flatMap { registry.bind($0, as: WpPresentation.self, wanted: 1) }
        inputTimestamps = registry.first("zwp_input_timestamps_manager_v1").flatMap {
            registry.bind($0, as: ZwpInputTimestampsManagerV1.self, wanted: 1)
        }
        pointerGestures = registry.first("zwp_pointer_gestures_v1").flatMap {
            registry.bind($0, as: ZwpPointerGesturesV1.self, wanted: 3)
        }
        fifoManager = registry.first("wp_fifo_manager_v1").flatMap { registry.bind($0, as: WpFifoManagerV1.self, wanted: 1) }
        tabletManager = registry.first("zwp_tablet_manager_v2").flatMap { registry.bind($0, as: ZwpTabletManagerV2.self, wanted: 1) }
    }
}
