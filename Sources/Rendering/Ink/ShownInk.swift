import CCairo
import TouchKit

/// What frames showed of an ink view in a few rectangles, kept across a change to its layers to
/// find the pixels the change really changed: the damage a view reports when, say, a stroke's
/// ink moves from its in-progress layer to its completed one.
///
/// ```swift
/// let shown = ShownInk()
/// shown.keep(run, completed: completedLayer, inProgress: activeLayer, opacity: 1)  // before
/// completedLayer.drawSegments(of: stroke, from: 0)                                // the change
/// shown.forEachChange(in: completedLayer) { invalid.add($0) }                     // what changed
/// ```
///
/// Why: a view that shows in-progress ink as it will look once completed (at full opacity, in
/// the same colour) changes next to nothing when a stroke ends, yet the stroke is drawn again
/// into another layer; its box, or even the boxes along it, would be damaged for pixels that
/// stay as they were. Comparing says which did change: where in-progress ink is fainter than
/// completed ink, every pixel of the stroke; at full opacity, the few that the two layers
/// round differently (8-bit blending; a pen's stroke cut by the coverage layer's strip edges).
///
/// The kept pixels are made as a frame makes them: the completed layer's pixels copied, then the
/// in-progress layer's coverage composited `OVER` them in its colour at `opacity`, through the
/// same pixman call per strip (``GraphicsContext/draw(_:alpha:)``, whose result per pixel does
/// not depend on how the area is cut up). They equal what the frame put on screen bit for bit
/// when the frame took those paths: ``GraphicsContext/copy(_:)`` returned `true` (the view
/// opaque, the layers on whole buffer pixels at the frame's scale) and the target was a 32-bit
/// image, as a ``PixelBuffer`` is. The owner checks the first and must not rely on this
/// otherwise (``canReproduce(completed:inProgress:)`` checks the layers).
///
/// Memory: four bytes per kept pixel, at most ``pixelBudget`` pixels, given back by
/// ``forEachChange(in:_:)``. Not thread-safe.
public final class ShownInk {
    /// The most pixels kept at once: 1 MB. Ten fingers lifting together from strokes across a 4K
    /// window would otherwise keep several megabytes at the peak of the app's memory; past the
    /// budget ``keep(_:completed:inProgress:opacity:)`` keeps nothing more and the caller damages
    /// those rectangles whole, as it would without this comparison. One long stroke's lift fits.
    public var pixelBudget = 1 << 18

    /// The kept pixels, xrgb, rectangle after rectangle, each row after row without padding.
    private var pixels: [UInt32] = []
    /// Each kept rectangle, in layer pixels, and where its pixels start in ``pixels``.
    private var kept: [(box: PixelRect, offset: Int)] = []

    public init() {}

    /// Whether nothing is kept.
    public var isEmpty: Bool { kept.isEmpty }

    /// Whether frames of these layers can be reproduced: `completed` opaque (drawn on its
    /// ``InkLayer/backdrop``) with every row filled, and `inProgress` a coverage layer over the
    /// same pixels (or holding none).
    public static func canReproduce(completed: InkLayer, inProgress: InkLayer) -> Bool {
        guard completed.flattenedSurface() != nil, !completed.hasUnfilledRows else { return false }
        guard inProgress.hasSurface else { return true }
        return inProgress.strips != nil && inProgress.coverageColor != nil
            && inProgress.rect == completed.rect && inProgress.scale == completed.scale
            && inProgress.pixelWidth == completed.pixelWidth && inProgress.pixelHeight == completed.pixelHeight
    }

    /// Keeps the pixels a frame shows for the logical rectangle `rect` (the layers' coordinates,
    /// grown by the renderer's antialias margin as its damage is): `completed` copied, and
    /// `inProgress` composited over it at `opacity`.
    ///
    /// Returns `false` when nothing could be kept: layers that
    /// ``canReproduce(completed:inProgress:)`` refuses, or a completed layer whose pixels cannot
    /// be read. Then what changes in `rect` will not be reported: the caller must count all of it
    /// as changed.
    @discardableResult
    public func keep(_ rect: Rect, completed: InkLayer, inProgress: InkLayer, opacity: Double) -> Bool {
        guard Self.canReproduce(completed: completed, inProgress: inProgress),
              let surface = completed.flattenedSurface(), let data = surface.data
        else { return false }
        let box = Self.pixels(of: rect, in: completed)
        // Outside the layer: nothing of it is shown, nothing can change.
        guard !box.isEmpty else { return true }
        guard pixels.count + box.width * box.height <= pixelBudget else { return false }
        // The whole budget at once: its pages count only once written, and the storage never
        // doubles (and copies) as rectangles are appended.
        if pixels.capacity < pixelBudget { pixels.reserveCapacity(pixelBudget) }
        surface.flush()
        let offset = pixels.count
        for y in box.minY..<box.maxY {
            let row = UnsafeRawPointer(data + y * surface.stride + box.minX * 4).assumingMemoryBound(to: UInt32.self)
            pixels.append(contentsOf: UnsafeBufferPointer(start: row, count: box.width))
        }
        kept.append((box, offset))

        let opacity = opacity > 0 ? min(opacity, 1) : 0
        guard opacity > 0, let strips = inProgress.strips, let color = inProgress.coverageColor else { return true }
        return pixels.withUnsafeMutableBufferPointer { all in
            guard let base = all.baseAddress,
                  let image = pixman_image_create_bits(PIXMAN_x8r8g8b8, Int32(box.width), Int32(box.height),
                                                       base + offset, Int32(box.width * 4))
            else { return false }
            defer { pixman_image_unref(image) }
            var composited = true
            // In the kept pixels' own coordinates: the box's top-left is (0, 0).
            for k in strips.strips(coveringPixels: box.minX, box.maxX) {
                let left = k * CoverageStrips.width
                let minX = max(box.minX, left), maxX = min(box.maxX, left + CoverageStrips.width)
                guard maxX > minX else { continue }
                composited = strips.composite(color: color, opacity: opacity, strip: k,
                                              box: PixelRect(x: minX - box.minX, y: 0, width: maxX - minX, height: box.height),
                                              origin: (x: left - box.minX, y: -box.minY), ontoImage: image) && composited
            }
            return composited
        }
    }

    /// Calls `report` with the box of the pixels in each kept rectangle that a frame showing
    /// `completed` alone now shows otherwise, then forgets everything kept. Every kept rectangle
    /// is reported whole when `completed` changed size or kind meanwhile.
    ///
    /// The boxes are in the layers' logical coordinates, as a view reports what it changed: less
    /// the antialias margin the renderer adds to each, so that what it damages is the box.
    public func forEachChange(in completed: InkLayer, _ report: (Rect) -> Void) {
        defer {
            pixels = []
            kept.removeAll()
        }
        let layerBox = PixelRect(x: 0, y: 0, width: completed.pixelWidth, height: completed.pixelHeight)
        guard let surface = completed.flattenedSurface(), let data = surface.data, !completed.hasUnfilledRows else {
            for (box, _) in kept { report(Self.reported(box, in: completed)) }
            return
        }
        surface.flush()
        for (box, offset) in kept {
            guard layerBox.contains(box) else {
                report(Self.reported(box, in: completed))
                continue
            }
            // The box of the changed pixels; the x byte is padding, only red, green, blue count.
            var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
            pixels.withUnsafeBufferPointer { all in
                // A row's first and last changed pixels are all the box needs: scanning in from
                // both ends stops at them and never reads the pixels between.
                for y in box.minY..<box.maxY {
                    let row = UnsafeRawPointer(data + y * surface.stride + box.minX * 4).assumingMemoryBound(to: UInt32.self)
                    let start = offset + (y - box.minY) * box.width
                    @inline(__always) func changed(_ x: Int) -> Bool { (row[x] ^ all[start + x]) & 0x00FF_FFFF != 0 }
                    var first = 0
                    while first < box.width, !changed(first) { first += 1 }
                    guard first < box.width else { continue }
                    var last = box.width - 1
                    while !changed(last) { last -= 1 }
                    minX = min(minX, first)
                    maxX = max(maxX, last)
                    minY = min(minY, y)
                    maxY = y
                }
            }
            guard minX <= maxX else { continue }
            let changed = PixelRect(x: box.minX + minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
            report(Self.reported(changed, in: completed))
        }
    }

    /// The layer pixels a logical rectangle grown by the antialias margin touches, within the layer.
    private static func pixels(of rect: Rect, in layer: InkLayer) -> PixelRect {
        let margin = ViewRenderer.antialiasMargin
        let local = rect.offsetBy(dx: -layer.rect.minX, dy: -layer.rect.minY).insetBy(dx: -margin, dy: -margin)
        return PixelRect(enclosing: local, scale: layer.scale)
            .intersection(PixelRect(x: 0, y: 0, width: layer.pixelWidth, height: layer.pixelHeight))
    }

    /// Layer pixels as a view reports them, in the layer's logical coordinates: less the
    /// antialias margin, which the renderer adds back. A box thinner than two margins becomes a
    /// sliver at its middle (never empty: an empty rectangle would be dropped), which the margin
    /// grows back over all of it.
    private static func reported(_ box: PixelRect, in layer: InkLayer) -> Rect {
        let rect = box.logicalRect(scale: layer.scale).offsetBy(dx: layer.rect.minX, dy: layer.rect.minY)
        let margin = ViewRenderer.antialiasMargin, sliver = 0.001
        let width = max(rect.width - 2 * margin, sliver), height = max(rect.height - 2 * margin, sliver)
        return Rect(x: rect.midX - width / 2, y: rect.midY - height / 2, width: width, height: height)
    }
}
