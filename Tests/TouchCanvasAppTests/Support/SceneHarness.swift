import Canvas
import Foundation
import TouchKit
@testable import TouchCanvasApp

/// A scene in a window, fed through the real input machine and drawn by the real renderer into
/// one buffer, as the app does, with no display.
@MainActor
final class SceneHarness {
    let window: Window
    let root: View
    let machine: TouchInputMachine
    let renderer = ViewRenderer()
    let buffer: PixelBuffer
    let scale: Double
    let seat = SeatID(1)
    var time: UInt32 = 0
    private var rendered = false

    init(_ scene: Scene, width: Double = 800, height: Double = 600, scale: Double = 1,
         singleTouch: Bool = false) throws {
        let frame = Rect(x: 0, y: 0, width: width, height: height)
        let clock = Clock()
        window = Window(frame: frame, clock: { clock.now })
        self.clock = clock
        root = Scene.makeRootView(for: scene, frame: frame, singleTouch: singleTouch)
        window.addSubview(root)
        machine = TouchInputMachine(window: window)
        self.scale = scale
        buffer = try PixelBuffer(width: Int((width * scale).rounded(.up)), height: Int((height * scale).rounded(.up)),
                                 format: .xrgb8888)
    }

    final class Clock {
        var now: TimeInterval = 0
    }
    private let clock: Clock

    func advanceClock(to seconds: TimeInterval) {
        clock.now = seconds
        window.advanceAnimations()
    }

    // MARK: Input

    func feed(_ inputs: RawTouchInput...) {
        for input in inputs { machine.handle(input, seat: seat) }
    }

    /// A finger down at `point`, in its own frame.
    func down(_ id: Int32, _ point: Point) {
        time += 8
        feed(.down(id: id, time: time, location: point), .frame)
    }

    /// One motion frame per point, 8 ms apart.
    func move(_ id: Int32, _ points: Point...) {
        move(id, points)
    }

    func move(_ id: Int32, _ points: [Point]) {
        for point in points {
            time += 8
            feed(.motion(id: id, time: time, location: point), .frame)
        }
    }

    func up(_ id: Int32) {
        time += 8
        feed(.up(id: id, time: time), .frame)
    }

    /// A finger drawing a polyline from down to up.
    func stroke(_ points: [Point], id: Int32 = 0) {
        guard let first = points.first else { return }
        down(id, first)
        for point in points.dropFirst() { move(id, point) }
        up(id)
    }

    // MARK: Output

    /// Renders a frame into the buffer (the first one whole), returning its damage.
    @discardableResult
    func render() -> DamageRegion {
        defer { rendered = true }
        return renderer.render(window, into: buffer, scale: scale, bufferAge: rendered ? 1 : 0)
    }

    /// The pixel a person sees at a logical point.
    func pixel(_ x: Double, _ y: Double) -> PixelColor? {
        buffer.pixel(x: Int((x * scale).rounded(.down)), y: Int((y * scale).rounded(.down)))
    }

    /// The buffer a fresh renderer draws for the window now: the incremental frames must match it.
    func fullRender() throws -> PixelBuffer {
        let reference = try PixelBuffer(width: buffer.width, height: buffer.height, format: buffer.format)
        _ = ViewRenderer().render(window, into: reference, scale: scale, bufferAge: 0)
        return reference
    }

    /// Logical rows at column `x` whose pixel is not white.
    func inkedRows(atX x: Double, in range: ClosedRange<Double>) -> [Double] {
        stride(from: range.lowerBound, through: range.upperBound, by: 1 / scale).filter { pixel(x, $0) != .white }
    }

    var bufferArea: Int { buffer.width * buffer.height }
}

/// Pixels whose stored values differ, as "(x, y): a vs b" lines, at most `limit` of them.
func differences(_ a: PixelBuffer, _ b: PixelBuffer, limit: Int = 5) -> [String] {
    guard a.width == b.width, a.height == b.height else {
        return ["size \(a.width)×\(a.height) vs \(b.width)×\(b.height)"]
    }
    var found: [String] = []
    for y in 0..<a.height {
        if memcmp(a.baseAddress + y * a.stride, b.baseAddress + y * b.stride, a.width * 4) == 0 { continue }
        for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) {
            found.append("(\(x), \(y)): \(a.pixel(x: x, y: y).map(\.description) ?? "-") vs \(b.pixel(x: x, y: y).map(\.description) ?? "-")")
            if found.count >= limit { return found }
        }
    }
    return found
}
