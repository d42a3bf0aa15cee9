import TouchKit

/// The HUD's recognizer line: which recognizers are deciding or acting right now, and how far.
extension InputInspector {
    /// One recognizer the inspector heard from, without keeping it (or its scene) alive.
    struct HeardRecognizer {
        weak var recognizer: GestureRecognizer?
    }

    /// At most this many recognizers are remembered; a scene has a dozen at most, and the HUD
    /// must stay on screen whatever a scene does.
    public static let recognizerLimit = 32

    /// A recognizer changed state (the window's `onGestureStateChange`): from now on the HUD
    /// lists it while it is out of `possible`.
    public func noteGestureState(_ recognizer: GestureRecognizer, _ state: GestureRecognizer.State) {
        heardRecognizers.removeAll { $0.recognizer == nil }
        if !heardRecognizers.contains(where: { $0.recognizer === recognizer }) {
            heardRecognizers.append(HeardRecognizer(recognizer: recognizer))
            if heardRecognizers.count > Self.recognizerLimit { heardRecognizers.removeFirst() }
        }
        onChange?()
    }

    /// The recognizers not in `possible`, in the order first heard, with their states as they
    /// are now. Read live rather than from the last report, because the window does not report
    /// a recognizer's reset to `possible`: a finished one drops out once it is reset.
    public var activeRecognizers: [(name: String, state: GestureRecognizer.State)] {
        heardRecognizers.compactMap { heard in
            guard let recognizer = heard.recognizer, recognizer.state != .possible else { return nil }
            return (recognizer.name ?? String(describing: type(of: recognizer)), recognizer.state)
        }
    }
}
