import TouchKit

extension AppSession {
    /// The scene has more to paint than the last frame did (a rebuild in slices): the shell
    /// keeps frames coming while this is true, as it does while animations run.
    public var needsAnotherFrame: Bool {
        (rootView as? ProgressivePainting)?.needsAnotherFrame ?? (rootView as? FrameFollowing)?.needsAnotherFrame ?? false
    }

    /// The next frame settles ended strokes (``ProgressivePainting/hasStrokesToSettle``): it
    /// costs far more than the frames of moves a pacer plans with.
    public var nextFrameSettlesStrokes: Bool { (rootView as? ProgressivePainting)?.hasStrokesToSettle ?? false }

    /// The last frame must be shown before the next is committed (see ``FrameFollowing``).
    public var mustShowLastFrame: Bool { (rootView as? FrameFollowing)?.mustShowLastFrame ?? false }

    /// Runs `body` with the scene painting everything a frame asks for, whatever the budget:
    /// a save, or a comparison, must not show half a rebuild. What that painted is not on screen
    /// yet: the shell is asked for a frame.
    func withUnlimitedPaint<Result>(_ body: () throws -> Result) rethrows -> Result {
        guard let scene = rootView as? ProgressivePainting else { return try body() }
        let budget = scene.paintBudget
        scene.paintBudget = .unlimited
        defer {
            scene.paintBudget = budget
            if scene.needsAnotherFrame { setNeedsDisplay() }
        }
        return try body()
    }
}
