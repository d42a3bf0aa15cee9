import Foundation

extension View {
    /// Animates the changes `animations` makes to `frame`, `bounds`, `center`, `alpha` and
    /// `cornerRadius`, like `UIView.animate(withDuration:animations:completion:)`.
    ///
    /// The model values change at once (hit-testing and touch locations use them); the
    /// `presentation…` values move from the old to the new values over `duration` seconds on the
    /// window's clock, with UIKit's default ease-in-ease-out curve, as the window's
    /// `advanceAnimations()` is called each frame. `completion` runs once, from
    /// `advanceAnimations()`, with `false` if any of the animations was interrupted (the property
    /// set again, or the view removed from its window). If nothing was animated (no change, no
    /// window, or a zero duration) it runs right after the block.
    ///
    /// Add the view to its window before animating it: a view outside a window has no clock,
    /// so its changes apply at once. Setting an animated property again outside a block stops
    /// that animation where it is and jumps to the new value, which is what a finger-following
    /// view wants; inside another block it re-targets from the value on screen.
    ///
    /// ```swift
    /// let spot = View()
    /// spot.bounds = Rect(x: 0, y: 0, width: 1, height: 1)
    /// spot.center = touch.location(in: self)
    /// addSubview(spot)
    /// View.animate(withDuration: 0.2, animations: {
    ///     spot.bounds.size = Size(width: 100, height: 100)
    /// }, completion: { finished in
    ///     if finished { print("grown") }
    /// })
    /// ```
    public static func animate(withDuration duration: TimeInterval, animations: () -> Void,
                               completion: ((Bool) -> Void)? = nil) {
        let transaction = AnimationTransaction(duration: max(0, duration), curve: .easeInEaseOut,
                                               completion: completion)
        openTransactions.append(transaction)
        animations()
        openTransactions.removeLast()
        transaction.commit()
    }

    /// The `animate` blocks being run, innermost last; nested blocks animate with their own
    /// duration. Process-wide like UIKit's implicit animation context (main actor only).
    static var openTransactions: [AnimationTransaction] = []

    // MARK: Presentation values (what is on screen now)

    /// The frame as currently drawn: equal to `frame` unless an animation is running.
    public var presentationFrame: Rect {
        let b = presentationBounds, c = presentationCenter
        return Rect(x: c.x - b.size.width / 2, y: c.y - b.size.height / 2,
                    width: b.size.width, height: b.size.height)
    }

    /// The bounds as currently drawn: equal to ``bounds`` unless an animation of them is running.
    public var presentationBounds: Rect {
        animations[.bounds]?.current.rect ?? bounds
    }

    /// The centre as currently drawn: equal to ``center`` unless an animation of it is running.
    public var presentationCenter: Point {
        animations[.center]?.current.point ?? center
    }

    /// The opacity as currently drawn: equal to ``alpha`` unless a fade is running.
    public var presentationAlpha: Double {
        animations[.alpha]?.current.scalar ?? alpha
    }

    /// The corner radius as currently drawn, so a growing circle stays round on every frame.
    public var presentationCornerRadius: Double {
        animations[.cornerRadius]?.current.scalar ?? cornerRadius
    }

    /// True while any property of this view is animating.
    public var isAnimating: Bool { !animations.isEmpty }

    // MARK: Bookkeeping used by the property setters, transactions and the window

    func modelValue(for property: AnimatableProperty) -> AnimatableValue {
        switch property {
        case .center: .point(center)
        case .bounds: .rect(bounds)
        case .alpha: .scalar(alpha)
        case .cornerRadius: .scalar(cornerRadius)
        }
    }

    /// Called by every animatable setter after the model value changed.
    func modelDidChange(_ property: AnimatableProperty, from old: AnimatableValue) {
        if let transaction = View.openTransactions.last {
            // Start from what is on screen, so re-targeting a running animation does not jump.
            transaction.record(self, property, from: animations[property]?.current ?? old)
        } else {
            // A plain assignment wins over a running animation, as a finger-following spot needs.
            removeAnimation(for: property, finished: false)
        }
        window?.noteVisualChange()
    }

    func install(_ animation: PropertyAnimation, for property: AnimatableProperty, in window: Window) {
        let replaced = animations.updateValue(animation, forKey: property)
        window.trackAnimations(of: self)
        replaced?.transaction.animationDidStop(finished: false)
    }

    func removeAnimation(for property: AnimatableProperty, finished: Bool) {
        guard let animation = animations.removeValue(forKey: property) else { return }
        if animations.isEmpty { window?.untrackAnimations(of: self) }
        animation.transaction.animationDidStop(finished: finished)
    }

    /// Stops every animation below (and including) this view; used when it leaves `window`,
    /// which is no longer reachable through `self.window` at that point.
    func cancelAnimationsInSubtree(trackedBy window: Window) {
        if !animations.isEmpty {
            let stopped = animations.values
            animations.removeAll()
            window.untrackAnimations(of: self)
            for animation in stopped { animation.transaction.animationDidStop(finished: false) }
        }
        for subview in subviews { subview.cancelAnimationsInSubtree(trackedBy: window) }
    }

    /// Samples every animation of this view; answers the properties that reached their end.
    func sampleAnimations(at now: TimeInterval) -> [AnimatableProperty] {
        animations.compactMap { property, animation in animation.sample(at: now) ? property : nil }
    }
}
