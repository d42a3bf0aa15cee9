import Testing
import Wayland

/// Which surface's input is the canvas's: libdecor's frame surfaces reach our bindings as nil.
@Suite struct InputSurfaceTests {
    @Test func theCanvasIsTheCanvasWithOrWithoutAFrame() {
        #expect(InputSurface.classify(isKnown: true, isCanvas: true, clientSideFrame: false) == .canvas)
        #expect(InputSurface.classify(isKnown: true, isCanvas: true, clientSideFrame: true) == .canvas)
    }

    @Test func anUnknownSurfaceIsLibdecorsFrameOnlyWhenLibdecorDrawsOne() {
        #expect(InputSurface.classify(isKnown: false, isCanvas: false, clientSideFrame: true) == .decoration)
        #expect(InputSurface.classify(isKnown: false, isCanvas: false, clientSideFrame: false) == .foreign)
    }

    @Test func anotherOfOurSurfacesIsForeignEvenWithAFrame() {
        // E.g. our cursor surface: a compositor that sends a touch there is at fault.
        #expect(InputSurface.classify(isKnown: true, isCanvas: false, clientSideFrame: true) == .foreign)
        #expect(InputSurface.classify(isKnown: true, isCanvas: false, clientSideFrame: false) == .foreign)
    }
}
