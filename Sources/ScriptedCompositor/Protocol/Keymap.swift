internal import CShim
internal import CXKBCommon
internal import WaylandServer
import Glibc

/// The US keymap every `wl_keyboard` gets, compiled once with xkbcommon and shared through one
/// sealed memfd (clients map it read-only; the seals stop anyone resizing or rewriting it).
///
/// Without xkeyboard-config data the keymap cannot be built; keyboards then get `no_keymap` with
/// an empty memfd, which the protocol allows, instead of the compositor failing to start.
final class Keymap {
    let format: WlKeyboard.KeymapFormat
    let fd: Int32
    let size: UInt32
    private let context: OpaquePointer?
    let keymap: OpaquePointer?

    init() {
        context = xkb_context_new(XKB_CONTEXT_NO_FLAGS)
        keymap = context.flatMap { context in
            "evdev".withCString { rules in
                "pc105".withCString { model in
                    "us".withCString { layout in
                        var names = xkb_rule_names(rules: rules, model: model, layout: layout, variant: nil, options: nil)
                        return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
                    }
                }
            }
        }
        var text: [UInt8] = []
        if let keymap, let string = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1) {
            text = Array(UnsafeBufferPointer(start: UnsafeRawPointer(string).assumingMemoryBound(to: UInt8.self),
                                             count: strlen(string) + 1))  // keep the NUL: the protocol says so
            free(string)
        }
        format = text.isEmpty ? .noKeymap : .xkbV1
        fd = Self.sealedMemfd(containing: text)
        size = UInt32(clamping: text.count)
    }

    deinit {
        if fd >= 0 { close(fd) }
        if let keymap { xkb_keymap_unref(keymap) }
        if let context { xkb_context_unref(context) }
    }

    /// F_ADD_SEALS / F_SEAL_* are Linux ABI constants that Glibc's Swift module does not export
    /// (they sit behind _GNU_SOURCE); CShim seals shrink/grow, the write seals are added here.
    private static let addSeals: Int32 = 1033   // F_ADD_SEALS
    private static let sealWriteAndSeal: Int32 = 8 | 1  // F_SEAL_WRITE | F_SEAL_SEAL

    private static func sealedMemfd(containing bytes: [UInt8]) -> Int32 {
        var fd = tc_memfd_create("tc-scripted-keymap", tc_mfd_cloexec | tc_mfd_allow_sealing)
        if fd < 0 { fd = tc_memfd_create("tc-scripted-keymap", tc_mfd_cloexec) }
        guard fd >= 0 else { return open("/dev/null", O_RDONLY | O_CLOEXEC) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return write(fd, base + written, raw.count - written)
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            written += n
        }
        _ = tc_seal_shrink_grow(fd)
        _ = fcntl(fd, addSeals, sealWriteAndSeal)
        return fd
    }
}

/// Modifier state of one seat's keyboard, tracked with xkbcommon so `modifiers` events are exactly
/// what a client computing its own state from the same keymap expects.
final class KeyboardState {
    private let state: OpaquePointer?
    private(set) var modifiers: (depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) = (0, 0, 0, 0)
    var pressed: [UInt32] = []

    init(keymap: Keymap) {
        state = keymap.keymap.flatMap { xkb_state_new($0) }
    }

    deinit {
        if let state { xkb_state_unref(state) }
    }

    /// Updates with an evdev keycode; returns true when the serialized modifiers changed.
    func update(evdev keycode: UInt32, pressed isPressed: Bool) -> Bool {
        if isPressed {
            if !pressed.contains(keycode) { pressed.append(keycode) }
        } else {
            pressed.removeAll { $0 == keycode }
        }
        guard let state else { return false }
        xkb_state_update_key(state, keycode &+ 8, isPressed ? XKB_KEY_DOWN : XKB_KEY_UP)
        let next = (xkb_state_serialize_mods(state, XKB_STATE_MODS_DEPRESSED),
                    xkb_state_serialize_mods(state, XKB_STATE_MODS_LATCHED),
                    xkb_state_serialize_mods(state, XKB_STATE_MODS_LOCKED),
                    xkb_state_serialize_layout(state, XKB_STATE_LAYOUT_EFFECTIVE))
        guard next != modifiers else { return false }
        modifiers = next
        return true
    }
}
