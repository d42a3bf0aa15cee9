import Testing
@testable import Recording

/// Malformed files are refused with the file, the line and one readable reason.
@Suite struct ParserErrorTests {
    static let header = "touchcanvas-recording 1\nsize 800 600\nscale 1\n"
    static let header2 = "touchcanvas-recording 2\nsize 800 600\nscale 1\n"
    static let header3 = "touchcanvas-recording 3\nsize 800 600\nscale 1\n"
    static let touchpadForms = "expected 'touchpad KIND PHASE FINGERS' or 'touchpad KIND PHASE FINGERS DX DY SCALE DEG'"

    static let cases: [(text: String, line: Int, message: String)] = [
        ("", 1, "the file is empty: not a touchcanvas recording (the first line must be 'touchcanvas-recording 3')"),
        ("hello\n", 1, "not a touchcanvas recording (the first line must be 'touchcanvas-recording 3')"),
        ("touchcanvas-recording 4\nsize 1 1\n", 1, "version 4 is newer than this touchcanvas understands (3)"),
        ("touchcanvas-recording 0\n", 1, "'0' is not a recording version"),
        ("touchcanvas-recording 1", 1, "the file ends in the middle of this line (no newline): the recording was cut short"),
        ("touchcanvas-recording 1\n", 1, "the header has no 'size W H' line"),
        ("touchcanvas-recording 1\nsize 800 600\n0 1 frame\n", 3, "the header has no 'scale N' line"),
        ("touchcanvas-recording 1\nsize 0 600\n", 2, "width '0' is not an integer 1…16384"),
        ("touchcanvas-recording 1\nsize 800 99999999999999999999\n", 2, "height '99999999999999999999' is not an integer 1…16384"),
        ("touchcanvas-recording 1\nscale 64\n", 2, "scale '64' is not an integer 1…8"),
        ("touchcanvas-recording 1\nsize 8 8\nsize 8 8\n", 3, "the header has two 'size' lines"),
        ("touchcanvas-recording 1\nscene sketch\n", 2, "unknown scene 'sketch' (expected one of spots, canvas, draw, trace, gestures, inspect, targets, latency)"),
        ("touchcanvas-recording 1\nseat 1 a\nseat 1 b\n", 3, "seat 1 is declared twice"),
        ("touchcanvas-recording 1\ncolour red\n", 2, "unknown header line 'colour'"),
        ("touchcanvas-recording 2\nwriter touchcanvas 0.1.0\n", 2, "'writer' is a header line of format version 3; this file says version 2"),
        ("touchcanvas-recording 3\nwriter a 1\nwriter b 2\n", 3, "the header has two 'writer' lines"),
        ("touchcanvas-recording 3\nwriter\n", 2, "expected 'writer NAME'"),
        (header + "0 1 frame\nsize 8 8\n", 5, "header line 'size' after the first event (events start with their time)"),
        (header + "# fine\n\n12 1 mtion 0 1 2\n", 6, "unknown event 'mtion'"),
        (header + "0 1 down 0 1\n", 4, "expected 'down ID X Y'"),
        (header + "0 1 down 0 nan 1\n", 4, "x 'nan' is not a finite decimal number"),
        (header + "0 1 down 0 1 inf\n", 4, "y 'inf' is not a finite decimal number"),
        (header + "0 1 down 0 1e400 1\n", 4, "x '1e400' is not a finite number"),
        (header + "0 1 down 0 0x10 1\n", 4, "x '0x10' is not a finite decimal number"),
        (header + "0 1 down 0 9000000 1\n", 4, "x 9000000 is out of range (-8388608…8388608)"),
        (header + "0 1 down 2147483648 1 1\n", 4, "touch id '2147483648' is not an integer -2147483648…2147483647"),
        (header + "0 -1 frame\n", 4, "seat '-1' is not an id 0…4294967295 or '-'"),
        (header + "0 4294967296 frame\n", 4, "seat '4294967296' is not an id 0…4294967295 or '-'"),
        (header + "0 - frame\n", 4, "'frame' needs a seat id, not '-'"),
        (header + "0 1 display-frame\n", 4, "'display-frame' is a window event: its seat must be '-'"),
        (header + "0 - display-frame 51\n", 4, "prediction interval 51 is out of range (0…50)"),
        (header + "5 1 frame\n4 1 frame\n", 5, "time 4 is before the previous line's 5"),
        (header + "4294967296 1 frame\n", 4, "time 4294967296 is out of range (0…4294967295)"),
        (header + "1.5.2 1 frame\n", 4, "time '1.5.2' is not a finite decimal number"),
        (header + "-1 1 frame\n", 4, "time -1 is out of range (0…4294967295)"),
        (header + "nan 1 frame\n", 4, "time 'nan' is not a finite decimal number"),
        (header + "0 1 pointer-button 272 clicked\n", 4, "expected 'pressed' or 'released', not 'clicked'"),
        (header + "0 1 capability keyboard lost\n", 4, "unknown capability 'keyboard' (expected touch or pointer)"),
        (header + "0 1 capability touch found\n", 4, "expected 'capability touch lost'"),
        (header + "0 - configure 800 0\n", 4, "height '0' is not an integer 1…16384"),
        (header + "0 - scale 1.5\n", 4, "scale '1.5' is not an integer 1…8"),
        (header + "0 1 frame extra\n", 4, "expected 'frame'"),
        (header + "0 1\n", 4, "expected 'TIME SEAT EVENT …'"),
        (header + "0 1 frame\n0 1 up 0", 5, "the file ends in the middle of this line (no newline): the recording was cut short"),
        // The key events came with version 2.
        (header + "0 - clear\n", 4, "'clear' is an event of format version 2; this file says version 1"),
        (header2 + "0 1 clear\n", 4, "'clear' is a window event: its seat must be '-'"),
        (header2 + "0 - undo 3\n", 4, "expected 'undo'"),
        (header2 + "0 - scene\n", 4, "expected 'scene NAME'"),
        (header2 + "0 - scene sketch\n", 4, "unknown scene 'sketch' (expected one of spots, canvas, draw, trace, gestures, inspect, targets, latency)"),
        // The pen came with version 3; a misspelt pen line is unknown whatever the version.
        (header2 + "0 1 tool-down 1\n", 4, "'tool-down' is an event of format version 3; this file says version 2"),
        (header + "0 1 tablet-removed 1\n", 4, "'tablet-removed' is an event of format version 3; this file says version 1"),
        (header2 + "0 1 tool-dwn 1\n", 4, "unknown event 'tool-dwn'"),
        (header2 + "0 - palm-rejection off\n", 4, "'palm-rejection' is an event of format version 3; this file says version 2"),
        (header3 + "0 - palm-rejection maybe\n", 4, "expected 'palm-rejection on' or 'palm-rejection off'"),
        (header3 + "0 - palm-rejection\n", 4, "expected 'palm-rejection on|off'"),
        (header3 + "0 1 palm-rejection on\n", 4, "'palm-rejection' is a window event: its seat must be '-'"),
        (header3 + "0 - tool-frame 1\n", 4, "'tool-frame' needs a seat id, not '-'"),
        (header3 + "0 1 tool-frame\n", 4, "expected 'tool-frame TOOL'"),
        (header3 + "0 1 tool-frame 1 2\n", 4, "expected 'tool-frame TOOL'"),
        (header3 + "0 1 tool-down -1\n", 4, "tool id '-1' is not an integer 0…4294967295"),
        (header3 + "0 1 tool-up 4294967296\n", 4, "tool id '4294967296' is not an integer 0…4294967295"),
        (header3 + "0 1 tool-proximity-in 1\n", 4, "expected 'tool-proximity-in TOOL TABLET'"),
        (header3 + "0 1 tool-proximity-in 1 x\n", 4, "tablet id 'x' is not an integer 0…4294967295"),
        (header3 + "0 1 tool-proximity-out 1 1\n", 4, "expected 'tool-proximity-out TOOL'"),
        (header3 + "0 1 tool-motion 1 5\n", 4, "expected 'tool-motion TOOL X Y'"),
        (header3 + "0 1 tool-motion 1 nan 5\n", 4, "x 'nan' is not a finite decimal number"),
        (header3 + "0 1 tool-motion 1 5 9000000\n", 4, "y 9000000 is out of range (-8388608…8388608)"),
        (header3 + "0 1 tool-pressure 1 -3\n", 4, "pressure '-3' is not an integer 0…4294967295"),
        (header3 + "0 1 tool-pressure 1 0.5\n", 4, "pressure '0.5' is not an integer 0…4294967295"),
        (header3 + "0 1 tool-distance 1 4294967296\n", 4, "distance '4294967296' is not an integer 0…4294967295"),
        (header3 + "0 1 tool-tilt 1 inf 0\n", 4, "tilt x 'inf' is not a finite decimal number"),
        (header3 + "0 1 tool-tilt 1 0 1e9\n", 4, "tilt y 1e9 is out of range (-8388608…8388608)"),
        (header3 + "0 1 tool-tilt 1 0\n", 4, "expected 'tool-tilt TOOL X Y'"),
        (header3 + "0 1 tool-rotation 1 0x5\n", 4, "rotation '0x5' is not a finite decimal number"),
        (header3 + "0 1 tool-button 1 331\n", 4, "expected 'tool-button TOOL BUTTON pressed|released'"),
        (header3 + "0 1 tool-button 1 331 clicked\n", 4, "expected 'pressed' or 'released', not 'clicked'"),
        (header3 + "0 1 tool-button 1 -331 pressed\n", 4, "button '-331' is not an integer 0…4294967295"),
        (header3 + "0 1 tool-removed\n", 4, "expected 'tool-removed TOOL'"),
        (header3 + "0 1 tablet-removed 1 2\n", 4, "expected 'tablet-removed TABLET'"),
        (header3 + "0 1 tool-foreign-proximity-in x\n", 4, "tool id 'x' is not an integer 0…4294967295"),
        (header3 + "0 1 tool-added 1 pen 1 1\n", 4, "expected 'tool-added TOOL TYPE SERIAL WACOM-ID AXES'"),
        (header3 + "0 1 tool-added 1 pen 1 1 - extra\n", 4, "expected 'tool-added TOOL TYPE SERIAL WACOM-ID AXES'"),
        (header3 + "0 1 tool-added 1 pen 1 1 - extra more and more fields\n", 4, "expected 'tool-added TOOL TYPE SERIAL WACOM-ID AXES'"),
        (header3 + "0 1 tool-added 1 crayon - - -\n", 4, "unknown tool type 'crayon' (expected one of pen, eraser, brush, pencil, airbrush, finger, mouse, lens)"),
        (header3 + "0 1 tool-added 1 pen 18446744073709551616 - -\n", 4, "hardware serial '18446744073709551616' is not '-' or an integer 0…18446744073709551615"),
        (header3 + "0 1 tool-added 1 pen - x -\n", 4, "wacom id 'x' is not '-' or an integer 0…18446744073709551615"),
        (header3 + "0 1 tool-added 1 pen - - tilt,force\n", 4, "unknown axis 'force' (expected '-' or names from tilt, pressure, distance, rotation, slider, wheel joined by commas)"),
        (header3 + "0 1 tool-added 1 pen - - tilt,\n", 4, "unknown axis '' (expected '-' or names from tilt, pressure, distance, rotation, slider, wheel joined by commas)"),
        (header3 + "0 1 tool-added 1 pen - - tilt,tilt\n", 4, "axis 'tilt' is named twice"),
        (header3 + "0 1 tool-added 1 pen - - " + String(repeating: "tilt,", count: 20) + "tilt\n", 4,
         "axes 'tilt,tilt,tilt,tilt,tilt,tilt,tilt,tilt,…' are not '-' or names from tilt, pressure, distance, rotation, slider, wheel joined by commas"),
        // The touchpad came with version 3 too.
        (header2 + "0 1 touchpad pinch began 2\n", 4, "'touchpad' is an event of format version 3; this file says version 2"),
        (header3 + "0 - touchpad pinch began 2\n", 4, "'touchpad' needs a seat id, not '-'"),
        (header3 + "0 1 touchpad pinch began\n", 4, Self.touchpadForms),
        (header3 + "0 1 touchpad pinch changed 2 1 1 1\n", 4, Self.touchpadForms),
        (header3 + "0 1 touchpad pinch changed 2 1 1 1 0 extra\n", 4, Self.touchpadForms),
        (header3 + "0 1 touchpad pinch changed 2 1 1 1 0 extra more and more fields\n", 4, Self.touchpadForms),
        (header3 + "0 1 touchpad zoom began 2\n", 4, "unknown touchpad gesture 'zoom' (expected swipe, pinch or hold)"),
        (header3 + "0 1 touchpad pinch moved 2\n", 4, "unknown touchpad phase 'moved' (expected began, changed, ended or cancelled)"),
        (header3 + "0 1 touchpad pinch began 2\n1 1 touchpad pinch chnged 2 0 0 1 0\n", 5,
         "unknown touchpad phase 'chnged' (expected began, changed, ended or cancelled)"),
        (header3 + "0 1 touchpad pinch began -1\n", 4, "fingers '-1' is not an integer 0…4294967295"),
        (header3 + "0 1 touchpad pinch began 4294967296\n", 4, "fingers '4294967296' is not an integer 0…4294967295"),
        (header3 + "0 1 touchpad swipe began 2.5\n", 4, "fingers '2.5' is not an integer 0…4294967295"),
        (header3 + "0 1 touchpad pinch changed 2\n", 4, "expected 'touchpad pinch changed FINGERS DX DY SCALE DEG'"),
        (header3 + "0 1 touchpad swipe changed 3 nan 0 1 0\n", 4, "dx 'nan' is not a finite decimal number"),
        (header3 + "0 1 touchpad swipe changed 3 0 inf 1 0\n", 4, "dy 'inf' is not a finite decimal number"),
        (header3 + "0 1 touchpad pinch changed 2 0 0 1e9 0\n", 4, "scale 1e9 is out of range (-8388608…8388608)"),
        (header3 + "0 1 touchpad pinch changed 2 0 0 1 0x5\n", 4, "rotation '0x5' is not a finite decimal number"),
        (header3 + "0 1 touchpad pinch ended 2 0 0 1e400 0\n", 4, "scale '1e400' is not a finite number"),
    ]

    @Test(arguments: cases.indices)
    func refusesWithLineAndReason(index: Int) {
        let (text, line, message) = Self.cases[index]
        do {
            let recording = try RecordingParser.parse(text, file: "recording.txt")
            Issue.record("parsed: \(recording)")
        } catch {
            #expect(error.line == line)
            #expect(error.message == message)
            #expect(error.description == "recording.txt:\(line): \(message)")
        }
    }

    @Test func invalidUTF8IsRefusedByLine() {
        var bytes = Array(Self.header.utf8)
        bytes += [0x30, 0x20, 0x31, 0x20, 0xFF, 0xFE, 0x0A]
        #expect(throws: RecordingError(file: "r", line: 4, message: "the line is not valid UTF-8 text")) {
            try RecordingParser.parse(bytes: bytes, file: "r")
        }
    }

    /// A quoted piece of the file goes to a terminal: its control characters are spelled out,
    /// so a file cannot move the cursor, clear the screen or hide the start of the line.
    @Test func controlCharactersInTheFileAreSpelledOutInTheError() {
        do {
            _ = try RecordingParser.parse("touchcanvas-recording 2\r\r\n", file: "r")
            Issue.record("accepted")
        } catch {
            #expect(error.description == "r:1: '2\\u{D}' is not a recording version")
        }
        do {
            _ = try RecordingParser.parse(Self.header + "0 1 \u{1B}[2Jboom\n", file: "r")
            Issue.record("accepted")
        } catch {
            #expect(error.description.contains("\\u{1B}[2Jboom"), "\(error)")
            #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 }, "\(error)")
        }
    }

    @Test func windowsLineEndsCommentsAndBlankLinesAreFine() throws {
        let text = "touchcanvas-recording 1\r\n# made by hand\r\n\r\nsize 10 20\r\nscale 2\r\n  # indented\r\n0\t1  down 0 1 2\r\n"
        let recording = try RecordingParser.parse(text)
        #expect(recording.width == 10 && recording.height == 20 && recording.scale == 2)
        #expect(recording.events.count == 1)
    }

    @Test func aMissingFileIsNotALineError() {
        do {
            _ = try RecordingParser.parse(contentsOf: "/no/such/file.tcrec")
            Issue.record("parsed a missing file")
        } catch {
            #expect(error.line == 0)
            #expect(error.description == "/no/such/file.tcrec: cannot open the recording: No such file or directory")
        }
        do {
            _ = try RecordingParser.parse(contentsOf: "/tmp")
            Issue.record("parsed a folder")
        } catch {
            #expect(error.description == "/tmp: cannot read the recording: it is a directory, not a regular file")
        }
    }
}
