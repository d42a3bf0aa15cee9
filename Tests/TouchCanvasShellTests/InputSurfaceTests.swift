import Testing
@testable import touchcanvas

/// Which surface's input is the canvas's, the app's chrome's, or libdecor's (whose surfaces reach
/// our bindings as nil).
@Suite struct InputSurfaceTests {
    @Test func theMainSurfaceIsTheContentWithOrWithoutChrome() {
        #expect(InputSurface.classify(isKnown: true, isContent: true, libdecorFrame: false) == .content)
        #expect(InputSurface.classify(isKnown: true, isContent: true, libdecorFrame: true) == .content)
    }

    @Test func ourChromeSurfaceIsTheChrome() {
        #expect(InputSurface.classify(isKnown: true, isContent: false, isChrome: true, libdecorFrame: false) == .chrome)
    }

    @Test func anUnknownSurfaceIsLibdecorsFrameOnlyWhenLibdecorDrawsOne() {
        #expect(InputSurface.classify(isKnown: false, isContent: false, libdecorFrame: true) == .decoration)
        #expect(InputSurface.classify(isKnown: false, isContent: false, libdecorFrame: false) == .foreign)
    }

    @Test func anotherOfOurSurfacesIsForeignEvenWithAFrame() {
        // E.g. our cursor surface: a compositor that sends a touch there is at fault.
        #expect(InputSurface.classify(isKnown: true, isContent: false, libdecorFrame: true) == .foreign)
        #expect(InputSurface.classify(isKnown: true, isContent: false, isChrome: false, libdecorFrame: false) == .foreign)
    }
}
