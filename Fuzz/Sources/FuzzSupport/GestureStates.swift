import TouchKit

/// Checks the state changes of gesture recognizers, as `Window.onGestureStateChange` reports
/// them, against UIKit's machine: possible → began → changed* → ended | cancelled, or
/// possible → ended (a discrete gesture) | failed, and back to possible only by a reset.
///
/// Resets are not reported by the window; a harness that sees them (a recognizer of its own,
/// whose `reset()` it overrides) tells ``heardReset(of:)``, and every state may then be checked
/// exactly. For recognizers it cannot see reset (the app's own), a change out of a finished
/// state is taken to follow an unseen reset: from `ended`, `cancelled` or `failed` only what
/// may leave `possible` is allowed, and from `began` or `changed` only what continues or ends.
@MainActor
public final class GestureStates {
    /// Each recognizer heard, with its last state; kept alive, so no other object takes its
    /// identity while the input runs.
    private var states: [ObjectIdentifier: (recognizer: GestureRecognizer, state: GestureRecognizer.State)] = [:]
    /// Whether resets are heard: then a finished recognizer must be reset before it moves.
    public let hearsResets: Bool

    public init(hearsResets: Bool) {
        self.hearsResets = hearsResets
    }

    /// The state `recognizer` was last heard in (`possible` before anything).
    public func state(of recognizer: GestureRecognizer) -> GestureRecognizer.State {
        states[ObjectIdentifier(recognizer)]?.state ?? .possible
    }

    public func heard(_ recognizer: GestureRecognizer, _ state: GestureRecognizer.State) {
        let old = self.state(of: recognizer)
        let from = !hearsResets && old.isFinished ? GestureRecognizer.State.possible : old
        invariant(Self.allows(from, state),
                  "\(Self.name(recognizer)) went \(old.name) → \(state.name)")
        states[ObjectIdentifier(recognizer)] = (recognizer, state)
    }

    /// `recognizer` was reset to `possible`: allowed once it finished, or while it is still
    /// undecided, never in the middle of a gesture.
    public func heardReset(of recognizer: GestureRecognizer) {
        let old = state(of: recognizer)
        invariant(!old.isInProgress, "\(Self.name(recognizer)) was reset while \(old.name)")
        states[ObjectIdentifier(recognizer)] = (recognizer, .possible)
    }

    static func allows(_ old: GestureRecognizer.State, _ new: GestureRecognizer.State) -> Bool {
        switch (old, new) {
        case (.possible, .began), (.possible, .ended), (.possible, .failed): true
        case (.began, .changed), (.began, .ended), (.began, .cancelled): true
        case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): true
        default: false
        }
    }

    static func name(_ recognizer: GestureRecognizer) -> String {
        recognizer.name ?? "\(type(of: recognizer))"
    }
}
