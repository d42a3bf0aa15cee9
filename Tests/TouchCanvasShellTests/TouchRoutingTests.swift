import Testing
import TouchCanvasApp
@testable import touchcanvas

/// Where a seat's touch events go: each follows its down, frames and cancels reach the side
/// whose touches they close, and serials are kept for moves.
@Suite struct TouchRoutingTests {
    @Test func aTouchFollowsItsDownUntilItsUp() {
        var routing = TouchRouting()
        routing.down(id: 1, serial: 10, on: .chrome(.titleBar))
        routing.down(id: 2, serial: 11, on: .content)
        routing.down(id: 3, serial: 12, on: .decoration)
        routing.down(id: 4, serial: 13, on: .foreign)
        #expect(routing.motion(id: 1) == .chrome(.titleBar))
        #expect(routing.motion(id: 2) == .content)
        #expect(routing.motion(id: 3) == .decoration)
        #expect(routing.route(of: 4) == .foreign)
        #expect(routing.up(id: 1) == .chrome(.titleBar))
        // The id is free again: a new down of it may land anywhere, and an id never seen is the
        // content's (its events are the app's to report).
        #expect(routing.route(of: 1) == .content)
        #expect(routing.up(id: 99) == .content)
    }

    @Test func serialsAreKeptForTheContentAndTheChromeWhileDown() {
        var routing = TouchRouting()
        routing.down(id: 1, serial: 10, on: .chrome(.right))
        routing.down(id: 2, serial: 11, on: .content)
        routing.down(id: 3, serial: 12, on: .decoration)
        #expect(routing.downSerial(of: 1) == 10 && routing.downSerial(of: 2) == 11)
        #expect(routing.downSerial(of: 3) == nil, "libdecor moves its own window")
        _ = routing.up(id: 2)
        #expect(routing.downSerial(of: 2) == nil)
    }

    @Test func aFrameReachesTheSidesWhoseEventsItCloses() {
        var routing = TouchRouting()
        routing.down(id: 1, serial: 1, on: .chrome(.titleBar))
        #expect(routing.frame() == (chrome: true, content: false))
        routing.down(id: 2, serial: 2, on: .content)
        _ = routing.motion(id: 1)
        #expect(routing.frame() == (chrome: true, content: true))
        _ = routing.motion(id: 2)
        #expect(routing.frame() == (chrome: false, content: true))
        // A frame that closes nothing, or only libdecor's or a foreign surface's events, is the
        // content's, as an empty frame always was.
        #expect(routing.frame() == (chrome: false, content: true))
        routing.down(id: 3, serial: 3, on: .decoration)
        #expect(routing.frame() == (chrome: false, content: true))
        // Shape and orientation are no events of their own: they mark no side.
        _ = routing.route(of: 1)
        #expect(routing.frame() == (chrome: false, content: true))
    }

    @Test func aCancelOfTitleBarTouchesAloneIsNotTheContents() {
        var routing = TouchRouting()
        routing.down(id: 1, serial: 1, on: .chrome(.titleBar))
        #expect(routing.cancel() == (chrome: true, content: false))
        routing.down(id: 1, serial: 2, on: .decoration)
        #expect(routing.cancel() == (chrome: false, content: false))
        #expect(routing.route(of: 1) == .content, "a cancel forgets every touch")
    }

    @Test func aCancelWithAContentTouchDownCancelsBothSides() {
        var routing = TouchRouting()
        routing.down(id: 1, serial: 1, on: .chrome(.titleBar))
        routing.down(id: 2, serial: 2, on: .content)
        #expect(routing.cancel() == (chrome: true, content: true))
        // No touch at all: the cancel is the content's to see (and to report as nothing to
        // cancel, if the model thinks so).
        #expect(routing.cancel() == (chrome: false, content: true))
    }

    @Test func losingTheDeviceForgetsEverything() {
        var routing = TouchRouting()
        routing.down(id: 1, serial: 1, on: .chrome(.top))
        routing.down(id: 2, serial: 2, on: .content)
        routing.removeAll()
        #expect(routing.route(of: 1) == .content && routing.downSerial(of: 2) == nil)
        #expect(routing.frame() == (chrome: false, content: true))
    }
}
