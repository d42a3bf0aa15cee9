/// What hovers: a seat's pointer, or a tablet tool in proximity.
public enum HoverSource: Hashable, Sendable {
    /// A seat's mouse or touchpad pointer, over the surface with no button held.
    case pointer(SeatID)
    /// A tablet tool in proximity, not touching.
    case pencil(TabletToolID)

    /// The touch type a hover recognizer's ``GestureRecognizer/allowedTouchTypes`` is checked
    /// against: the mouse and touchpad are `indirectPointer`, a tool is `pencil`.
    public var touchType: TouchType {
        switch self {
        case .pointer: .indirectPointer
        case .pencil: .pencil
        }
    }
}

extension Window {
    /// Tells the hover recognizers where `source` hovers: over which views it came, moved or
    /// left. `location` in window coordinates, `nil` when it stopped hovering (pressed, touched
    /// down, left the surface or went out of range); `distance` is a tool's height above the
    /// tablet, 0…1, when it reports one.
    ///
    /// ``TouchInputMachine`` calls it for every pointer and tool hover change, beside its
    /// `onPointerHover` and `onPencilHover`, so an app that feeds the machine does nothing more.
    /// Hovering is no touch: views' touch handlers never hear it.
    public func sendHover(_ source: HoverSource, at location: Point?, distance: Double? = nil) {
        var hovered: [HoverGestureRecognizer] = []
        if let location, let hit = hitTest(location, with: nil) {
            for recognizer in gestureArena.recognizers(from: hit) {
                guard let hover = recognizer as? HoverGestureRecognizer, hover.isEnabled,
                      hover.allowedTouchTypes.contains(source.touchType) else { continue }
                hovered.append(hover)
            }
        }
        let previous = hoveringRecognizers[source] ?? []
        for hover in previous where !hovered.contains(where: { $0 === hover }) {
            hover.hoverEnded(by: source)
        }
        for hover in hovered {
            if let location { hover.hover(by: source, at: location, distance: distance) }
        }
        hoveringRecognizers[source] = hovered.isEmpty ? nil : hovered
    }
}
