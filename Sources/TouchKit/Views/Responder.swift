/// The base of everything that can receive touches, mirroring `UIResponder`.
///
/// The default handlers pass the touches up the responder chain, so a view that does not care
/// about touches lets its superview see them, exactly as in UIKit.
@MainActor
open class Responder {
    public init() {}

    /// The next responder up the chain; `nil` ends it. Views answer their superview.
    open var next: Responder? { nil }

    open func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        next?.touchesBegan(touches, with: event)
    }

    open func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        next?.touchesMoved(touches, with: event)
    }

    open func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        next?.touchesEnded(touches, with: event)
    }

    open func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        next?.touchesCancelled(touches, with: event)
    }
}
