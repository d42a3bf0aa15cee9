/// The app-wide switches of `UIApplication` that concern touches.
///
/// `beginIgnoringInteractionEvents()` stops every window from binding new touches until the
/// matching `endIgnoringInteractionEvents()`, the Event Handling Guide's way to keep touches
/// out while an animation runs. A touch that begins meanwhile is never delivered to any view,
/// not even its end after the app stops ignoring; touches that were already bound go on.
/// Calls nest: the app ignores touches until every begin has had its end.
///
///     Application.shared.beginIgnoringInteractionEvents()
///     View.animate(withDuration: 0.5, animations: { placard.center = home }) { _ in
///         Application.shared.endIgnoringInteractionEvents()
///     }
///
/// `Window` has the same pair for one window only.
@MainActor
public final class Application {
    /// The one application object, as `UIApplication.shared`.
    public static let shared = Application()

    private var ignoringDepth = 0

    init() {}

    /// True between balanced begin/end calls.
    public var isIgnoringInteractionEvents: Bool { ignoringDepth > 0 }

    /// Stops every window binding new touches until the matching
    /// ``endIgnoringInteractionEvents()``.
    ///
    /// Call it before an animation that touches must not disturb, and end it in the completion.
    public func beginIgnoringInteractionEvents() {
        ignoringDepth += 1
    }

    /// Unbalanced ends are ignored rather than trapping: the count never goes below zero.
    public func endIgnoringInteractionEvents() {
        ignoringDepth = max(0, ignoringDepth - 1)
    }
}
