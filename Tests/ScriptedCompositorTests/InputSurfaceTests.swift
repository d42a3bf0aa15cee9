import Testing
import Wayland

/// Which surface's input is the canvas's, the app frame's, or libdecor's (whose surfaces reach
/// our bindings as nil).
@Suite struct InputSurfaceTests {
    @Test func theCanvasIsTheCanvasWithOrWithoutAFrame() {
        #expect(InputSurface.classify(isKnown: true, isCanvas: true, libdecorFrame: false) == .canvas)
        #expect(InputSurface.classify(isKnown: true, isCanvas: true, libdecorFrame: true) == .canvas)
    }

    @Test func ourFrameSurfaceIsTheFrame() {
        #expect(InputSurface.classify(isKnown: true, isCanvas: false, isFrame: true, libdecorFrame: false) == .frame)
    }

    @Test func anUnknownSurfaceIsLibdecorsFrameOnlyWhenLibdecorDrawsOne() {
        #expect(InputSurface.classify(isKnown: false, isCanvas: false, libdecorFrame: true) == .decoration)
        #expect(InputSurface.classify(isKnown: false, isCanvas: false, libdecorFrame: false) == .foreign)
    }

    @Test func anotherOfOurSurfacesIsForeignEvenWithAFrame() {
        // E.g. our cursor surface: a compositor that sends a touch there is at fault.
        #expect(InputSurface.classify(isKnown: true, isCanvas: false, libdecorFrame: true) == .foreign)
        #expect(InputSurface.classify(isKnown: true, isCanvas: false, isFrame: false, libdecorFrame: false) == .foreign)
    }
}
