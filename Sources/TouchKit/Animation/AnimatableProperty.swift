/// The view properties `View.animate` can animate; frame changes arrive as center + bounds.
enum AnimatableProperty: Hashable, Sendable {
    case center
    case bounds
    case alpha
    case cornerRadius
}

/// A property value in a form that can be interpolated without knowing which property it is.
enum AnimatableValue: Equatable, Sendable {
    case point(Point)
    case rect(Rect)
    case scalar(Double)

    /// Straight-line interpolation; the timing curve has already shaped `fraction`.
    /// Mismatched kinds cannot happen (one property, one kind) and resolve to the target.
    func interpolated(to target: AnimatableValue, fraction f: Double) -> AnimatableValue {
        switch (self, target) {
        case let (.point(a), .point(b)):
            return .point(Point(x: lerp(a.x, b.x, f), y: lerp(a.y, b.y, f)))
        case let (.rect(a), .rect(b)):
            return .rect(Rect(x: lerp(a.origin.x, b.origin.x, f), y: lerp(a.origin.y, b.origin.y, f),
                              width: lerp(a.size.width, b.size.width, f),
                              height: lerp(a.size.height, b.size.height, f)))
        case let (.scalar(a), .scalar(b)):
            return .scalar(lerp(a, b, f))
        default:
            return target
        }
    }

    var point: Point? { if case let .point(p) = self { p } else { nil } }
    var rect: Rect? { if case let .rect(r) = self { r } else { nil } }
    var scalar: Double? { if case let .scalar(s) = self { s } else { nil } }
}

private func lerp(_ a: Double, _ b: Double, _ f: Double) -> Double {
    a + (b - a) * f
}
