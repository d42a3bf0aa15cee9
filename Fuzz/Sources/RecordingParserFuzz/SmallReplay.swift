import Rendering
import FuzzSupport
import Recording
import TouchKit

/// A parsed recording replays without trapping, its deliveries keep the touch model's promise
/// (``DeliveryLog``), and the last frame has the size the recording's last `configure` and
/// `scale` say.
///
/// The surface is cut down to at most 64×48 at scale 2, `configure` and `scale` lines too:
/// what a replay does per line does not depend on the size, and a file asking for 16384×16384
/// would spend a second a frame filling pixels rather than finding anything.
enum SmallReplay {
    static let maximumWidth = 64
    static let maximumHeight = 48
    static let maximumScale = 2

    @MainActor
    static func check(_ recording: Recording) {
        let small = shrunk(recording)
        let replayer = Replayer(recording: small)
        // The replayer feeds the events itself, so when each goes in is not known here.
        let log = DeliveryLog(countsInput: false)
        replayer.onDeliver = { log.hear($0) }
        let pixels: PixelBuffer
        do {
            pixels = try replayer.run()
        } catch {
            invariant(false, "a \(small.width)×\(small.height) replay failed: \(error)")
            return
        }
        var (width, height, scale) = (small.width, small.height, small.scale)
        for timed in small.events {
            switch timed.event {
            case let .configure(newWidth, newHeight): (width, height) = (newWidth, newHeight)
            case let .scale(newScale): scale = newScale
            default: break
            }
        }
        invariant(pixels.width == width * scale && pixels.height == height * scale,
                  "the last frame is \(pixels.width)×\(pixels.height), not \(width)×\(height) at scale \(scale)")
    }

    static func shrunk(_ recording: Recording) -> Recording {
        var small = recording
        small.width = min(recording.width, maximumWidth)
        small.height = min(recording.height, maximumHeight)
        small.scale = min(recording.scale, maximumScale)
        small.events = recording.events.map { timed in
            var timed = timed
            switch timed.event {
            case let .configure(width, height):
                timed.event = .configure(width: min(width, maximumWidth), height: min(height, maximumHeight))
            case let .scale(scale):
                timed.event = .scale(min(scale, maximumScale))
            default:
                break
            }
            return timed
        }
        return small
    }
}
