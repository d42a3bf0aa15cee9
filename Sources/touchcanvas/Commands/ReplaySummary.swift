import Foundation
import Recording
import TouchKit

/// What `touchcanvas replay FILE` alone prints: the file played to its end with nothing drawn
/// (so every line was checked and every event delivered), summed up in one line:
///
/// ```
/// ten-fingers.tcrec: 800×600 at scale 1, scene trace, 5512 events, 10 touches, 3.4 s
/// ```
///
/// Touches are every contact that began: fingers, pens and mouse presses.
@MainActor
enum ReplaySummary {
    static func line(file: String, playing replayer: Replayer) throws(ReplayError) -> String {
        var touches = 0
        replayer.onDeliver = { event in
            for touch in event.allTouches where touch.phase == .began { touches += 1 }
        }
        try replayer.runWithoutDrawing()
        let recording = replayer.recording
        let seconds = (replayer.lastEventTime ?? 0) / 1000
        return String(format: "%@: %d×%d at scale %d, scene %@, %d event%@, %d touch%@, %.1f s", file, recording.width,
                      recording.height, recording.scale, replayer.scene.rawValue, replayer.eventCount,
                      replayer.eventCount == 1 ? "" : "s", touches, touches == 1 ? "" : "es", seconds)
    }
}
