extension View {
    /// The recognizers attached to this view, in the order they were added.
    public var gestureRecognizers: [GestureRecognizer] { storedGestureRecognizers }

    /// Attaches `recognizer`: it sees the touches that begin in this view or its subviews
    /// before they do. A recognizer belongs to one view; adding it here takes it from its old one.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        if let old = recognizer.view {
            guard old !== self else { return }
            old.removeGestureRecognizer(recognizer)
        }
        storedGestureRecognizers.append(recognizer)
        recognizer.view = self
    }

    /// Detaches `recognizer`; a gesture in progress is cancelled first, and touches it held
    /// back from the view are released.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard recognizer.view === self else { return }
        window?.gestureArena.detach(recognizer)
        storedGestureRecognizers.removeAll { $0 === recognizer }
        recognizer.view = nil
    }
}
