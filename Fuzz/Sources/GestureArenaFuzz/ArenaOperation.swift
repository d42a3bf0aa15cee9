import FuzzSupport
import TouchKit

/// One thing the gesture-arena target does: a finger or mouse event for the window's input
/// machine (stamped by the driver), time passing, a display frame, a touchpad gesture, or a
/// change to the window (a recognizer turned off, moved, removed; a view taken out and put back).
enum ArenaOperation: Equatable {
    case down(id: Int32, Point)
    case motion(id: Int32, Point)
    case up(id: Int32)
    case frame
    case cancel
    case pointerMotion(Point)
    case pointerButton(pressed: Bool)
    case pointerFrame
    case pointerLeave
    case wait(milliseconds: Int)
    /// The gesture clock moves to now: a display frame's or a timer's doing.
    case advanceGestures
    case displayFrame
    case flush
    case touchpad(TouchpadGesture.Kind, TouchpadGesture.Phase, fingers: Int, Point)
    case toggleEnabled(recognizer: Int)
    /// Moves the recognizer to view `view`, or removes it from its view when `nil`.
    case moveRecognizer(Int, view: Int?)
    /// Takes the view out of its superview, or puts it back.
    case toggleView(Int)

    enum Code: UInt8, CaseIterable {
        case down, motion, up, frame, cancel, pointerMotion, pointerButton, pointerFrame, pointerLeave
        case wait, advanceGestures, displayFrame, flush, touchpad, toggleEnabled, moveRecognizer, toggleView
    }

    static let fingers: ClosedRange<Int> = 0...4
    static let touchpadKinds: [TouchpadGesture.Kind] = [.swipe, .pinch, .hold]
    static let touchpadPhases: [TouchpadGesture.Phase] = [.began, .changed, .ended, .cancelled]

    init(reading reader: inout ByteReader, width: Double, height: Double) {
        func point() -> Point { Point(x: reader.coordinate(span: width), y: reader.coordinate(span: height)) }
        func finger() -> Int32 { Int32(reader.int(in: Self.fingers)) }
        let recognizers = 0...(ArenaSetup.maximumRecognizers - 1), views = 0...(ArenaSetup.viewCount - 1)
        switch Code(rawValue: reader.byte() % UInt8(Code.allCases.count)) ?? .frame {
        case .down: self = .down(id: finger(), point())
        case .motion: self = .motion(id: finger(), point())
        case .up: self = .up(id: finger())
        case .frame: self = .frame
        case .cancel: self = .cancel
        case .pointerMotion: self = .pointerMotion(point())
        case .pointerButton: self = .pointerButton(pressed: reader.bool())
        case .pointerFrame: self = .pointerFrame
        case .pointerLeave: self = .pointerLeave
        case .wait: self = .wait(milliseconds: Int(reader.byte()) * 4)
        case .advanceGestures: self = .advanceGestures
        case .displayFrame: self = .displayFrame
        case .flush: self = .flush
        case .touchpad:
            let kind = reader.pick(Self.touchpadKinds), phase = reader.pick(Self.touchpadPhases)
            self = .touchpad(kind, phase, fingers: reader.int(in: 0...5), point())
        case .toggleEnabled: self = .toggleEnabled(recognizer: reader.int(in: recognizers))
        case .moveRecognizer:
            let recognizer = reader.int(in: recognizers)
            let view = reader.int(in: 0...ArenaSetup.viewCount)
            self = .moveRecognizer(recognizer, view: view < ArenaSetup.viewCount ? view : nil)
        case .toggleView: self = .toggleView(reader.int(in: views))
        }
    }

    func write(to writer: inout ByteWriter) {
        func code(_ code: Code) { writer.byte(code.rawValue) }
        func point(_ point: Point) { writer.coordinate(point.x); writer.coordinate(point.y) }
        func finger(_ id: Int32) { writer.int(Int(id), in: Self.fingers) }
        let recognizers = 0...(ArenaSetup.maximumRecognizers - 1), views = 0...(ArenaSetup.viewCount - 1)
        switch self {
        case let .down(id, location): code(.down); finger(id); point(location)
        case let .motion(id, location): code(.motion); finger(id); point(location)
        case let .up(id): code(.up); finger(id)
        case .frame: code(.frame)
        case .cancel: code(.cancel)
        case let .pointerMotion(location): code(.pointerMotion); point(location)
        case let .pointerButton(pressed): code(.pointerButton); writer.bool(pressed)
        case .pointerFrame: code(.pointerFrame)
        case .pointerLeave: code(.pointerLeave)
        case let .wait(milliseconds): code(.wait); writer.byte(UInt8(min(milliseconds / 4, 255)))
        case .advanceGestures: code(.advanceGestures)
        case .displayFrame: code(.displayFrame)
        case .flush: code(.flush)
        case let .touchpad(kind, phase, fingers, location):
            code(.touchpad)
            writer.int(Self.touchpadKinds.firstIndex(of: kind) ?? 0, in: 0...2)
            writer.int(Self.touchpadPhases.firstIndex(of: phase) ?? 0, in: 0...3)
            writer.int(fingers, in: 0...5)
            point(location)
        case let .toggleEnabled(recognizer): code(.toggleEnabled); writer.int(recognizer, in: recognizers)
        case let .moveRecognizer(recognizer, view):
            code(.moveRecognizer); writer.int(recognizer, in: recognizers)
            writer.int(view ?? ArenaSetup.viewCount, in: 0...ArenaSetup.viewCount)
        case let .toggleView(view): code(.toggleView); writer.int(view, in: views)
        }
    }
}
