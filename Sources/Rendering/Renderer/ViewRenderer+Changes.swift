import TouchKit

/// What the renderer last drew for one view: enough to tell next frame whether it changed.
struct ViewRecord {
    /// Held strongly so a removed view cannot be freed and its `ObjectIdentifier` reused by a
    /// new view before the renderer has seen it disappear.
    let view: View
    /// The view as a ``CairoDrawing``, found once when the view first appeared: a class never
    /// changes, and the dynamic cast is a runtime conformance lookup (`swift_conformsToProtocol`)
    /// that every frame would otherwise pay for every view.
    let drawing: CairoDrawing?
    /// Surface rectangle including the antialias margin; `.zero` when the view paints nothing.
    var damageRect: Rect
    var color: Color?
    var cornerRadius: Double
    var alpha: Double
    /// Position in the previous frame's back-to-front order.
    var paintIndex: Int
    /// The frame in which the view was last seen visible.
    var frame: UInt64

    /// Takes on what `item` looks like in frame `frame`, at `paintIndex`.
    mutating func update(from item: DrawItem, paintIndex: Int, frame: UInt64) {
        damageRect = item.damageRect
        color = item.color
        cornerRadius = item.cornerRadius
        alpha = item.alpha
        self.paintIndex = paintIndex
        self.frame = frame
    }
}

/// One visible view of the frame being drawn, with its geometry resolved to surface
/// coordinates.
struct DrawItem {
    let view: View
    /// The view's rectangle in surface coordinates (logical pixels), without margin.
    let rect: Rect
    /// Where the view's bounds origin lands in surface coordinates.
    let contentOrigin: Point
    /// The view's presentation bounds, for clipping its own drawing.
    let bounds: Rect
    let alpha: Double
    /// `nil` when the background is missing or fully transparent.
    let color: Color?
    let cornerRadius: Double
    let drawing: CairoDrawing?
    /// ``rect`` plus the antialias margin; `.zero` when the view paints nothing.
    let damageRect: Rect
    /// ``damageRect`` in buffer pixels.
    let pixelRect: PixelRect
    /// Whether the view's pixels do not depend on where a repaint cuts it: no background or a
    /// plain rectangle on whole pixels, and a drawing that says it ``CairoDrawing/drawsTheSameUnderAnyClip``.
    /// Repaints are not widened around such views.
    let isClipIndependent: Bool

    init(view: View, rect: Rect, contentOrigin: Point, bounds: Rect, alpha: Double, color: Color?,
         cornerRadius: Double, drawing: CairoDrawing?, drawingIsClipIndependent: Bool, scale: Double) {
        self.view = view
        self.rect = rect
        self.contentOrigin = contentOrigin
        self.bounds = bounds
        self.alpha = alpha
        self.color = color
        self.cornerRadius = cornerRadius
        self.drawing = drawing
        let margin = ViewRenderer.antialiasMargin
        let paints = color != nil || drawing != nil
        damageRect = paints && !rect.isEmpty ? rect.insetBy(dx: -margin, dy: -margin) : .zero
        pixelRect = PixelRect(enclosing: damageRect, scale: scale)
        let plainBackground = color == nil || (!(cornerRadius > 0) && PixelRect(aligned: rect, scale: scale) != nil)
        isClipIndependent = plainBackground && (drawing == nil || drawingIsClipIndependent)
    }

    var paints: Bool { !pixelRect.isEmpty }

    /// A square whose corner radius makes it a circle: filled through ``CircleMasks``.
    var isCircle: Bool {
        rect.width > 0 && rect.width == rect.height && cornerRadius >= rect.width / 2
    }
}

extension ViewRenderer {
    /// Fills ``drawList`` with the visible views, back to front, in the coordinates of a buffer
    /// whose top-left is the window's point `offset` from its bounds origin.
    func collectDrawList(of window: Window, origin offset: Point = .zero) {
        drawList.removeAll(keepingCapacity: true)
        let origin = window.presentationBounds.origin
        let top = Point(x: -origin.x - offset.x, y: -origin.y - offset.y)
        for subview in window.subviews {
            collect(subview, parentContentOrigin: top, parentAlpha: 1)
        }
    }

    /// `point`, with each non-finite coordinate as 0.
    static func finite(_ point: Point) -> Point {
        Point(x: point.x.isFinite ? point.x : 0, y: point.y.isFinite ? point.y : 0)
    }

    private func collect(_ view: View, parentContentOrigin parent: Point, parentAlpha: Double) {
        guard !view.isHidden else { return }
        let alpha = parentAlpha * Self.unitClamped(view.presentationAlpha)
        guard alpha > 0 else { return }
        let frame = view.presentationFrame
        let bounds = view.presentationBounds
        let rect = frame.standardized.offsetBy(dx: parent.x, dy: parent.y)
        let contentOrigin = Point(x: parent.x + frame.origin.x - bounds.origin.x,
                                  y: parent.y + frame.origin.y - bounds.origin.y)
        // A non-finite geometry cannot be drawn or damaged sensibly; neither can its subtree.
        guard rect.origin.hasFiniteCoordinates, rect.width.isFinite, rect.height.isFinite,
              contentOrigin.hasFiniteCoordinates
        else { return }
        // Not `flatMap`: a closure handed to the standard library from main-actor code checks
        // the executor on every call (Swift 6), and this runs for every view of every frame.
        var color = view.backgroundColor
        if let background = color, !(background.alpha > 0) { color = nil }
        let radius = view.presentationCornerRadius
        let drawing = cairoDrawing(of: view)
        drawList.append(DrawItem(view: view, rect: rect, contentOrigin: contentOrigin,
                                 bounds: bounds.standardized, alpha: alpha, color: color,
                                 cornerRadius: radius.isFinite ? radius : 0, drawing: drawing,
                                 drawingIsClipIndependent: drawing?.drawsTheSameUnderAnyClip ?? true,
                                 scale: collectingScale))
        for subview in view.subviews {
            collect(subview, parentContentOrigin: contentOrigin, parentAlpha: alpha)
        }
    }

    /// `view` as a ``CairoDrawing``, or nil: from its record when the renderer has drawn it
    /// before (the record holds the view, so its identifier cannot belong to another object),
    /// else by the dynamic cast, which only a view's first frame pays.
    private func cairoDrawing(of view: View) -> CairoDrawing? {
        if let position = records.index(forKey: ObjectIdentifier(view)) { return records.values[position].drawing }
        return view as? CairoDrawing
    }

    /// Compares ``drawList`` with the records of the previous frame, adds what changed to
    /// ``frameDamage`` and updates the records.
    func collectDamage() {
        // Views present in both frames whose old paint indices still increase kept their
        // relative order; any other view is damaged, which also covers every overlap whose
        // stacking changed (greedy, not minimal: sending one view back damages a few more).
        var lastKeptPaintIndex = -1
        for (index, item) in drawList.enumerated() {
            let key = ObjectIdentifier(item.view)
            let damageRect = item.damageRect
            // Whether the view said which parts changed (in `invalidatedRects`); a view with
            // needsDisplay that did not is damaged whole.
            var partial = false
            let needsDisplay = item.view.needsDisplay
            if needsDisplay {
                item.view.clearNeedsDisplay()
                invalidatedRects.removeAll(keepingCapacity: true)
                if let drawing = item.drawing {
                    partial = drawing.takeInvalidatedRects { invalidatedRects.append($0) }
                }
            }
            // Records are read and updated in place (`records.values[position]`): copying one out
            // and back would retain and release its view and drawing for every view, every frame.
            guard let position = records.index(forKey: key) else {
                records[key] = ViewRecord(view: item.view, drawing: item.drawing, damageRect: damageRect, color: item.color,
                                          cornerRadius: item.cornerRadius, alpha: item.alpha,
                                          paintIndex: index, frame: frameNumber)
                addDamage(damageRect)
                continue
            }
            var reordered = false
            let oldPaintIndex = records.values[position].paintIndex
            if oldPaintIndex > lastKeptPaintIndex {
                lastKeptPaintIndex = oldPaintIndex
            } else {
                reordered = true
            }
            let oldDamageRect = records.values[position].damageRect
            let changed = reordered || oldDamageRect != damageRect || records.values[position].color != item.color
                || records.values[position].cornerRadius != item.cornerRadius || records.values[position].alpha != item.alpha
            if changed || (needsDisplay && !partial) {
                addDamage(oldDamageRect)
                addDamage(damageRect)
            } else if partial {
                for rect in invalidatedRects { addDamage(contentDamage(rect, of: item)) }
            }
            records.values[position].update(from: item, paintIndex: index, frame: frameNumber)
        }

        staleKeys.removeAll(keepingCapacity: true)
        for position in records.indices where records.values[position].frame != frameNumber {
            staleKeys.append(records.keys[position])
            addDamage(records.values[position].damageRect)
        }
        for key in staleKeys { records.removeValue(forKey: key) }
    }

    /// A rectangle in a view's bounds coordinates as surface damage, limited to the view.
    private func contentDamage(_ rect: Rect, of item: DrawItem) -> Rect {
        let inSurface = rect.standardized.offsetBy(dx: item.contentOrigin.x, dy: item.contentOrigin.y)
        let margin = Self.antialiasMargin
        return inSurface.insetBy(dx: -margin, dy: -margin).intersection(item.damageRect)
    }

    /// Adds a logical surface rectangle to the frame's damage (nothing when drawing it all).
    func addDamage(_ rect: Rect) {
        guard !collectingFullFrame, !rect.isEmpty else { return }
        frameDamage.add(PixelRect(enclosing: rect, scale: collectingScale))
    }

    static func unitClamped(_ value: Double) -> Double {
        value > 0 ? min(value, 1) : 0
    }
}
