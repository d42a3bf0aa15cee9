import TouchKit

/// What lies under a view's content: the renderer's half of the promise made by views whose
/// ``CairoDrawing/paintsOwnBackdrop`` is `true`.
extension ViewRenderer {
    /// The one opaque colour painted under the content of `drawList[index]` across the whole
    /// of its rectangle, or `nil` when it is not a single opaque colour.
    ///
    /// It is the view's own background when that is opaque and fills the rectangle exactly (no
    /// rounded corners, whole buffer pixels, the view fully opaque); for a view without a
    /// background, the window's, provided no view beneath paints anywhere near it. Anything else
    /// — a translucent background, corners, a fractional position — would leave pixels of other
    /// colours, which a copy of ink flattened on one colour would wrongly replace.
    func backdrop(ofItemAt index: Int, scale: Double, windowBackground: Color) -> Color? {
        let item = drawList[index]
        guard item.alpha >= 1,
              // Content is clipped to the bounds, backgrounds fill the frame: they must agree.
              item.bounds.width == item.rect.width, item.bounds.height == item.rect.height,
              let pixels = PixelRect(aligned: item.rect, scale: scale)
        else { return nil }
        if let color = item.color {
            return color.alpha >= 1 && !(item.cornerRadius > 0) ? color : nil
        }
        for below in drawList[..<index] where below.pixelRect.intersects(pixels) { return nil }
        return windowBackground.alpha >= 1 ? windowBackground : nil
    }

    /// The topmost view that paints its own backdrop over every rectangle of ``repaint``, with
    /// that backdrop: painting can start at it, skipping the window background and every view
    /// beneath, since its drawing replaces all of their pixels. `nil` when there is none.
    /// Whether `outer` contains every one of `rects`. A loop, not `allSatisfy`: in Swift 6 a
    /// closure formed in this main-actor code and handed to the standard library checks on every
    /// call that it runs on the main actor, and every frame asks this.
    private static func rect(_ outer: PixelRect, containsAll rects: [PixelRect]) -> Bool {
        for rect in rects where !outer.contains(rect) { return false }
        return true
    }

    func opaqueBase(scale: Double, windowBackground: Color) -> (index: Int, backdrop: Color)? {
        for index in drawList.indices.reversed() {
            let item = drawList[index]
            guard item.paints, let drawing = item.drawing, drawing.paintsOwnBackdrop,
                  let pixels = PixelRect(aligned: item.rect, scale: scale),
                  Self.rect(pixels, containsAll: repaint.rects),
                  let backdrop = backdrop(ofItemAt: index, scale: scale, windowBackground: windowBackground)
            else { continue }
            return (index, backdrop)
        }
        return nil
    }
}
