/// What produced a touch, with UIKit's case names.
public enum TouchType: Sendable, Hashable, CaseIterable {
    /// A finger on a touchscreen (`wl_touch`).
    case direct
    /// A mouse or touchpad button held down (`wl_pointer`).
    case indirectPointer

    /// The spelling used by `--log phases` (`"type":"touch|pointer"`).
    public var name: String {
        switch self {
        case .direct: "touch"
        case .indirectPointer: "pointer"
        }
    }
}
