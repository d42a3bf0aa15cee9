import Testing
@testable import touchcanvas

/// How long the start-up round trips wait: `--connect-timeout` when given, else 5 s, or a
/// check's `--timeout` when that is shorter.
@Suite struct ConnectOptionsTests {
    @Test func theOptionWinsWhenGiven() throws {
        let given = try ConnectOptions.parse(["--connect-timeout", "30"])
        #expect(given.answerTimeout(checkTimeout: 1) == 30)
        #expect(given.answerTimeout(checkTimeout: nil) == 30)
    }

    @Test func otherwiseFiveSecondsOrTheShorterStepTimeout() throws {
        let none = try ConnectOptions.parse([])
        #expect(none.answerTimeout(checkTimeout: nil) == 5)
        #expect(none.answerTimeout(checkTimeout: 60) == 5)
        #expect(none.answerTimeout(checkTimeout: 2) == 2)
    }

    @Test func aWaitThatIsNoWaitIsRefused() {
        #expect(throws: (any Error).self) { try ConnectOptions.parse(["--connect-timeout", "0"]) }
        #expect(throws: (any Error).self) { try ConnectOptions.parse(["--connect-timeout", "inf"]) }
    }
}
