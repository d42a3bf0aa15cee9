import TouchKit

/// A harness whose window reports every recognizer state change (failed included) by name,
/// and a recording view with recognizers on it. Times are in milliseconds on the input clock;
/// the window clock is kept equal to them (`at(_:)`), as a live compositor's would be.
@MainActor
final class GestureHarness {
    let h: Harness
    let view: RecordingView
    private(set) var states: [String: [GestureRecognizer.State]] = [:]

    init(frame: Rect = Rect(x: 100, y: 100, width: 400, height: 300)) {
        h = Harness()
        view = RecordingView(frame: frame)
        view.isMultipleTouchEnabled = true
        h.root.addSubview(view)
        h.window.onGestureStateChange = { [unowned self] recognizer, state in
            states[recognizer.name ?? "?", default: []].append(state)
        }
    }

    var window: Window { h.window }

    /// Attaches `recognizer` to the view under `name`.
    @discardableResult
    func add<R: GestureRecognizer>(_ recognizer: R, name: String, to target: View? = nil) -> R {
        recognizer.name = name
        (target ?? view).addGestureRecognizer(recognizer)
        return recognizer
    }

    func states(of name: String) -> [GestureRecognizer.State] { states[name] ?? [] }

    /// Moves both clocks to `ms` milliseconds.
    func at(_ ms: UInt32) {
        h.now = Double(ms) / 1000
    }

    func down(_ id: Int32, _ x: Double, _ y: Double, at ms: UInt32 = 0) {
        at(ms)
        h.touch(.down(id: id, time: ms, location: Point(x: x, y: y)), .frame)
    }

    func move(_ id: Int32, _ x: Double, _ y: Double, at ms: UInt32 = 0) {
        at(ms)
        h.touch(.motion(id: id, time: ms, location: Point(x: x, y: y)), .frame)
    }

    func up(_ id: Int32, at ms: UInt32 = 0) {
        at(ms)
        h.touch(.up(id: id, time: ms), .frame)
    }

    /// One finger down and up at (`x`, `y`), lifting `duration` ms later.
    func tap(_ id: Int32, _ x: Double, _ y: Double, at ms: UInt32, duration: UInt32 = 50) {
        down(id, x, y, at: ms)
        up(id, at: ms + duration)
    }

    var viewPhases: [TouchPhase] { view.calls.map(\.phase) }
}
