import TouchKit

/// A recognizer's delegate, answering from the input's setup: always the same answer to the
/// same question, as a delegate must for the arena's decisions to hold.
@MainActor
final class ScriptedDelegate: GestureRecognizerDelegate {
    private let index: Int
    private let setup: ArenaSetup

    init(index: Int, setup: ArenaSetup) {
        self.index = index
        self.setup = setup
    }

    private var own: RecognizerSetup { setup.recognizers[index] }

    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        own.shouldBegin
    }

    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        !own.receivesEvenTouchesOnly || touch.number % 2 == 0
    }

    func gestureRecognizer(_ recognizer: GestureRecognizer,
                           shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        guard let other = other as? ScriptedRecognizer else { return false }
        return setup.simultaneous & (1 << ArenaSetup.pairIndex(index, other.index)) != 0
    }

    func gestureRecognizer(_ recognizer: GestureRecognizer,
                           shouldRequireFailureOf other: GestureRecognizer) -> Bool {
        guard let other = other as? ScriptedRecognizer else { return false }
        return setup.delegateRequiresFailure & (1 << (index * ArenaSetup.maximumRecognizers + other.index)) != 0
    }
}
