/// A rectangle in the view tree that draws a background and receives touches, after `UIView`.
///
/// Geometry is stored as `center` + `bounds` like UIKit, and `frame` is derived from them, so
/// the seed's pattern "set bounds to 1×1, set center, animate bounds.size" grows a view around a
/// fixed centre. The renderer reads the tree; `TouchInputMachine` feeds it through `Window`.
@MainActor
open class View: Responder {
    var storedCenter: Point
    var storedBounds: Rect
    var storedAlpha: Double = 1
    var storedCornerRadius: Double = 0

    /// Running animations by property; present only while the view is in a window.
    var animations: [AnimatableProperty: PropertyAnimation] = [:]

    public internal(set) weak var superview: View?
    /// Back to front: the last subview is drawn last and hit-tested first.
    public internal(set) var subviews: [View] = []

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

    /// `nil` draws nothing, as in UIKit.
    open var backgroundColor: Color? {
        didSet { window?.noteVisualChange() }
    }

    /// Hidden views are neither drawn nor hit-tested, and neither are their subviews.
    open var isHidden = false {
        didSet { window?.noteVisualChange() }
    }

    // MARK: Touch routing

    /// When false the view and its subviews receive no new touches; touches already bound stay.
    open var isUserInteractionEnabled = true

    /// When false (UIKit's default) the view is bound only to the first touch of its sequence;
    /// touches beginning while it holds one are bound to no view at all.
    open var isMultipleTouchEnabled = false

    /// When true the view receives a touch only if no other view is tracking one, and while it
    /// tracks one no other view receives new touches.
    open var isExclusiveTouch = false

    // MARK: Display

    /// Set by `setNeedsDisplay()`; the renderer redraws the view's content and calls
    /// `clearNeedsDisplay()`. New views start dirty because nothing of them has been drawn.
    public private(set) var needsDisplay = true

    public func setNeedsDisplay() {
        needsDisplay = true
        window?.noteVisualChange()
    }

    public func clearNeedsDisplay() {
        needsDisplay = false
    }

    // MARK: Hit-testing

    /// The deepest visible, interactive view containing `point` (in this view's coordinates).
    /// Override to intercept touches meant for subviews, as the seeds describe.
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

    /// Override to give a view a non-rectangular or larger touch area.
    open func point(inside point: Point, with event: TouchEvent?) -> Bool {
        bounds.contains(point)
    }
}
