/// One line of the injector's script, read from stdin. The language is small on purpose: the
/// shell tests say what a finger or a mouse does, the backend says it in its compositor's
/// protocol.
///
///     touch down ID X Y      a finger lands at global compositor coordinates
///     touch motion ID X Y
///     touch up ID
///     touch frame
///     touch cancel
///     pointer move X Y       absolute, global compositor coordinates
///     pointer press [left|right|middle]
///     pointer release [left|right|middle]
///     pointer frame
///     sleep SECONDS
///     sync                   wait until the compositor has handled everything sent so far
///
/// Blank lines and `#` comments are ignored.
enum InjectCommand: Equatable {
    case touchDown(id: Int32, x: Double, y: Double)
    case touchMotion(id: Int32, x: Double, y: Double)
    case touchUp(id: Int32)
    case touchFrame
    case touchCancel
    case pointerMove(x: Double, y: Double)
    case pointerButton(PointerButton, pressed: Bool)
    case pointerFrame
    case sleep(seconds: Double)
    case sync

    /// Linux input event codes (linux/input-event-codes.h), which both protocols carry.
    enum PointerButton: UInt32 {
        case left = 0x110, right = 0x111, middle = 0x112
        init?(name: String) {
            switch name {
            case "left": self = .left
            case "right": self = .right
            case "middle": self = .middle
            default: return nil
            }
        }
    }

    /// Nil for a blank or comment line; throws with the reason for anything it cannot read.
    static func parse(_ line: Substring) throws(InjectError) -> InjectCommand? {
        let words = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            .split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let head = words.first else { return nil }
        let rest = Array(words.dropFirst())
        func number(_ i: Int) throws(InjectError) -> Double {
            guard i < rest.count, let value = Double(rest[i]), value.isFinite else {
                throw .badLine(String(line), "expected a number as argument \(i + 1)")
            }
            return value
        }
        func id(_ i: Int) throws(InjectError) -> Int32 {
            guard i < rest.count, let value = Int32(rest[i]) else {
                throw .badLine(String(line), "expected a touch id as argument \(i + 1)")
            }
            return value
        }
        switch (head, rest.first) {
        case ("touch", "down"?):
            guard rest.count == 4 else { throw .badLine(String(line), "usage: touch down ID X Y") }
            return .touchDown(id: try id(1), x: try number(2), y: try number(3))
        case ("touch", "motion"?):
            guard rest.count == 4 else { throw .badLine(String(line), "usage: touch motion ID X Y") }
            return .touchMotion(id: try id(1), x: try number(2), y: try number(3))
        case ("touch", "up"?):
            guard rest.count == 2 else { throw .badLine(String(line), "usage: touch up ID") }
            return .touchUp(id: try id(1))
        case ("touch", "frame"?) where rest.count == 1:
            return .touchFrame
        case ("touch", "cancel"?) where rest.count == 1:
            return .touchCancel
        case ("pointer", "move"?):
            guard rest.count == 3 else { throw .badLine(String(line), "usage: pointer move X Y") }
            return .pointerMove(x: try number(1), y: try number(2))
        case ("pointer", let verb?) where verb == "press" || verb == "release":
            guard rest.count <= 2 else { throw .badLine(String(line), "usage: pointer \(verb) [left|right|middle]") }
            let name = rest.count == 2 ? String(rest[1]) : "left"
            guard let button = PointerButton(name: name) else {
                throw .badLine(String(line), "unknown button '\(name)'")
            }
            return .pointerButton(button, pressed: verb == "press")
        case ("pointer", "frame"?) where rest.count == 1:
            return .pointerFrame
        case ("sleep", _):
            guard rest.count == 1 else { throw .badLine(String(line), "usage: sleep SECONDS") }
            let seconds = try number(0)
            guard seconds >= 0, seconds <= 600 else { throw .badLine(String(line), "sleep takes 0 to 600 seconds") }
            return .sleep(seconds: seconds)
        case ("sync", nil):
            return .sync
        default:
            throw .badLine(String(line), "unknown command")
        }
    }
}

/// Why the injector stopped, as one line for stderr.
enum InjectError: Error, CustomStringConvertible {
    case badLine(String, String)
    case unsupported(backend: String, command: String)
    case setup(String)
    case connection(String)

    var description: String {
        switch self {
        case .badLine(let line, let why): return "cannot read '\(line)': \(why)"
        case .unsupported(let backend, let command): return "\(backend) cannot do '\(command)'"
        case .setup(let why): return why
        case .connection(let why): return why
        }
    }
}
