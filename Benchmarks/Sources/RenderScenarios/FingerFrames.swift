import Rendering
import Foundation
import TouchCanvasApp
import TouchCanvasTesting
import TouchKit

/// One scene in the app's `AppSession`, fed touches as a seat sends them and drawn by the
/// session's display frame into shared-memory-like buffers, exactly as the app's frame does,
/// with no display:
///
/// 1. every finger moves once (`wl_touch.motion` per finger, then `wl_touch.frame`), 5 ms after
///    the last frame (200 Hz);
/// 2. the session's display frame delivers the held moves, advances animations and brings the
///    buffer up to date with its buffer age.
///
/// Two xrgb8888 buffers alternate, so after the first two frames each has age 2 — what the app's
/// swapchain sees under a compositor that releases a buffer when the next one is attached.
///
/// Before measuring, `history` completed strokes of 8 samples each are drawn through the same
/// input path (delivered at once, not held, and rendered once at the end — the first render
/// builds the ink layer from all of them), the fingers go down, and the spots finish growing.
/// The session's overlays are on as in the app: no ring shows under touch, but the hover-ring
/// layer is in every frame's view tree.
@MainActor
public final class FingerFrames {
    public struct Configuration: Sendable, CustomStringConvertible {
        public var scene: Scene
        /// Logical size; the buffers are this times `scale`.
        public var width: Double
        public var height: Double
        public var scale: Double
        public var history: Int
        public var fingers: Int
        /// Logical pixels each finger moves per frame (4 px at 200 Hz: 800 px/s, a brisk stroke).
        public var step = 4.0
        /// Mark the root view for display before every frame: what a window-sized view that
        /// cannot say what changed costs (the comparison for views that report their changes).
        public var repaintsWholeWindow = false

        public init(scene: Scene, width: Double, height: Double, scale: Double, history: Int, fingers: Int) {
            self.scene = scene
            self.width = width
            self.height = height
            self.scale = scale
            self.history = history
            self.fingers = fingers
        }

        public var bufferWidth: Int { Int((width * scale).rounded(.up)) }
        public var bufferHeight: Int { Int((height * scale).rounded(.up)) }

        public var description: String {
            "\(scene.rawValue), \(bufferWidth)×\(bufferHeight) (scale \(scale == scale.rounded() ? String(Int(scale)) : String(scale))), "
                + "\(fingers) finger\(fingers == 1 ? "" : "s"), \(history) strokes"
                + (repaintsWholeWindow ? ", whole window repainted" : "")
        }
    }

    public let configuration: Configuration
    public let session: AppSession
    public var window: Window { session.window }
    public var root: View { session.rootView }
    public var machine: TouchInputMachine { session.input }
    public var renderer: ViewRenderer { session.renderer }
    private var buffers: [PixelBuffer]
    private var ages: [Int]
    private var next = 0
    private let clock: ManualClock
    private var time: UInt32 = 1000
    private var frameNumber = 0
    private let paths: [Circle]

    /// The damage of the last frame.
    public private(set) var lastDamage = DamageRegion()
    public var bufferArea: Int { configuration.bufferWidth * configuration.bufferHeight }

    public init(_ configuration: Configuration) throws {
        self.configuration = configuration
        let bounds = Rect(x: 0, y: 0, width: configuration.width, height: configuration.height)
        let clock = ManualClock()
        self.clock = clock
        session = AppSession(.init(scene: configuration.scene, width: configuration.width,
                                      height: configuration.height, clock: { clock.now }))
        buffers = try (0..<2).map { _ in
            try PixelBuffer(width: configuration.bufferWidth, height: configuration.bufferHeight, format: .xrgb8888)
        }
        ages = [0, 0]

        // Fingers on a 5-column grid, each circling its own cell.
        let columns = min(configuration.fingers, 5)
        let rows = (configuration.fingers + columns - 1) / max(columns, 1)
        let cellWidth = configuration.width / Double(max(columns, 1))
        let cellHeight = configuration.height / Double(max(rows, 1))
        paths = (0..<configuration.fingers).map { i in
            let center = Point(x: cellWidth * (Double(i % columns) + 0.5), y: cellHeight * (Double(i / columns) + 0.5))
            let radius = 0.35 * min(cellWidth, cellHeight)
            return Circle(center: center, radius: radius, step: configuration.step)
        }

        session.input.holdsMovesUntilDisplayFrame = false
        drawHistory()
        session.input.holdsMovesUntilDisplayFrame = true
        for (id, path) in paths.enumerated() {
            session.handle(.down(id: Int32(id), time: time, location: path.point(at: 0)), seat: seat)
        }
        session.handle(RawTouchInput.frame, seat: seat)
        // Let the spots grow to full size (0.2 s) and both buffers fill.
        for _ in 0..<60 { renderFrame() }
    }

    private let seat = SeatID(1)

    /// One steady-state frame; returns its damage.
    @discardableResult
    public func renderFrame() -> DamageRegion {
        frameNumber += 1
        time &+= 5
        clock.now += 0.005
        for (id, path) in paths.enumerated() {
            session.handle(.motion(id: Int32(id), time: time, location: path.point(at: frameNumber)), seat: seat)
        }
        session.handle(RawTouchInput.frame, seat: seat)
        if configuration.repaintsWholeWindow { root.setNeedsDisplay() }
        let index = next
        lastDamage = session.displayFrame(into: buffers[index], scale: configuration.scale, bufferAge: ages[index])
        if !lastDamage.isEmpty {
            // Age every initialised buffer, as the swapchain does after a commit.
            for i in ages.indices where i != index && ages[i] > 0 { ages[i] += 1 }
            ages[index] = 1
            next = (index + 1) % buffers.count
        }
        return lastDamage
    }

    /// Random walks of 8 samples, 20 px steps, anywhere in the window, one stroke at a time.
    private func drawHistory() {
        var random = SplitMix64(seed: 0x1CE)
        let w = configuration.width, h = configuration.height
        for _ in 0..<configuration.history {
            var p = Point(x: random.nextUnit() * w, y: random.nextUnit() * h)
            time &+= 5
            session.handle(.down(id: 99, time: time, location: p), seat: seat)
            session.handle(RawTouchInput.frame, seat: seat)
            for _ in 0..<7 {
                p = Point(x: min(max(p.x + random.nextUnit() * 40 - 20, 0), w), y: min(max(p.y + random.nextUnit() * 40 - 20, 0), h))
                time &+= 5
                session.handle(.motion(id: 99, time: time, location: p), seat: seat)
                session.handle(RawTouchInput.frame, seat: seat)
            }
            time &+= 5
            session.handle(.up(id: 99, time: time), seat: seat)
            session.handle(RawTouchInput.frame, seat: seat)
        }
    }
}

/// The window's clock, advanced by the frames rather than by real time, so animations run the
/// same in every run.
final class ManualClock {
    var now = 1000.0
}

/// A finger going round a circle, `step` logical pixels per frame.
struct Circle {
    let center: Point
    let radius: Double
    let step: Double

    func point(at frame: Int) -> Point {
        let angle = Double(frame) * step / max(radius, 1)
        return Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
    }
}

