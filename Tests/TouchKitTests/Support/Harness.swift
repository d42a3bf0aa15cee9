import Foundation
import TouchKit
import TouchCanvasTesting

/// A window with a multi-touch recording view filling it, a machine feeding it, a hand-driven
/// clock, and a copy of every delivery taken while its phases were current.
@MainActor
final class Harness {
    struct Seen: Equatable {
        let touch: ObjectIdentifier
        let number: Int
        let phase: TouchPhase
        let location: Point
        let previous: Point
        let timestamp: TimeInterval
    }

    let clock = TestClock()
    /// The harness's time, in seconds: what the window and the machine read as now.
    var now: TimeInterval {
        get { clock.now }
        set { clock.now = newValue }
    }
    let window: Window
    let root: RecordingView
    let machine: TouchInputMachine
    private(set) var deliveries: [[Seen]] = []
    private(set) var anomalies: [TouchAnomaly] = []
    private(set) var touchObjects: [ObjectIdentifier: Touch] = [:]
    /// An extra look at each event while its phases are current (the machine's `onDeliver`
    /// belongs to the harness).
    var observe: ((TouchEvent) -> Void)?

    static let seat0 = SeatID(1)
    static let seat1 = SeatID(2)

    init(size: Size = Size(width: 800, height: 600)) {
        let frame = Rect(origin: .zero, size: size)
        window = Window(frame: frame, clock: clock.read)
        root = RecordingView(frame: frame)
        root.isMultipleTouchEnabled = true
        window.addSubview(root)
        machine = TouchInputMachine(window: window)
        machine.onDeliver = { [unowned self] event in
            let seen = event.allTouches.map { touch in
                Seen(touch: ObjectIdentifier(touch), number: touch.number, phase: touch.phase,
                     location: touch.location(in: nil), previous: touch.previousLocation(in: nil),
                     timestamp: touch.timestamp)
            }
            deliveries.append(seen.sorted { $0.number < $1.number })
            for touch in event.allTouches { touchObjects[ObjectIdentifier(touch)] = touch }
            observe?(event)
        }
        machine.onAnomaly = { [unowned self] in anomalies.append($0) }
    }

    func touch(_ inputs: RawTouchInput..., seat: SeatID = Harness.seat0) {
        for input in inputs { machine.handle(input, seat: seat) }
    }

    func pointer(_ inputs: RawPointerInput..., seat: SeatID = Harness.seat0) {
        for input in inputs { machine.handle(input, seat: seat) }
    }

    var anomalyKinds: [String] { anomalies.map(\.kind) }

    /// The phases of each delivery, as "number:phase" strings, for compact expectations (each
    /// machine numbers its touches from 1).
    var phaseLog: [[String]] {
        deliveries.map { $0.map { "\($0.number):\($0.phase.name)" } }
    }
}

func down(_ id: Int32, _ x: Double, _ y: Double, time: UInt32 = 0) -> RawTouchInput {
    .down(id: id, time: time, location: Point(x: x, y: y))
}

func motion(_ id: Int32, _ x: Double, _ y: Double, time: UInt32 = 0) -> RawTouchInput {
    .motion(id: id, time: time, location: Point(x: x, y: y))
}

func up(_ id: Int32, time: UInt32 = 0) -> RawTouchInput {
    .up(id: id, time: time)
}
