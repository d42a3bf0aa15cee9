/// The base of everything that can receive touches, mirroring `UIResponder`.
///
/// The default handlers pass the touches up the responder chain, so a view that does not care
/// about touches lets its superview see them, exactly as in UIKit.
///
/// You rarely subclass `Responder` itself: subclass ``View`` and override the four handlers.
/// Override all four, even with empty bodies, when a view handles touches: a view that
/// overrides only `touchesBegan` would still pass its moves, ends and cancellations up the
/// chain, and its superview would see a touch it never saw begin.
///
/// ```swift
/// final class Pad: View {
///     override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) { … }
///     override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) { … }
///     override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) { … }
///     override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) { … }
/// }
/// ```
@MainActor
open class Responder {
    /// Creates a responder at the end of its own chain; ``View`` overrides ``next``.
    public init() {}

    /// The next responder up the chain; `nil` ends it. Views answer their superview.
    open var next: Responder? { nil }

    /// Called once per delivery with the touches that began and were bound to this responder.
    ///
    /// Set up per-touch state here, keyed by the ``Touch`` object: every touch you are told about
    /// later began here first. With `isMultipleTouchEnabled` false the set holds one touch. The
    /// default passes the touches to ``next``.
    open func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        next?.touchesBegan(touches, with: event)
    }

    /// Called once per delivery with this responder's touches that moved since the last one.
    ///
    /// Update what follows the fingers; ``Touch/location(in:)`` is the newest position and
    /// ``TouchEvent/coalescedTouches(for:)`` every position in between. Touches that did not
    /// move are not in the set (they are ``TouchPhase/stationary`` in the event). The default
    /// passes the touches to ``next``.
    open func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        next?.touchesMoved(touches, with: event)
    }

    /// Called once per delivery with this responder's touches whose fingers lifted.
    ///
    /// Finish what the touches started and forget them: an ended touch is never delivered again.
    /// Compare the set with ``TouchEvent/touches(for:)-(View)`` to learn if it was the last finger.
    /// The default passes the touches to ``next``.
    open func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        next?.touchesEnded(touches, with: event)
    }

    /// Called when the system takes touches away: `wl_touch.cancel`, a pointer leaving while
    /// pressed, a lost device, seat or surface.
    ///
    /// Always implement it: undo what the touches started and forget them, as for an end but
    /// without completing anything. A cancellation can come at any time after began, for several
    /// touches at once. The default passes the touches to ``next``.
    open func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        next?.touchesCancelled(touches, with: event)
    }
}
