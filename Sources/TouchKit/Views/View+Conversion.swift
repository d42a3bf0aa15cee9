extension View {
    /// Converts a point from this view's coordinates to `view`'s; `nil` means the window's
    /// coordinates (the root of the tree when the view is not in a window).
    public func convert(_ point: Point, to view: View?) -> Point {
        let inRoot = convertToRoot(point)
        guard let view else { return inRoot }
        return view.convertFromRoot(inRoot)
    }

    /// Converts a point from `view`'s coordinates (the window's when `nil`) to this view's.
    public func convert(_ point: Point, from view: View?) -> Point {
        let inRoot = view?.convertToRoot(point) ?? point
        return convertFromRoot(inRoot)
    }

    /// Converts a rectangle's origin the same way; sizes are unchanged because views do not scale.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        Rect(origin: convert(rect.origin, to: view), size: rect.size)
    }

    /// Converts a rectangle's origin from `view`'s coordinates (the window's when `nil`); the size
    /// is unchanged.
    public func convert(_ rect: Rect, from view: View?) -> Rect {
        Rect(origin: convert(rect.origin, from: view), size: rect.size)
    }

    /// A point in this view's coordinates expressed in its superview's.
    func convertToSuperview(_ point: Point) -> Point {
        let f = frame, b = bounds
        return Point(x: point.x - b.origin.x + f.origin.x, y: point.y - b.origin.y + f.origin.y)
    }

    /// A point in the superview's coordinates expressed in this view's.
    func convertFromSuperview(_ point: Point) -> Point {
        let f = frame, b = bounds
        return Point(x: point.x - f.origin.x + b.origin.x, y: point.y - f.origin.y + b.origin.y)
    }

    private func convertToRoot(_ point: Point) -> Point {
        var p = point
        var current: View = self
        while let parent = current.superview {
            p = current.convertToSuperview(p)
            current = parent
        }
        return p
    }

    /// Recursive rather than walking a collected chain of ancestors: the chain would be an
    /// array allocated on every touch location read.
    private func convertFromRoot(_ point: Point) -> Point {
        guard let parent = superview else { return point }
        return convertFromSuperview(parent.convertFromRoot(point))
    }
}
