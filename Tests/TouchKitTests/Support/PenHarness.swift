import TouchKit

/// Pen input for the harness: tools, tablets and what each delivery said about pencil touches.
@MainActor
extension Harness {
    static let tool0 = TabletToolID(1)
    static let tool1 = TabletToolID(2)
    static let tablet0 = TabletID(10)
    static let tablet1 = TabletID(11)
    static let everyAxis = Set(TabletToolCapability.allCases)

    /// Announces a tool, as the glue does after its `done`.
    func addTool(_ tool: TabletToolID = Harness.tool0, type: TabletToolType = .pen, serial: UInt64? = 0xABC,
                 capabilities: Set<TabletToolCapability> = Harness.everyAxis, seat: SeatID = Harness.seat0) {
        machine.tabletToolAdded(tool, description: TabletToolDescription(
            type: type, hardwareSerial: serial, capabilities: capabilities), seat: seat)
    }

    func pen(_ inputs: RawTabletToolInput..., tool: TabletToolID = Harness.tool0, seat: SeatID = Harness.seat0) {
        for input in inputs { machine.handle(input, tool: tool, seat: seat) }
    }

    /// Proximity in over `tablet` at (x, y), framed: the tool hovers there.
    func penIn(_ x: Double, _ y: Double, tablet: TabletID = Harness.tablet0, time: UInt32 = 0,
               tool: TabletToolID = Harness.tool0, seat: SeatID = Harness.seat0) {
        pen(.proximityIn(tablet: tablet), .motion(location: Point(x: x, y: y)), .frame(time: time),
            tool: tool, seat: seat)
    }

    /// The pencil touches of the latest delivery, by number.
    var lastPencilTouches: [Touch] {
        guard let last = deliveries.last else { return [] }
        return last.compactMap { touchObjects[$0.touch] }.filter { $0.type == .pencil }
    }
}

func penMotion(_ x: Double, _ y: Double) -> RawTabletToolInput {
    .motion(location: Point(x: x, y: y))
}
