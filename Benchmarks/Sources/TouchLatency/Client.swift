import Foundation

/// A Wayland client measured under the scripted compositor, and where its finger goes.
struct Client {
    /// The row label in the results.
    let name: String
    let executable: String
    let arguments: [String]
    var environment: [String: String] = [:]
    /// Strokes drawn (quickly, unmeasured) before the measured run, for the history figure.
    var historyStrokes = 0
    /// Also measured under the compositor's vblank mode (touch→glass and pacing tables).
    var underVblank = false
}

/// The finger's path: a circle in the middle of the lower half of the window, where GTK's
/// scribble area is, so every client sees the same input. In a 1024×768 window its radius is
/// 150 px and one turn takes 2 s: about 470 px/s, 2.4 px per event at 200 Hz. A smaller window
/// (weston-simple-touch keeps its own 600×500) gets a smaller circle, inside it.
struct FingerPath {
    static let turnSeconds = 2.0
    let center: (x: Double, y: Double)
    let radius: Double

    init(windowWidth: Double, windowHeight: Double) {
        center = (windowWidth / 2, windowHeight * 0.75)
        radius = max(10, min(150, windowHeight / 4 - 20, windowWidth / 2 - 20))
    }

    func position(at seconds: Double) -> (x: Double, y: Double) {
        let angle = 2 * Double.pi * seconds / Self.turnSeconds
        return (center.x + radius * cos(angle), center.y + radius * sin(angle))
    }
}
