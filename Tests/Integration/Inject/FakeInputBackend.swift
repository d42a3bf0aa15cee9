import Wayland

/// KWin's `org_kde_kwin_fake_input`: one bound manager is one fake device with a pointer, a
/// keyboard and a touchscreen, which KWin adds to the seat while the client is connected. That is
/// why the tests keep a single injector running for their whole length.
///
/// Coordinates are global compositor coordinates, sent as `wl_fixed`. KWin groups nothing the
/// client sends: every pointer request is delivered with its own `wl_pointer.frame`, while touch
/// points wait for an explicit `touch_frame`.
@MainActor
final class FakeInputBackend: InjectionBackend {
    static let name = "kde-fake-input"

    /// Touch requests arrived in version 2 and absolute pointer motion in 3; the generated
    /// bindings silently drop a request the bound version lacks, so the versions are checked here
    /// and a missing one is reported instead of faking nothing.
    private static let touchSince: UInt32 = 2
    private static let absolutePointerSince: UInt32 = 3
    /// Newest version whose requests this backend uses; keyboard_key (4) is not one of them,
    /// but binding 4 costs nothing and KWin 5.27 offers it.
    private static let wanted: UInt32 = 4

    private let fakeInput: OrgKdeKwinFakeInput

    init?(registry: GlobalRegistry) throws(InjectError) {
        guard let global = registry.first(OrgKdeKwinFakeInput.interfaceName) else { return nil }
        guard let fakeInput = registry.bind(global, as: OrgKdeKwinFakeInput.self, wanted: Self.wanted,
                                            minimum: Self.touchSince) else {
            throw .setup("\(OrgKdeKwinFakeInput.interfaceName) version \(global.version) is too old: "
                         + "touch needs version \(Self.touchSince)")
        }
        self.fakeInput = fakeInput
        // KWin ignores every request from a device that has not asked first. KWin 5.27 grants
        // any request (its permission check is on binding the global, which
        // KWIN_WAYLAND_NO_PERMISSION_CHECKS turns off), and says nothing back: the caller's
        // roundtrip is what makes sure the grant is in place before the first event.
        fakeInput.authenticate(application: "tc-inject",
                               reason: "TouchCanvas integration tests fake touch and pointer input")
    }

    func perform(_ command: InjectCommand) throws(InjectError) {
        switch command {
        case .touchDown(let id, let x, let y):
            fakeInput.touchDown(id: try wireID(id, command), x: x, y: y)
        case .touchMotion(let id, let x, let y):
            fakeInput.touchMotion(id: try wireID(id, command), x: x, y: y)
        case .touchUp(let id):
            fakeInput.touchUp(id: try wireID(id, command))
        case .touchFrame:
            fakeInput.touchFrame()
        case .touchCancel:
            // KWin turns this into wl_touch.cancel for the client that has the touches: the
            // same path a system gesture takes, which is what the tests are after.
            fakeInput.touchCancel()
        case .pointerMove(let x, let y):
            guard fakeInput.version >= Self.absolutePointerSince else {
                throw .unsupported(backend: Self.name, command: "\(command) (needs version "
                                   + "\(Self.absolutePointerSince), bound \(fakeInput.version))")
            }
            fakeInput.pointerMotionAbsolute(x: x, y: y)
        case .pointerButton(let button, let pressed):
            // wl_pointer.button_state values, which KWin reads the state as.
            fakeInput.button(button: button.rawValue, state: pressed ? 1 : 0)
        case .pointerFrame:
            // The protocol has no frame request; KWin ends each pointer request with its own
            // wl_pointer.frame, so there is nothing left to group.
            break
        case .sleep, .sync:
            // The injector's loop handles these; nothing reaches the compositor.
            break
        }
    }

    /// The protocol's touch ids are unsigned; a negative id in a script is a mistake, not
    /// something to wrap around.
    private func wireID(_ id: Int32, _ command: InjectCommand) throws(InjectError) -> UInt32 {
        guard let wire = UInt32(exactly: id) else {
            throw .unsupported(backend: Self.name, command: "\(command) (touch ids are unsigned here)")
        }
        return wire
    }
}
