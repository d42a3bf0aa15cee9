import FuzzSupport
import TouchKit

/// What must hold between operations, beyond deliveries (``DeliveryLog``), views
/// (``WatchedView``) and state changes (``GestureStates``): no two recognizers that may not
/// recognize together are both under way over a touch each held when it recognized, and each
/// recognizer's state is the one last heard (no change went unreported).
///
/// Why "held when it recognized": the arena decides between recognizers as one of them
/// recognizes (it may not while another that stops it is under way; once it does, those it
/// stops fail or are cancelled). Two that recognized over different fingers may both go on,
/// as in UIKit, even when a later finger lands on both views; and one that let go of a touch
/// (`ignore(_:for:)`) no longer competes over it.
@MainActor
enum ArenaChecks {
    static func check(_ driver: ArenaDriver) {
        for recognizer in driver.recognizers {
            let heard = driver.states.state(of: recognizer)
            invariant(recognizer.state == heard,
                      "recognizer \(recognizer.index) is \(recognizer.state.name); the window last reported \(heard.name)")
        }
        for a in driver.recognizers where a.state.isInProgress {
            for b in driver.recognizers where b.index > a.index && b.state.isInProgress {
                let shared = a.heldWhenRecognized.intersection(b.heldWhenRecognized).sorted()
                guard !shared.isEmpty, isExclusive(a, b) else { continue }
                invariant(false, "recognizers \(a.index) and \(b.index) are both under way (\(a.state.name), \(b.state.name)) "
                    + "over touches \(shared), and may not be")
            }
        }
    }

    /// Neither delegate lets them work together, and one of them stops the other by winning.
    static func isExclusive(_ a: ScriptedRecognizer, _ b: ScriptedRecognizer) -> Bool {
        let simultaneous = (a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) ?? false)
            || (b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) ?? false)
        guard !simultaneous else { return false }
        return (a.canPrevent(b) && b.canBePrevented(by: a)) || (b.canPrevent(a) && a.canBePrevented(by: b))
    }
}
