import Rendering
import Foundation
import TouchCanvasApp
import TouchCanvasTesting
import TouchKit

/// Ink drawn straight into an ``InkLayer``, without views: the two costs a frame never shows
/// but a user feels — drawing new segments, and rebuilding the layer when the size or scale
/// changes.
public enum InkWork {
    /// The trace scene's look on a large window: `#34329C`, 8 logical pixels wide.
    public static let style = InkStyle(color: Color(rgb: 0x34329C), width: 8)

    /// `count` segments of `length` logical pixels at random places and angles, as a finger at
    /// 200 Hz draws them.
    public static func segments(count: Int, length: Double, in size: Size, seed: UInt64 = 7) -> [(Point, Point)] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            let start = Point(x: random.nextUnit() * size.width, y: random.nextUnit() * size.height)
            let angle = random.nextUnit() * 2 * Double.pi
            return (start, Point(x: start.x + length * cos(angle), y: start.y + length * sin(angle)))
        }
    }

    /// `count` strokes of `segmentsPerStroke` segments (plus the start dot) of 20 px steps.
    public static func strokes(count: Int, segmentsPerStroke: Int, in size: Size, seed: UInt64 = 11) -> [Stroke] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            let stroke = Stroke(color: style.color, width: style.width)
            var p = Point(x: random.nextUnit() * size.width, y: random.nextUnit() * size.height)
            stroke.add(sample: StrokeSample(location: p))
            for _ in 0..<segmentsPerStroke {
                p = Point(x: min(max(p.x + random.nextUnit() * 40 - 20, 0), size.width),
                          y: min(max(p.y + random.nextUnit() * 40 - 20, 0), size.height))
                stroke.add(sample: StrokeSample(location: p))
            }
            return stroke
        }
    }
}
