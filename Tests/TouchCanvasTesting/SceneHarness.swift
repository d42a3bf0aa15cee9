import Rendering
import Foundation
import TouchCanvasApp
import TouchKit

/// A scene in a ``AppSession`` with no display: fed raw touches as a seat sends them, drawn
/// into one buffer by the session's display frame, on a ``TestClock``.
///
/// Two things differ from the app, each by choice of the test: moves are delivered as they come
/// unless `holdsMoves` is set (so a test can look at the scene after each move without drawing),
/// and the overlays (HUD, hover ring) are off unless `showsOverlays` is set.
@MainActor
public final class SceneHarness {
    public let session: AppSession
    public let buffer: PixelBuffer
    public let scale: Double
    public let seat = SeatID(1)
    public let clock: TestClock
    public var time: UInt32 = 0
    private var rendered = false

    public var window: Window { session.window }
    public var root: View { session.rootView }
    public var machine: TouchInputMachine { session.input }
    public var renderer: ViewRenderer { session.renderer }

    public init(_ scene: Scene, width: Double = 800, height: Double = 600, scale: Double = 1,
                singleTouch: Bool = false, holdsMoves: Bool = false, showsOverlays: Bool = false,
                clock: TestClock = TestClock()) throws {
        self.clock = clock
        session = AppSession(.init(scene: scene, width: width, height: height, singleTouch: singleTouch,
                                      showsOverlays: showsOverlays, clock: clock.read))
        session.input.holdsMovesUntilDisplayFrame = holdsMoves
        self.scale = scale
        buffer = try PixelBuffer(width: Int((width * scale).rounded(.up)), height: Int((height * scale).rounded(.up)),
                                 format: .xrgb8888)
    }

    public func advanceClock(to seconds: TimeInterval) {
        clock.now = seconds
        window.advanceAnimations()
    }

    // MARK: Input

    public func feed(_ inputs: RawTouchInput...) {
        for input in inputs { session.handle(input, seat: seat) }
    }

    /// A finger down at `point`, in its own frame.
    public func down(_ id: Int32, _ point: Point) {
        time += 8
        feed(.down(id: id, time: time, location: point), .frame)
    }

    /// One motion frame per point, 8 ms apart.
    public func move(_ id: Int32, _ points: Point...) {
        move(id, points)
    }

    public func move(_ id: Int32, _ points: [Point]) {
        for point in points {
            time += 8
            feed(.motion(id: id, time: time, location: point), .frame)
        }
    }

    public func up(_ id: Int32) {
        time += 8
        feed(.up(id: id, time: time), .frame)
    }

    /// A finger drawing a polyline from down to up.
    public func stroke(_ points: [Point], id: Int32 = 0) {
        guard let first = points.first else { return }
        down(id, first)
        for point in points.dropFirst() { move(id, point) }
        up(id)
    }

    // MARK: Output

    /// One display frame into the buffer (the first one whole), returning its damage.
    @discardableResult
    public func render() -> DamageRegion {
        defer { rendered = true }
        return session.displayFrame(into: buffer, scale: scale, bufferAge: rendered ? 1 : 0)
    }

    /// The pixel a person sees at a logical point.
    public func pixel(_ x: Double, _ y: Double) -> PixelColor? {
        buffer.pixel(atLogical: x, y, scale: scale)
    }

    /// The buffer a fresh renderer draws for the window now: the incremental frames must match it.
    public func fullRender() throws -> PixelBuffer {
        try referenceRender(of: window, scale: scale, format: buffer.format)
    }

    /// Logical rows at column `x` whose pixel is not white.
    public func inkedRows(atX x: Double, in range: ClosedRange<Double>) -> [Double] {
        stride(from: range.lowerBound, through: range.upperBound, by: 1 / scale).filter { pixel(x, $0) != .white }
    }

    public var bufferArea: Int { buffer.width * buffer.height }
}
