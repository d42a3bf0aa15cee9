/// A rectangle in the view tree that draws a background and receives touches, after `UIView`.
///
/// Geometry is stored as `center` + `bounds` like UIKit, and `frame` is derived from them, so
/// *Implementing a Multi-Touch App*'s pattern "set bounds to 1×1, set center, animate bounds.size" grows a view around a
/// fixed centre. The renderer reads the tree; `TouchInputMachine` feeds it through `Window`.
///
/// Subclass it to handle touches: override the four ``Responder`` handlers and read each
/// ``Touch`` in your own coordinates with ``Touch/location(in:)``. A touch is bound to the view
/// ``hitTest(_:with:)`` finds where it began and stays with that view until it ends.
///
/// ```swift
/// final class Dot: View {
///     override init(frame: Rect = .zero) {
///         super.init(frame: frame)
///         isMultipleTouchEnabled = true
///     }
///     override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
///         backgroundColor = .black
///     }
///     override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {}
///     override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
///         if touches.count == event.touches(for: self).count { backgroundColor = nil }
///     }
///     override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
///         backgroundColor = nil
///     }
/// }
/// ```
@MainActor
open class View: Responder {
    var storedCenter: Point
    var storedBounds: Rect
    var storedAlpha: Double = 1
    var storedCornerRadius: Double = 0

    /// Running animations by property; present only while the view is in a window.
    var animations: [AnimatableProperty: PropertyAnimation] = [:]

    /// The view this one is a subview of, and its next responder; `nil` for a window or a detached
    /// view.
    public internal(set) weak var superview: View?
    /// Back to front: the last subview is drawn last and hit-tested first.
    public internal(set) var subviews: [View] = []
    /// See ``gestureRecognizers``; stored here because extensions cannot store.
    var storedGestureRecognizers: [GestureRecognizer] = []

    /// A visible, interactive view with no background, at `frame` in its superview's coordinates.
    ///
    /// The frame is stored as ``center`` and a ``bounds`` at the origin. Subclasses that handle
    /// several fingers set ``isMultipleTouchEnabled`` here.
    ///
    /// ```swift
    /// let pad = View(frame: Rect(x: 20, y: 20, width: 200, height: 120))
    /// pad.backgroundColor = Color(rgb: 0xAAAAAA)
    /// window.addSubview(pad)
    /// ```
    public init(frame: Rect = .zero) {
        storedCenter = Point(x: frame.midX, y: frame.midY)
        storedBounds = Rect(origin: .zero, size: frame.size)
        super.init()
    }

    /// Views hand unhandled touches to their superview, as `UIView` does.
    open override var next: Responder? { superview }

    // MARK: Geometry (model values; what hit-testing and conversions use)

    /// The view's position in its superview, derived from `center` and `bounds.size`.
    open var frame: Rect {
        get {
            let b = bounds, c = center
            return Rect(x: c.x - b.size.width / 2, y: c.y - b.size.height / 2,
                        width: b.size.width, height: b.size.height)
        }
        set {
            // Through the overridable setters, so a subclass watching `bounds` sees frame changes.
            bounds = Rect(origin: bounds.origin, size: newValue.size)
            center = Point(x: newValue.midX, y: newValue.midY)
        }
    }

    /// The view's own coordinate space; its origin is what the top-left corner shows.
    open var bounds: Rect {
        get { storedBounds }
        set {
            let old = storedBounds
            storedBounds = newValue
            modelDidChange(.bounds, from: .rect(old))
        }
    }

    /// The centre of the frame, in the superview's coordinates.
    open var center: Point {
        get { storedCenter }
        set {
            let old = storedCenter
            storedCenter = newValue
            modelDidChange(.center, from: .point(old))
        }
    }

    // MARK: Appearance

    /// The view's opacity, 0...1, applied to it and its subviews. Animatable.
    ///
    /// Below 0.01 the view counts as transparent and is not hit-tested, as in UIKit: fade a view
    /// out and it stops taking new touches.
    open var alpha: Double {
        get { storedAlpha }
        set {
            let old = storedAlpha
            storedAlpha = newValue
            modelDidChange(.alpha, from: .scalar(old))
        }
    }

    /// The radius of the rounded corners the background is clipped to (`layer.cornerRadius`).
    /// Animatable, so a circle whose radius follows its width stays a circle while it grows.
    open var cornerRadius: Double {
        get { storedCornerRadius }
        set {
            let old = storedCornerRadius
            storedCornerRadius = newValue
            modelDidChange(.cornerRadius, from: .scalar(old))
        }
    }

    /// The colour filling the view's bounds, clipped to ``cornerRadius``; `nil` draws nothing, as
    /// in UIKit. Not animatable; a view with no colour still takes touches.
    open var backgroundColor: Color? {
        didSet { window?.noteVisualChange() }
    }

    /// Hidden views are neither drawn nor hit-tested, and neither are their subviews.
    open var isHidden = false {
        didSet { window?.noteVisualChange() }
    }

    /// A stable name for the view in logs and tests, as `UIView.accessibilityIdentifier`: what
    /// `--log gestures` writes as `"view"` and the inspector shows beside a recognizer's name.
    ///
    /// It is never shown to the person using the app and nothing in TouchKit depends on it, so
    /// any string that tells your views apart will do; `nil` (the default) leaves it unnamed.
    ///
    /// ```swift
    /// square.accessibilityIdentifier = "square"
    /// ```
    open var accessibilityIdentifier: String?

    // MARK: Touch routing

    /// When false the view and its subviews receive no new touches; touches already bound stay.
    ///
    /// Hit-testing skips such a view, so the touch goes to what is behind it: a sibling below
    /// it, or else its superview. Turn it off for decoration that should let touches through.
    open var isUserInteractionEnabled = true

    /// When false (UIKit's default) the view is bound only to the first touch of its sequence;
    /// touches beginning while it holds one are bound to no view at all.
    ///
    /// Set it to true, usually in the initialiser, in any view that follows several fingers;
    /// leave it false for a button or a single-finger drag, which then never sees a second
    /// finger (that finger reaches no other view either).
    open var isMultipleTouchEnabled = false

    /// When true the view receives a touch only if no other view is tracking one, and while it
    /// tracks one no other view receives new touches.
    ///
    /// Use it for controls that must not be worked together with others, so two fingers cannot
    /// press two of them at once. Other views may still track touches side by side.
    open var isExclusiveTouch = false

    // MARK: Display

    /// Set by `setNeedsDisplay()`; the renderer redraws the view's content and calls
    /// `clearNeedsDisplay()`. New views start dirty because nothing of them has been drawn.
    public private(set) var needsDisplay = true

    /// Marks the view's content for redrawing; call it after changing state the renderer draws,
    /// such as a stroke.
    public func setNeedsDisplay() {
        needsDisplay = true
        window?.noteVisualChange()
    }

    /// Called by the renderer once it has drawn the view's content; apps do not call it.
    public func clearNeedsDisplay() {
        needsDisplay = false
    }

    // MARK: Hit-testing

    /// The deepest visible, interactive view containing `point` (in this view's coordinates).
    /// Override to intercept touches meant for subviews, as the Event Handling Guide describes.
    ///
    /// The window calls it once per touch, when the touch begins, to choose the view the touch
    /// is bound to. Subviews are asked front to back; a hidden, non-interactive or transparent
    /// (alpha below 0.01) view answers `nil` for itself and all its subviews.
    ///
    /// ```swift
    /// // A board that handles its pieces' touches itself.
    /// override func hitTest(_ point: Point, with event: TouchEvent?) -> View? {
    ///     super.hitTest(point, with: event) == nil ? nil : self
    /// }
    /// ```
    open func hitTest(_ point: Point, with event: TouchEvent?) -> View? {
        guard isUserInteractionEnabled, !isHidden, alpha >= 0.01,
              self.point(inside: point, with: event) else { return nil }
        for subview in subviews.reversed() {
            if let hit = subview.hitTest(subview.convertFromSuperview(point), with: event) {
                return hit
            }
        }
        return self
    }

    /// Whether `point`, in this view's coordinates, is inside the view's touch area: its bounds
    /// by default.
    ///
    /// ``hitTest(_:with:)`` asks it before looking at subviews. Override to give a view a
    /// non-rectangular or larger touch area, such as a circle or a small button's margin.
    open func point(inside point: Point, with event: TouchEvent?) -> Bool {
        bounds.contains(point)
    }
}
