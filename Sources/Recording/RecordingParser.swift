#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TouchCanvasApp
import TouchKit

/// Reads recordings (format in ``Recording``), refusing anything malformed with a
/// ``RecordingError`` that names the line; never traps, whatever the bytes.
///
/// ```swift
/// do {
///     let recording = try RecordingParser.parse(contentsOf: path)
/// } catch {
///     print(error)  // "ten-fingers.tcrec:17: unknown event 'mtion'"
/// }
/// ```
public enum RecordingParser {
    /// Larger files are refused before reading (a recording grows ~40 bytes per event).
    public static let maximumFileSize = 256 << 20

    /// Reads and parses the file at `path`, every event in one array; errors name the file as
    /// `path`. For a large file, ``RecordingStream`` reads the events one at a time instead.
    public static func parse(contentsOf path: String) throws(RecordingError) -> Recording {
        let stream = try RecordingStream(contentsOf: path)
        var events: [TimedEvent] = []
        while let event = try stream.next() { events.append(event) }
        var recording = stream.header
        recording.events = events
        return recording
    }

    /// Parses `text`; errors name the file as `file`.
    public static func parse(_ text: String, file: String = "recording") throws(RecordingError) -> Recording {
        try parse(bytes: Array(text.utf8), file: file)
    }

    /// Parses raw bytes, which must be UTF-8.
    public static func parse(bytes: [UInt8], file: String = "recording") throws(RecordingError) -> Recording {
        var parser = LineParser(file: file)
        var events: [TimedEvent] = []
        var lineStart = 0
        var number = 0
        try bytes.withUnsafeBufferPointer { (all) throws(RecordingError) in
            while lineStart < all.count {
                number += 1
                guard let newline = all[lineStart...].firstIndex(of: UInt8(ascii: "\n")) else {
                    throw parser.cutShort(number: number)
                }
                if let event = try parser.take(UnsafeBufferPointer(rebasing: all[lineStart..<newline]), number: number) {
                    events.append(event)
                }
                lineStart = newline + 1
            }
        }
        var recording = try parser.finish(lastLine: number)
        recording.events = events
        return recording
    }
}

/// The parser's state between lines (internal so the touchpad's lines can live in a file of
/// their own).
struct LineParser {
    let file: String
    var version: Int?
    var width: Int?
    var height: Int?
    var scale: Int?
    var seats: [RecordedSeat] = []
    var scene: Scene?
    var writer: String?
    /// Whether an event line has been read: header lines may only come before the first.
    var sawEvent = false
    var lastTime = 0.0
    var number = 0

    init(file: String) {
        self.file = file
    }

    func error(_ message: String) -> RecordingError {
        RecordingError(file: file, line: number, message: message)
    }

    /// Takes one line's bytes, without its `\n`: the event it holds, or nil for a header,
    /// comment or blank line. Most event lines are read straight from the bytes
    /// (``fastEvent(_:)``); any other line, and any the fast path doubts, is read as text. The
    /// byte after `bytes` in memory must be the line's `\n` (the fast path's `strtod` stops there).
    mutating func take(_ bytes: UnsafeBufferPointer<UInt8>, number: Int) throws(RecordingError) -> TimedEvent? {
        self.number = number
        var bytes = bytes
        if let last = bytes.last, last == UInt8(ascii: "\r") { bytes = UnsafeBufferPointer(rebasing: bytes.dropLast()) }
        if sawEvent, let event = fastEvent(bytes) { return event }
        guard let line = String(validating: bytes, as: UTF8.self) else {
            throw error("the line is not valid UTF-8 text")
        }
        return try take(line, number: number)
    }

    /// The error for a last line with no `\n`.
    func cutShort(number: Int) -> RecordingError {
        RecordingError(file: file, line: number, message:
            "the file ends in the middle of this line (no newline): the recording was cut short")
    }

    /// Takes one line of text: the event it holds, or nil for a header, comment or blank line.
    mutating func take(_ line: String, number: Int) throws(RecordingError) -> TimedEvent? {
        self.number = number
        // No line has more than ten fields (`touchpad pinch changed`); the rest stays one token
        // that fails the count check, so a line of millions of fields costs no array of millions
        // of substrings.
        let tokens = line.split(maxSplits: Self.maximumFields, whereSeparator: { $0 == " " || $0 == "\t" })
        guard let first = tokens.first else {
            if version == nil { throw error(Self.notARecording) }
            return nil  // blank
        }
        if version == nil {
            try readMagic(tokens)
            return nil
        }
        if first.hasPrefix("#") { return nil }
        // Events start with their time; a number out of range ("-1", "nan") is still one, and
        // its error should say so rather than call it an unknown header line.
        if first.first.map({ $0.isASCII && $0.isNumber }) == true || Double(first) != nil {
            return try readEvent(tokens, line: line)
        } else {
            try readHeader(tokens, line: line)
            return nil
        }
    }

    /// The header, once the file is over: refused when it is incomplete. The events are not in it.
    mutating func finish(lastLine: Int) throws(RecordingError) -> Recording {
        number = max(lastLine, 1)
        guard let version else { throw error("the file is empty: " + Self.notARecording) }
        try requireHeader()
        guard let width, let height, let scale else { throw error("the header is incomplete") }
        return Recording(version: version, width: width, height: height, scale: scale,
                         seats: seats, scene: scene, writer: writer)
    }

    /// The header as read so far, complete once the first event has been read (the header
    /// must be whole by then).
    var header: Recording? {
        guard let version, let width, let height, let scale else { return nil }
        return Recording(version: version, width: width, height: height, scale: scale,
                         seats: seats, scene: scene, writer: writer)
    }

    private static let maximumFields = 10

    static let notARecording =
        "not a touchcanvas recording (the first line must be '\(Recording.magic) \(Recording.currentVersion)')"

    // MARK: Header
    private mutating func readMagic(_ tokens: [Substring]) throws(RecordingError) {
        guard tokens[0] == Recording.magic else { throw error(Self.notARecording) }
        guard tokens.count == 2 else {
            throw error("the first line must be '\(Recording.magic) VERSION'")
        }
        guard let version = Int(tokens[1]), version >= 1 else {
            throw error("'\(tokens[1])' is not a recording version")
        }
        guard version <= Recording.currentVersion else {
            throw error("version \(version) is newer than this touchcanvas understands (\(Recording.currentVersion))")
        }
        self.version = version
    }

    private mutating func readHeader(_ tokens: [Substring], line: String) throws(RecordingError) {
        let keyword = tokens[0]
        guard !sawEvent else {
            throw error("header line '\(keyword)' after the first event (events start with their time)")
        }
        switch keyword {
        case "size":
            guard width == nil else { throw error("the header has two 'size' lines") }
            try expect(tokens, count: 3, "size W H")
            width = try integer(tokens[1], in: RecordingFormat.sides, "width")
            height = try integer(tokens[2], in: RecordingFormat.sides, "height")
        case "scale":
            guard scale == nil else { throw error("the header has two 'scale' lines") }
            try expect(tokens, count: 2, "scale N")
            scale = try integer(tokens[1], in: RecordingFormat.scales, "scale")
        case "seat":
            guard tokens.count >= 2 else { throw error("expected 'seat ID NAME'") }
            let id = try seatID(tokens[1])
            guard !seats.contains(where: { $0.id == id }) else {
                throw error("seat \(id.raw) is declared twice")
            }
            seats.append(RecordedSeat(id: id, name: RecordingFormat.sanitizedName(String(line[tokens[1].endIndex...]))))
        case "scene":
            guard scene == nil else { throw error("the header has two 'scene' lines") }
            try expect(tokens, count: 2, "scene NAME")
            scene = try sceneName(tokens[1])
        case "writer":
            guard let version, version >= 3 else {
                throw error("'writer' is a header line of format version 3; this file says version \(version ?? 1)")
            }
            guard writer == nil else { throw error("the header has two 'writer' lines") }
            guard tokens.count >= 2 else { throw error("expected 'writer NAME'") }
            writer = RecordingFormat.sanitizedName(String(line[tokens[1].startIndex...]))
        default:
            throw error("unknown header line '\(Self.clipped(keyword))'")
        }
    }

    private func requireHeader() throws(RecordingError) {
        if width == nil { throw error("the header has no 'size W H' line") }
        if scale == nil { throw error("the header has no 'scale N' line") }
    }

    // MARK: Events

    private mutating func readEvent(_ tokens: [Substring], line: String) throws(RecordingError) -> TimedEvent {
        if !sawEvent { try requireHeader() }
        guard tokens.count >= 3 else { throw error("expected 'TIME SEAT EVENT …'") }
        let time = try decimal(tokens[0], in: RecordingFormat.times, "time")
        guard time >= lastTime else {
            throw error("time \(RecordingFormat.number(time)) is before the previous line's \(RecordingFormat.number(lastTime))")
        }
        let seat: SeatID? = tokens[1] == "-" ? nil : try seatID(tokens[1])
        let kind = tokens[2]
        let arguments = Array(tokens.dropFirst(3))
        let event: RecordedEvent
        if let word = WindowWord(rawValue: String(kind)) {
            guard seat == nil else { throw error("'\(kind)' is a window event: its seat must be '-'") }
            try check(word, arguments)
            event = try windowEvent(word, arguments)
        } else if let word = SeatWord(rawValue: String(kind)) {
            guard let seat else { throw error("'\(kind)' needs a seat id, not '-'") }
            try check(word, arguments)
            event = try seatEvent(word, arguments, seat: seat, rest: line[kind.endIndex...])
        } else {
            throw error("unknown event '\(Self.clipped(kind))'")
        }
        lastTime = time
        sawEvent = true
        return TimedEvent(time: time, event: event)
    }

    /// Holds a line to its word's entry in the table: the file's version has it, and it has
    /// as many fields as the word takes.
    private func check(_ word: some EventWord, _ arguments: [Substring]) throws(RecordingError) {
        guard let version, version >= word.since else {
            throw error("'\(word.rawValue)' is an event of format version \(word.since); this file says version \(version ?? 1)")
        }
        if let count = word.fieldCount { try expect(arguments, count: count, word.form) }
    }

    private func windowEvent(_ word: WindowWord, _ arguments: [Substring]) throws(RecordingError) -> RecordedEvent {
        switch word {
        case .configure:
            return .configure(width: try integer(arguments[0], in: RecordingFormat.sides, "width"),
                              height: try integer(arguments[1], in: RecordingFormat.sides, "height"))
        case .scale: return .scale(try integer(arguments[0], in: RecordingFormat.scales, "scale"))
        case .flush: return .flush
        case .clear: return .command(.clear)
        case .undo: return .command(.undo)
        case .scene: return .command(.scene(try sceneName(arguments[0])))
        case .palmRejection:
            switch arguments[0] {
            case "on": return .command(.palmRejection(true))
            case "off": return .command(.palmRejection(false))
            default: throw error("expected 'palm-rejection on' or 'palm-rejection off'")
            }
        case .flashArea:
            guard let area = LatencyFlashArea(rawValue: String(arguments[0])) else { throw error("expected 'flash-area window' or 'flash-area corner'") }
            return .command(.flashArea(area))
        case .gestureTimeout: return .gestureTimeout
        case .displayFrame:
            guard arguments.count <= 1 else { throw error("expected 'display-frame' or 'display-frame MS'") }
            return .displayFrame(predictionMilliseconds: try arguments.first.map { (token) throws(RecordingError) in
                try decimal(token, in: RecordingFormat.predictionMilliseconds, "prediction interval")
            })
        }
    }

    /// A seat's line, its field count already checked. Compositor timestamps are not in the
    /// file: the events carry 0, and replay stamps them with the line's time.
    /// `rest` is the line after the word: a seat's name is all of it.
    private func seatEvent(_ word: SeatWord, _ arguments: [Substring], seat: SeatID,
                           rest: Substring) throws(RecordingError) -> RecordedEvent {
        switch word {
        case .down:
            return .touch(seat: seat, .down(id: try touchID(arguments[0]), time: 0,
                                            location: try point(arguments[1], arguments[2])))
        case .motion:
            return .touch(seat: seat, .motion(id: try touchID(arguments[0]), time: 0,
                                              location: try point(arguments[1], arguments[2])))
        case .up: return .touch(seat: seat, .up(id: try touchID(arguments[0]), time: 0))
        case .shape:
            return .touch(seat: seat, .shape(id: try touchID(arguments[0]), major: try fixed(arguments[1], "major"),
                                             minor: try fixed(arguments[2], "minor")))
        case .orientation:
            return .touch(seat: seat, .orientation(id: try touchID(arguments[0]), degrees: try fixed(arguments[1], "orientation")))
        case .frame: return .touch(seat: seat, .frame)
        case .cancel: return .touch(seat: seat, .cancel)
        case .pointerEnter: return .pointer(seat: seat, .enter(location: try point(arguments[0], arguments[1])))
        case .pointerMotion: return .pointer(seat: seat, .motion(time: 0, location: try point(arguments[0], arguments[1])))
        case .pointerButton:
            return .pointer(seat: seat, .button(time: 0, button: try unsigned(arguments[0], "button"),
                                                pressed: try pressedState(arguments[1])))
        case .pointerLeave: return .pointer(seat: seat, .leave)
        case .pointerFrame: return .pointer(seat: seat, .frame)
        case .capability:
            guard let capability = RecordedEvent.Capability(rawValue: String(arguments[0])) else {
                throw error("unknown capability '\(Self.clipped(arguments[0]))' (expected touch or pointer)")
            }
            guard arguments[1] == "lost" else { throw error("expected 'capability \(capability.rawValue) lost'") }
            return .capabilityLost(seat: seat, capability)
        case .seatRemoved: return .seatRemoved(seat: seat)
        case .seatName:
            return .seatName(seat: seat, RecordingFormat.sanitizedName(String(rest)))
        case .touchpad: return try touchpadEvent(arguments, seat: seat)
        case .toolAdded, .toolProximityIn, .toolProximityOut, .toolDown, .toolUp, .toolMotion, .toolPressure,
             .toolDistance, .toolTilt, .toolRotation, .toolButton, .toolFrame, .toolRemoved,
             .toolForeignProximityIn, .tabletRemoved:
            return try tabletEvent(word, arguments, seat: seat)
        }
    }
}
