/// The word that names an event line, with the fields that follow it and the format version
/// that brought it in: the one table both sides of the format use. The writer builds its lines
/// with ``RecordingFormat/line(_:_:)``, which holds them to this table's field count, and the
/// parser finds a line's word here, checks its seat, version and field count from the same
/// entry, and reads the fields in a `switch` the compiler keeps complete. A new line is one new
/// case: the parser does not compile until it reads it, and the round-trip test that every
/// word is written fails until the writer writes it.
protocol EventWord: RawRepresentable<String>, CaseIterable {
    /// The fields after the word, as an error message shows them (`ID X Y`); empty for none.
    var fields: String { get }
    /// The first format version that has the line.
    var since: Int { get }
}

extension EventWord {
    /// The line after its time and seat, as an error message shows it (`down ID X Y`).
    var form: String { fields.isEmpty ? rawValue : rawValue + " " + fields }

    /// How many fields follow the word; nil for the lines whose count varies (optional fields
    /// in brackets, or a name that is the rest of the line).
    var fieldCount: Int? {
        fields.contains("[") || fields.contains("…") ? nil : fields.split(separator: " ").count
    }
}

/// Lines about the window and the app as a whole: their seat is written `-`.
enum WindowWord: String, EventWord {
    case configure, scale, flush, clear, undo, scene
    case palmRejection = "palm-rejection"
    case flashArea = "flash-area"
    case gestureTimeout = "gesture-timeout"
    case displayFrame = "display-frame"

    var fields: String {
        switch self {
        case .configure: "W H"
        case .scale: "N"
        case .flush, .clear, .undo, .gestureTimeout: ""
        case .scene: "NAME"
        case .palmRejection: "on|off"
        case .flashArea: "window|corner"
        case .displayFrame: "[MS]"
        }
    }

    var since: Int {
        switch self {
        case .configure, .scale, .flush, .displayFrame: 1
        case .clear, .undo, .scene: 2
        case .palmRejection, .gestureTimeout, .flashArea: 3
        }
    }
}

/// Lines of one seat's input: their seat is the seat's id.
enum SeatWord: String, EventWord {
    case down, motion, up, shape, orientation, frame, cancel
    case pointerEnter = "pointer-enter"
    case pointerMotion = "pointer-motion"
    case pointerButton = "pointer-button"
    case pointerLeave = "pointer-leave"
    case pointerFrame = "pointer-frame"
    case capability
    case seatRemoved = "seat-removed"
    case seatName = "seat-name"
    case toolAdded = "tool-added"
    case toolProximityIn = "tool-proximity-in"
    case toolProximityOut = "tool-proximity-out"
    case toolDown = "tool-down"
    case toolUp = "tool-up"
    case toolMotion = "tool-motion"
    case toolPressure = "tool-pressure"
    case toolDistance = "tool-distance"
    case toolTilt = "tool-tilt"
    case toolRotation = "tool-rotation"
    case toolButton = "tool-button"
    case toolFrame = "tool-frame"
    case toolRemoved = "tool-removed"
    case toolForeignProximityIn = "tool-foreign-proximity-in"
    case tabletRemoved = "tablet-removed"
    case touchpad

    var fields: String {
        switch self {
        case .down, .motion: "ID X Y"
        case .up: "ID"
        case .shape: "ID MAJOR MINOR"
        case .orientation: "ID DEGREES"
        case .frame, .cancel, .pointerLeave, .pointerFrame, .seatRemoved: ""
        case .pointerEnter, .pointerMotion: "X Y"
        case .pointerButton: "BUTTON pressed|released"
        case .capability: "touch|pointer lost"
        case .seatName: "NAME…"
        case .toolAdded: "TOOL TYPE SERIAL WACOM-ID AXES"
        case .toolProximityIn: "TOOL TABLET"
        case .toolProximityOut, .toolDown, .toolUp, .toolFrame, .toolRemoved, .toolForeignProximityIn: "TOOL"
        case .toolMotion: "TOOL X Y"
        case .toolPressure, .toolDistance: "TOOL N"
        case .toolTilt: "TOOL X Y"
        case .toolRotation: "TOOL DEGREES"
        case .toolButton: "TOOL BUTTON pressed|released"
        case .tabletRemoved: "TABLET"
        case .touchpad: "KIND PHASE FINGERS [DX DY SCALE DEG]"
        }
    }

    var since: Int {
        switch self {
        case .down, .motion, .up, .shape, .orientation, .frame, .cancel, .pointerEnter, .pointerMotion,
             .pointerButton, .pointerLeave, .pointerFrame, .capability, .seatRemoved, .seatName:
            1
        case .toolAdded, .toolProximityIn, .toolProximityOut, .toolDown, .toolUp, .toolMotion, .toolPressure,
             .toolDistance, .toolTilt, .toolRotation, .toolButton, .toolFrame, .toolRemoved,
             .toolForeignProximityIn, .tabletRemoved, .touchpad:
            3
        }
    }
}

extension RecordingFormat {
    /// An event line's body: its word and `values`, which must be as many as the table says
    /// (a line whose count varies takes what its writer gives).
    static func line<Word: EventWord>(_ word: Word, _ values: String...) -> String {
        assert(word.fieldCount.map { $0 == values.count } ?? true,
               "\(word.rawValue) takes \(word.fieldCount ?? -1) fields, not \(values.count)")
        return values.isEmpty ? word.rawValue : word.rawValue + " " + values.joined(separator: " ")
    }
}
