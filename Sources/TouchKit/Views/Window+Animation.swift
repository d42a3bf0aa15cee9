import Foundation

extension Window {
    /// True while an animation runs or a completion waits; the app keeps requesting frames.
    public var hasRunningAnimations: Bool {
        !animatingViews.isEmpty || hasPendingCompletions
    }

    /// Fires the recognizer time-outs that fell due, samples the clock once, moves every
    /// presentation value to that instant, removes finished animations and then runs the
    /// completions that became due. Call once per frame, before
    /// rendering. Completions may start new animations; those are sampled on the next call.
    public func advanceAnimations() {
        // Recognizer time-outs due by this frame fire first, so what they animate starts now.
        advanceGestures()
        let now = clock()
        let views = animatingViews
        for view in views {
            for property in view.sampleAnimations(at: now) {
                view.removeAnimation(for: property, finished: true)
            }
        }
        if !views.isEmpty { noteVisualChange() }
        runPendingCompletions()
    }

    func trackAnimations(of view: View) {
        guard !animatingViews.contains(where: { $0 === view }) else { return }
        animatingViews.append(view)
    }

    func untrackAnimations(of view: View) {
        animatingViews.removeAll { $0 === view }
    }
}
