/// What produced a touch, with UIKit's case names.
public enum TouchType: Sendable, Hashable, CaseIterable {
    /// A finger on a touchscreen (`wl_touch`).
    case direct
    /// A mouse or touchpad button held down (`wl_pointer`).
    case indirectPointer
    /// A tablet tool's tip on the tablet (`zwp_tablet_tool_v2`): a pen, eraser, brush or
    /// any other tool; ``Touch/toolDescription`` says which.
    case pencil

    /// The spelling used by `--log phases` (`"type":"touch|pointer|pencil"`).
    public var name: String {
        switch self {
        case .direct: "touch"
        case .indirectPointer: "pointer"
        case .pencil: "pencil"
        }
    }
}
