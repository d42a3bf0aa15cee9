import Testing
@testable import touchcanvas

/// The window's size against a compositor's configure, with no compositor.
@Suite struct WindowSizingTests {
    @Test func withNoOutputKnownTheLimitIsEightK() {
        var sizing = WindowSizing(floatingSize: (1024, 768))
        #expect(sizing.size(width: 100_000, height: 100_000, constrained: true) == (7680, 4320))
        #expect(sizing.size(width: 0, height: 0, constrained: false) == (1024, 768), "the floating size is kept")
    }

    @Test func theOutputsTogetherAreTheLimitAndTheTitleBarCounts() {
        var sizing = WindowSizing(floatingSize: (1024, 768))
        sizing.outputsExtent = (1920 + 1280, 1080 + 1024)
        #expect(sizing.size(width: 5000, height: 5000, constrained: false, reservedHeight: 40) == (3200, 2064))
        #expect(sizing.size(width: 0, height: 0, constrained: false) == (3200, 2064), "a floating size is remembered")
    }

    @Test func boundsHoldOnlyWhatTheAppChooses() {
        var sizing = WindowSizing(floatingSize: (1200, 900))
        sizing.bounds = (800, 600)
        #expect(sizing.size(width: 0, height: 0, constrained: false) == (800, 600))
        #expect(sizing.size(width: 1000, height: 0, constrained: false) == (1000, 600))
    }

    @Test func outputScalesAreHeldBetweenOneAndEight() {
        #expect(OutputScale.clamped(0).scale == 1 && OutputScale.clamped(-2).scale == 1)
        #expect(OutputScale.clamped(1000) == (8, "an output announced scale 1000; using 8 (scales are taken from 1 to 8)"))
        #expect(OutputScale.clamped(3).complaint == nil)
    }
}
