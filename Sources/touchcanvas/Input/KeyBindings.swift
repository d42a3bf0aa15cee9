import CXKBCommon
import TouchCanvasApp

/// What a key asks of the app.
enum KeyCommand: Equatable {
    case quit
    /// A new numbered PNG (and SVG) in the pictures folder.
    case save
    case toggleFullscreen
    case toggleHUD
    case toggleDebugOverlay
    /// Fingers near a pen draw nothing, or everything draws.
    case togglePalmRejection
    /// The coverage grid over the spots or targets scene.
    case toggleCoverageGrid
    /// `f`: the latency scene's flash in the whole window or a corner patch.
    case toggleFlashArea
    /// A command the session performs and a recording keeps.
    case perform(SceneCommand)
}

/// The keys, as one table from keysyms to commands. Keysyms come from the compositor's keymap
/// (xkbcommon), so a layout's own `q` quits wherever it is; both cases of a letter count, so
/// Caps Lock changes nothing.
enum KeyBindings {
    struct Binding {
        let keysyms: [Int32]
        /// `true`: only with Control held; `nil`: with or without it.
        let control: Bool?
        let command: KeyCommand
    }

    static let table: [Binding] = [
        Binding(keysyms: [XKB_KEY_Escape, XKB_KEY_q, XKB_KEY_Q], control: nil, command: .quit),
        Binding(keysyms: [XKB_KEY_c, XKB_KEY_C], control: nil, command: .perform(.clear)),
        Binding(keysyms: [XKB_KEY_s, XKB_KEY_S], control: nil, command: .save),
        Binding(keysyms: [XKB_KEY_u, XKB_KEY_U], control: nil, command: .perform(.undo)),
        Binding(keysyms: [XKB_KEY_z, XKB_KEY_Z], control: true, command: .perform(.undo)),
        Binding(keysyms: [XKB_KEY_d, XKB_KEY_D], control: nil, command: .toggleDebugOverlay),
        Binding(keysyms: [XKB_KEY_h, XKB_KEY_H], control: nil, command: .toggleHUD),
        Binding(keysyms: [XKB_KEY_F11], control: nil, command: .toggleFullscreen),
        Binding(keysyms: [XKB_KEY_p, XKB_KEY_P], control: nil, command: .togglePalmRejection),
        Binding(keysyms: [XKB_KEY_g, XKB_KEY_G], control: nil, command: .toggleCoverageGrid),
        Binding(keysyms: [XKB_KEY_f, XKB_KEY_F], control: nil, command: .toggleFlashArea),
    ] + zip([XKB_KEY_1, XKB_KEY_2, XKB_KEY_3, XKB_KEY_4, XKB_KEY_5, XKB_KEY_6, XKB_KEY_7, XKB_KEY_8], Scene.keyOrder).map { keysym, scene in
        // 1–8: the scenes in the order the help lists them.
        Binding(keysyms: [keysym], control: nil, command: .perform(.scene(scene)))
    }

    /// The command bound to `key`, if any.
    static func command(for key: KeyPress) -> KeyCommand? {
        table.first { binding in
            binding.keysyms.contains { UInt32(bitPattern: $0) == key.keysym } && (binding.control.map { $0 == key.control } ?? true)
        }?.command
    }
}
