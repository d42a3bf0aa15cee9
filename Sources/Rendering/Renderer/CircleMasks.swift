import CCairo
import Glibc
import TouchKit

/// Coverage masks of filled circles, kept per size and sub-pixel position, so that a round view
/// (a touch spot) is composited through its mask instead of being rasterised from a path every
/// frame: a spot follows its finger, so it is drawn anew in every frame the finger moves, and
/// ten of them made up a third of a ten-finger frame.
///
/// The mask is drawn with the same path the fill would use, at the circle's sub-pixel offset
/// and diameter rounded to an eighth of a pixel: an error of a sixteenth of a pixel at most, well
/// inside the antialiasing margin every view's damage carries, so nothing is drawn outside the
/// pixels a view is known to cover. The mask does not depend on the clip,
/// so a spot repainted in part has the same pixels as one painted whole.
@MainActor
final class CircleMasks {
    private struct Key: Hashable {
        /// Diameter in eighths of a device pixel.
        let eighths: Int
        /// Offset of the circle's left and top edges into their pixel, in eighths (0…7).
        let eighthX: Int
        let eighthY: Int
    }

    private var masks: [Key: CairoSurface] = [:]
    private var bytes = 0
    /// How many masks are kept now.
    var count: Int { masks.count }
    /// Masks kept at most: spots of one size at every position need 64; a spot that grows or
    /// shrinks makes a new size every frame, so the cache starts over when full rather than
    /// growing with an animation.
    static let capacity = 160
    /// And their memory at most: 64 positions of a 200-pixel spot (a scale-2 finger) fit.
    static let capacityBytes = 4 << 20
    /// Larger circles are filled as paths: their masks would cost more memory than time saved.
    static let largestDiameter = 512.0

    /// Fills the circle inscribed in `rect` (logical, a square) at `scale`, with the source
    /// colour already set; false when it must be filled as a path instead (too large, not
    /// finite, or a mask could not be had).
    func fill(_ rect: Rect, scale: Double, cairo: CairoContext) -> Bool {
        let diameter = rect.width * scale
        let left = rect.minX * scale
        let top = rect.minY * scale
        guard diameter > 0, diameter <= Self.largestDiameter, left.isFinite, top.isFinite,
              abs(left) < 1e7, abs(top) < 1e7 else { return false }
        var originX = left.rounded(.down)
        var originY = top.rounded(.down)
        var eighthX = Int(((left - originX) * 8).rounded())
        var eighthY = Int(((top - originY) * 8).rounded())
        if eighthX == 8 { eighthX = 0; originX += 1 }
        if eighthY == 8 { eighthY = 0; originY += 1 }
        let key = Key(eighths: Int((diameter * 8).rounded()), eighthX: eighthX, eighthY: eighthY)
        guard key.eighths > 0, let mask = mask(for: key) else { return false }
        cairo.save()
        cairo.identityMatrix()
        cairo.mask(mask, x: originX, y: originY)
        cairo.restore()
        return true
    }

    private func mask(for key: Key) -> CairoSurface? {
        if let mask = masks[key] { return mask }
        let diameter = Double(key.eighths) / 8
        let x = Double(key.eighthX) / 8
        let y = Double(key.eighthY) / 8
        let width = Int32((x + diameter).rounded(.up))
        let height = Int32((y + diameter).rounded(.up))
        guard let mask = try? CairoSurface.image(format: CAIRO_FORMAT_A8, width: width, height: height),
              let context = try? CairoContext(surface: mask) else { return nil }
        context.addRoundedRect(Rect(x: x, y: y, width: diameter, height: diameter), cornerRadius: diameter / 2)
        context.setSource(red: 0, green: 0, blue: 0, alpha: 1)
        context.fill()
        guard context.error == nil else { return nil }
        mask.flush()
        let size = Int(width) * Int(height)
        if masks.count >= Self.capacity || bytes + size > Self.capacityBytes {
            masks.removeAll(keepingCapacity: true)
            bytes = 0
        }
        masks[key] = mask
        bytes += size
        return mask
    }
}
