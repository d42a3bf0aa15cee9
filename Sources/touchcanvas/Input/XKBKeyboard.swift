import CXKBCommon
import Glibc

/// A key press as the app sees it: the layout-aware keysym plus the modifiers that matter.
struct KeyPress: Equatable {
    let keysym: UInt32
    let control: Bool
}

/// xkbcommon, wrapped once: the compositor's keymap turned into keysyms.
///
/// The keymap comes from the compositor, so a French or Dvorak layout gives the keysyms the user
/// sees on the keycaps; `q` quits wherever `q` is.
final class XKBKeyboard {
    private let context: OpaquePointer
    private var keymap: OpaquePointer?
    private var state: OpaquePointer?

    init?() {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        self.context = context
    }

    deinit {
        if let state { xkb_state_unref(state) }
        if let keymap { xkb_keymap_unref(keymap) }
        xkb_context_unref(context)
    }

    /// Loads a `XKB_V1` keymap the compositor sent; takes ownership of `fd`.
    /// Returns false (and keeps the previous keymap) for anything malformed.
    func loadKeymap(fd: Int32, size: UInt32) -> Bool {
        defer { close(fd) }
        // A size larger than the file would fault on the missing pages (SIGBUS).
        var info = stat()
        guard size > 0, size < 16 << 20, fstat(fd, &info) == 0, Int(size) <= Int(info.st_size) else { return false }
        guard let map = mmap(nil, Int(size), PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED else { return false }
        defer { munmap(map, Int(size)) }
        // The string is NUL-terminated within `size`; pass the length so a missing NUL cannot overrun.
        let text = map.assumingMemoryBound(to: CChar.self)
        let length = strnlen(text, Int(size))
        guard let newKeymap = xkb_keymap_new_from_buffer(context, text, length, XKB_KEYMAP_FORMAT_TEXT_V1,
                                                         XKB_KEYMAP_COMPILE_NO_FLAGS),
              let newState = xkb_state_new(newKeymap) else { return false }
        if let state { xkb_state_unref(state) }
        if let keymap { xkb_keymap_unref(keymap) }
        keymap = newKeymap
        state = newState
        return true
    }

    func updateModifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        guard let state else { return }
        xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
    }

    /// The keysym for an evdev keycode (Wayland sends evdev codes; xkb counts from 8).
    func press(evdevKeycode: UInt32) -> KeyPress? {
        guard let state, evdevKeycode <= 0xFFFF else { return nil }
        let sym = xkb_state_key_get_one_sym(state, evdevKeycode + 8)
        guard sym != 0 else { return nil }
        let control = xkb_state_mod_name_is_active(state, "Control", XKB_STATE_MODS_EFFECTIVE) > 0
        return KeyPress(keysym: sym, control: control)
    }
}
