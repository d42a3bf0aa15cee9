import TouchCanvasApp

extension AppSession {
    /// Saves what is on screen to `path`, and the strokes as SVG beside it; one line on stderr
    /// for each file or failure.
    @discardableResult
    func save(to path: String) -> Bool {
        save(to: path, report: printError)
    }

    /// `s`: a new numbered file in the pictures folder; an earlier drawing is never replaced.
    func saveNumbered() {
        save(to: SaveLocation.freshStem(in: SaveLocation.defaultDirectory()) + ".png")
    }
}
