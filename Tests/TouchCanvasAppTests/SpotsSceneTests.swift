import Foundation
import Testing
import TouchKit
@testable import TouchCanvasApp
import TouchCanvasTesting

/// The spots scene driven through the real input machine and an injected clock.
@MainActor @Suite struct SpotsSceneTests {
    let h: SceneHarness
    let scene: TouchableView
    var clock: TestClock { h.clock }
    var window: Window { h.window }
    var machine: TouchInputMachine { h.machine }

    init() throws {
        h = try SceneHarness(.spots)
        scene = try #require(h.root as? TouchableView)
    }

    private func feed(_ inputs: RawTouchInput...) {
        for input in inputs { h.feed(input) }
    }

    private var spots: [TouchSpotView] {
        scene.subviews.compactMap { $0 as? TouchSpotView }
    }

    /// A finger landing on another finger's spot belongs to the scene, not to that spot: when
    /// the first finger lifts and its spot goes, the second finger's spot still follows it and
    /// goes when it lifts.
    @Test func aFingerLandingOnAnotherSpotIsTheScenesNotTheSpots() {
        feed(.down(id: 0, time: 1, location: Point(x: 200, y: 200)), .frame)
        clock.now = 1
        window.advanceAnimations()
        feed(.down(id: 1, time: 2, location: Point(x: 205, y: 200)), .frame)
        #expect(spots.count == 2)
        feed(.up(id: 0, time: 3), .frame)
        feed(.motion(id: 1, time: 4, location: Point(x: 400, y: 300)), .frame)
        #expect(spots.count == 1 && spots.first?.center == Point(x: 400, y: 300))
        feed(.up(id: 1, time: 5), .frame)
        #expect(spots.isEmpty, "the second finger's spot is gone with its finger")
    }

    @Test func rootOfTheSpotsSceneIsAMultiTouchTouchableViewOnWhite() {
        let root = Scene.makeRootView(for: .spots, frame: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(root is TouchableView && root.isMultipleTouchEnabled)
        #expect(root.backgroundColor == .white)
        #expect(Scene.allCases.map(\.rawValue) == ["spots", "canvas", "draw", "trace", "gestures", "inspect", "targets", "latency"])
    }

    @Test func aSpotAppearsCentredOnTheTouchAndGrowsTo100In200ms() {
        feed(.down(id: 0, time: 0, location: Point(x: 123.25, y: 456.5)), .frame)
        #expect(spots.count == 1)
        guard let spot = spots.first else { return }
        #expect(spot.backgroundColor == Color(rgb: 0xAAAAAA))
        #expect(spot.center == Point(x: 123.25, y: 456.5), "centred on the touch, not rounded")

        var widths: [Double] = []
        for t in [0.0, 0.1, 0.2, 0.25] {
            clock.now = t
            window.advanceAnimations()
            let shown = spot.presentationFrame
            widths.append(shown.width)
            #expect(shown.midX == 123.25 && shown.midY == 456.5, "grows around its centre")
            #expect(shown.width == shown.height)
            #expect(abs(spot.presentationCornerRadius - shown.width / 2) < 1e-9, "always a circle")
        }
        #expect(widths[0] == 1)
        #expect(abs(widths[1] - 50.5) < 1e-9)
        #expect(widths[2] == 100 && widths[3] == 100)
        #expect(spot.cornerRadius == 50)
        #expect(!window.hasRunningAnimations)
    }

    @Test func spotsFollowTheirFingers() {
        feed(.down(id: 0, time: 0, location: Point(x: 100, y: 100)),
             .down(id: 1, time: 0, location: Point(x: 300, y: 100)), .frame)
        let byTouchBefore = scene.touchViews
        feed(.motion(id: 1, time: 16, location: Point(x: 310.5, y: 120)), .frame)
        clock.now = 0.05
        window.advanceAnimations()
        let centres = Set(spots.map(\.presentationCenter))
        #expect(centres == [Point(x: 100, y: 100), Point(x: 310.5, y: 120)])
        #expect(scene.touchViews.count == 2)
        #expect(Set(scene.touchViews.values.map(ObjectIdentifier.init)) == Set(byTouchBefore.values.map(ObjectIdentifier.init)),
                "moving keeps the same spot")
        #expect(window.hasRunningAnimations, "moving does not stop the growth")
    }

    @Test func aSpotDisappearsWhenItsTouchEnds() {
        feed(.down(id: 0, time: 0, location: Point(x: 100, y: 100)),
             .down(id: 1, time: 0, location: Point(x: 300, y: 100)), .frame)
        feed(.up(id: 0, time: 50), .frame)
        #expect(spots.map(\.center) == [Point(x: 300, y: 100)])
        feed(.up(id: 1, time: 60))
        machine.flushPendingInput()   // GNOME: no frame after the last up
        #expect(spots.isEmpty && scene.touchViews.isEmpty)
    }

    @Test func threeFingersCancelledTogetherLeaveNoSpots() {
        feed(.down(id: 0, time: 0, location: Point(x: 100, y: 100)),
             .down(id: 1, time: 0, location: Point(x: 200, y: 100)), .frame,
             .down(id: 2, time: 10, location: Point(x: 300, y: 100)), .frame)
        #expect(spots.count == 3)
        feed(.cancel)
        #expect(spots.isEmpty && scene.touchViews.isEmpty)
        clock.now = 1
        window.advanceAnimations()
        #expect(!window.hasRunningAnimations, "the removed spots' animations were stopped")
    }

    @Test func aQuickTapShowsAndRemovesItsSpot() {
        feed(.down(id: 0, time: 0, location: Point(x: 100, y: 100)), .up(id: 0, time: 30), .frame)
        #expect(spots.isEmpty && scene.touchViews.isEmpty)
    }

    @Test func spotsAreInTheSceneCoordinatesWhenTheSceneIsOffset() {
        scene.frame = Rect(x: 50, y: 20, width: 700, height: 500)
        feed(.down(id: 0, time: 0, location: Point(x: 150, y: 120)), .frame)
        #expect(spots.first?.center == Point(x: 100, y: 100))
    }

    @Test func spotCornerRadiusFollowsBoundsAndFrame() {
        let spot = TouchSpotView(frame: Rect(x: 0, y: 0, width: 40, height: 40))
        #expect(spot.cornerRadius == 20)
        spot.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(spot.cornerRadius == 5)
        spot.frame = Rect(x: 0, y: 0, width: 64, height: 64)
        #expect(spot.cornerRadius == 32)
    }

    @Test(arguments: Scene.allCases)
    func everySceneHasARootViewOfItsKindOnWhite(_ scene: Scene) {
        let frame = Rect(x: 0, y: 0, width: 320, height: 240)
        let root = Scene.makeRootView(for: scene, frame: frame)
        // The latency scene flashes from black, for a photodiode.
        #expect(root.frame == frame && root.backgroundColor == (scene == .latency ? .black : .white))
        switch scene {
        case .spots: #expect(root is TouchableView && root.isMultipleTouchEnabled)
        case .draw: #expect(root is DrawingView && !root.isMultipleTouchEnabled)
        case .trace: #expect(type(of: root) == TouchTrackerView.self && root.isMultipleTouchEnabled)
        case .canvas, .inspect: #expect(root is CanvasView && root.isMultipleTouchEnabled)
        case .gestures: #expect(root is GesturesView && root.isMultipleTouchEnabled)
        case .targets: #expect(root is TargetsView && root.isMultipleTouchEnabled, "a second finger is seen, to be refused")
        case .latency: #expect(root is LatencyView && root.isMultipleTouchEnabled)
        }
        // Spots, gestures, targets and latency draw nothing that lasts: nothing to clear, undo or export.
        let draws = ![Scene.spots, .gestures, .targets, .latency].contains(scene)
        #expect((root is Clearable) == draws)
        #expect((root is Undoable) == draws)
        #expect((root is SVGExportable) == draws)
        #expect((root is DebugOverlayToggling) == (scene == .draw))
    }

    @Test(arguments: Scene.allCases)
    func singleTouchTurnsMultipleTouchOff(_ scene: Scene) {
        let root = Scene.makeRootView(for: scene, frame: Rect(x: 0, y: 0, width: 320, height: 240), singleTouch: true)
        #expect(!root.isMultipleTouchEnabled)
    }
}
