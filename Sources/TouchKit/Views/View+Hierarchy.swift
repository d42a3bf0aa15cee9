extension View {
    /// The window at the root of this view's tree, or `nil` while it is detached.
    public var window: Window? {
        var current: View? = self
        while let view = current {
            if let window = view as? Window { return window }
            current = view.superview
        }
        return nil
    }

    /// Adds `view` on top of the existing subviews, taking it from its old superview first.
    /// Adding an ancestor (which would make a cycle) or the view itself is ignored.
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` in back-to-front order (clamped to the valid range).
    public func insertSubview(_ view: View, at index: Int) {
        guard view !== self, !view.isAncestor(of: self) else { return }
        let oldWindow = view.window
        let newWindow = window
        if let oldWindow, oldWindow !== newWindow { oldWindow.gestureArena.detachRecognizers(inSubtreeOf: view) }
        view.detachFromSuperview()
        let position = max(0, min(index, subviews.count))
        subviews.insert(view, at: position)
        view.superview = self
        if let oldWindow, oldWindow !== newWindow {
            view.cancelAnimationsInSubtree(trackedBy: oldWindow)
            oldWindow.noteVisualChange()
        }
        newWindow?.noteVisualChange()
    }

    /// Moves an existing subview to the top of the stack.
    public func bringSubviewToFront(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count)
    }

    /// Detaches the view. Its running animations stop (their completions get `false`) because
    /// nothing drives them outside a window; touches already bound to it keep being delivered.
    /// Its gesture recognizers, and its subviews', leave the window's arena: a gesture under way
    /// is cancelled and each starts afresh, as outside the window no one could arbitrate or
    /// report what they do.
    public func removeFromSuperview() {
        let oldWindow = window
        oldWindow?.gestureArena.detachRecognizers(inSubtreeOf: self)
        detachFromSuperview()
        if let oldWindow {
            cancelAnimationsInSubtree(trackedBy: oldWindow)
            oldWindow.noteVisualChange()
        }
    }

    /// True when `view` is this view or lies below it.
    public func isDescendant(of view: View) -> Bool {
        view.isAncestor(of: self)
    }

    func isAncestor(of view: View) -> Bool {
        var current: View? = view
        while let candidate = current {
            if candidate === self { return true }
            current = candidate.superview
        }
        return false
    }

    private func detachFromSuperview() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        superview = nil
    }
}
