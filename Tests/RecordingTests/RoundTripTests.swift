import Foundation
import Testing
import TouchCanvasApp
import TouchCanvasConstants
import TouchKit
@testable import Recording

/// What the writer writes, the parser reads back exactly.
@Suite struct RoundTripTests {
    /// Every kind of event, with locations no decimal rounding would survive.
    static let events: [RecordedEvent] = [
        .touch(seat: SeatID(3), .down(id: 0, time: 0, location: Point(x: 0.1 + 0.2, y: 1e-7))),
        .touch(seat: SeatID(3), .shape(id: 0, major: 12.25, minor: 5.000000000000001)),
        .touch(seat: SeatID(3), .orientation(id: 0, degrees: -33.3)),
        .touch(seat: SeatID(3), .frame),
        .touch(seat: SeatID(3), .motion(id: 0, time: 0, location: Point(x: 123456.789012345, y: -0.0))),
        .touch(seat: SeatID(3), .frame),
        .touch(seat: SeatID(3), .down(id: -5, time: 0, location: Point(x: 8388608, y: -8388608))),
        .touch(seat: SeatID(3), .up(id: Int32.max, time: 0)),
        .touch(seat: SeatID(3), .cancel),
        .pointer(seat: SeatID(4), .enter(location: Point(x: 5.5, y: 6))),
        .pointer(seat: SeatID(4), .motion(time: 0, location: Point(x: 7.000244140625, y: 8))),
        .pointer(seat: SeatID(4), .button(time: 0, button: 0x110, pressed: true)),
        .pointer(seat: SeatID(4), .frame),
        .pointer(seat: SeatID(4), .button(time: 0, button: 0x110, pressed: false)),
        .pointer(seat: SeatID(4), .leave),
        .capabilityLost(seat: SeatID(4), .pointer),
        .capabilityLost(seat: SeatID(3), .touch),
        .seatName(seat: SeatID(UInt32.max), "Wacom  tablet #2"),
        .seatRemoved(seat: SeatID(4)),
        .configure(width: 1280, height: 720),
        .scale(2),
        .flush,
        .gestureTimeout,
        .displayFrame(predictionMilliseconds: nil),
        .displayFrame(predictionMilliseconds: 16.25),
        .command(.clear),
        .command(.undo),
        .command(.scene(.gestures)),
        .command(.palmRejection(false)),
        .command(.palmRejection(true)),
        .command(.flashArea(.corner)),
        .command(.flashArea(.window)),
        // The pen (format version 3): every tool event, a tool with no hardware numbers and no
        // axes, and one with the most of each.
        .tabletToolAdded(seat: SeatID(3), tool: TabletToolID(1),
                         TabletToolDescription(type: .pen, hardwareSerial: 42, hardwareIDWacom: 0x802,
                                               capabilities: [.tilt, .pressure, .distance, .rotation])),
        .tabletToolAdded(seat: SeatID(3), tool: TabletToolID(UInt32.max),
                         TabletToolDescription(type: .eraser, capabilities: [])),
        .tabletToolAdded(seat: SeatID(3), tool: TabletToolID(0),
                         TabletToolDescription(type: .lens, hardwareSerial: UInt64.max, hardwareIDWacom: 0,
                                               capabilities: Set(TabletToolCapability.allCases))),
        .tabletTool(seat: SeatID(3), tool: TabletToolID(1), .proximityIn(tablet: TabletID(UInt32.max))),
        .tabletTool(seat: SeatID(3), tool: TabletToolID(1), .motion(location: Point(x: 0.1 + 0.2, y: 300.00390625))),
        .tabletTool(seat: SeatID(3), tool: TabletToolID(1), .distance(65535)),
        .tabletTool(seat: SeatID(3), tool: TabletToolID(1), .frame(time: 0)),
        .tabletTool(seat: SeatID(3), tool: TabletToolID(1), .down),
        .tabletTool(seat: SeatID(3), tool: TabletToolID(1), .pressure(0)),
        .tabletTool(seat: SeatID(3), tool: TabletToolID(1), .pressure(UInt32.max)),
        .tabletTool(seat: SeatID(3), tool: TabletToolID(1), .tilt(x: -45.5, y: 89.99609375)),
        .tabletTool(seat: SeatID(3), tool: TabletToolID(1), .rotation(-0.0)),
        .tabletTool(seat: SeatID(3), tool: TabletToolID(1), .rotation(359.1)),
        .tabletTool(seat: SeatID(3), tool: TabletToolID(1), .button(code: 0x14b, pressed: true)),
        .tabletTool(seat: SeatID(3), tool: TabletToolID(1), .frame(time: 0)),
        .tabletTool(seat: SeatID(3), tool: TabletToolID(1), .button(code: UInt32.max, pressed: false)),
        .tabletTool(seat: SeatID(3), tool: TabletToolID(1), .up),
        .tabletTool(seat: SeatID(3), tool: TabletToolID(1), .proximityOut),
        .tabletTool(seat: SeatID(3), tool: TabletToolID(1), .frame(time: 0)),
        .tabletToolProximityInForeignSurface(seat: SeatID(3), tool: TabletToolID(1)),
        .tabletToolRemoved(seat: SeatID(3), tool: TabletToolID(1)),
        .tabletRemoved(seat: SeatID(3), tablet: TabletID(0)),
        // The touchpad (format version 3): every kind and phase, the fingers' extremes, and a
        // begin with motion, which only a program makes but which replays as it was all the same.
        .touchpad(seat: SeatID(4), RecordedTouchpadGesture(kind: .pinch, phase: .began, fingers: 2)),
        .touchpad(seat: SeatID(4), RecordedTouchpadGesture(kind: .pinch, phase: .changed, fingers: 2,
                                                           delta: Point(x: 0.1 + 0.2, y: -0.0), scale: 1.00390625, rotation: -359.5)),
        .touchpad(seat: SeatID(4), RecordedTouchpadGesture(kind: .pinch, phase: .changed, fingers: 2)),
        .touchpad(seat: SeatID(4), RecordedTouchpadGesture(kind: .pinch, phase: .cancelled, fingers: 2)),
        .touchpad(seat: SeatID(4), RecordedTouchpadGesture(kind: .swipe, phase: .began, fingers: 0)),
        .touchpad(seat: SeatID(4), RecordedTouchpadGesture(kind: .swipe, phase: .changed, fingers: 3,
                                                           delta: Point(x: 8388608, y: -8388608), scale: 0, rotation: 1e-7)),
        .touchpad(seat: SeatID(4), RecordedTouchpadGesture(kind: .swipe, phase: .ended, fingers: Int(UInt32.max))),
        .touchpad(seat: SeatID(4), RecordedTouchpadGesture(kind: .hold, phase: .began, fingers: 4,
                                                           delta: Point(x: 1, y: 2), scale: -3, rotation: 4)),
        .touchpad(seat: SeatID(4), RecordedTouchpadGesture(kind: .hold, phase: .ended, fingers: 4)),
    ]

    /// docs/recording-format.md is the doc comment of `Recording`, for readers of the source tree.
    @Test func formatDocumentMatchesTheDocComment() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let source = try String(contentsOf: root.appendingPathComponent("Sources/Recording/Recording.swift"), encoding: .utf8)
        let comment = source.split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { !$0.hasPrefix("public struct Recording") }
            .filter { $0.hasPrefix("///") }
            .map { $0.hasPrefix("/// ") ? $0.dropFirst(4) : $0.dropFirst(3) }
            .drop { !$0.hasPrefix("A UTF-8 text file") }
            .joined(separator: "\n")
        let document = try String(contentsOf: root.appendingPathComponent("docs/recording-format.md"), encoding: .utf8)
        let body = try #require(document.range(of: "A UTF-8 text file").map { document[$0.lowerBound...] })
        #expect(!comment.isEmpty)
        #expect(body == comment + "\n", "docs/recording-format.md differs from the doc comment of Recording")
        #expect(document.hasPrefix("# TouchCanvas recording format, version \(Recording.currentVersion)\n"))
    }

    @Test func everyEventReadsBackExactly() throws {
        var seconds = 100.0
        let writer = RecordingWriter(width: 640, height: 480, scale: 1,
                                     seats: [RecordedSeat(id: SeatID(3), name: "seat0"),
                                             RecordedSeat(id: SeatID(4), name: "")],
                                     scene: .draw, clock: { seconds })
        for event in Self.events {
            seconds += 0.0041234
            writer.record(event)
        }
        let recording = try RecordingParser.parse(writer.text, file: "round-trip")
        #expect(recording.width == 640 && recording.height == 480 && recording.scale == 1)
        #expect(recording.scene == .draw)
        #expect(recording.seats == [RecordedSeat(id: SeatID(3), name: "seat0"), RecordedSeat(id: SeatID(4), name: "")])
        #expect(recording.events.map(\.event) == Self.events)
        // Times are milliseconds since the writer started, to the microsecond, increasing.
        #expect(recording.events.first?.time == 4.123)
        #expect(recording.events.map(\.time) == recording.events.map(\.time).sorted())
        // Equality says 0 == -0; the bits say the sign survived too.
        guard case let .touch(_, .motion(_, _, location)) = recording.events[4].event else {
            Issue.record("expected a motion")
            return
        }
        #expect(location.y.sign == .minus)
        #expect(location.x.bitPattern == 123456.789012345.bitPattern)
    }

    @Test(arguments: [0.0, 1, 12.5, 0.1, 1e-5, 1e300, -3, 0.30000000000000004, Double.leastNonzeroMagnitude, -0.0, 8388607.99609375])
    func numbersAreShortestAndExact(value: Double) throws {
        let text = RecordingFormat.number(value)
        let back = try #require(Double(text))
        #expect(back.bitPattern == value.bitPattern, "\(text)")
        if value == value.rounded(), abs(value) < 1e15, value.sign == .plus { #expect(!text.contains(".")) }
    }

    /// A recording keeps no compositor timestamps: replay gives each event that has one the
    /// line's time, and leaves the rest of it as it was.
    @Test func replayStampsTheLinesTimeWhereAnEventHasOne() {
        let touches: [(RawTouchInput, RawTouchInput)] = [
            (.down(id: 1, time: 0, location: Point(x: 1, y: 2)), .down(id: 1, time: 5, location: Point(x: 1, y: 2))),
            (.motion(id: 1, time: 9, location: Point(x: 3, y: 4)), .motion(id: 1, time: 5, location: Point(x: 3, y: 4))),
            (.up(id: 1, time: 0), .up(id: 1, time: 5)),
            (.shape(id: 1, major: 2, minor: 1), .shape(id: 1, major: 2, minor: 1)),
            (.orientation(id: 1, degrees: 90), .orientation(id: 1, degrees: 90)), (.frame, .frame), (.cancel, .cancel),
        ]
        for (recorded, replayed) in touches { #expect(recorded.stamped(5) == replayed) }
        let pointers: [(RawPointerInput, RawPointerInput)] = [
            (.enter(location: Point(x: 1, y: 2)), .enter(location: Point(x: 1, y: 2))), (.leave, .leave),
            (.motion(time: 0, location: Point(x: 3, y: 4)), .motion(time: 5, location: Point(x: 3, y: 4))),
            (.button(time: 0, button: 272, pressed: true), .button(time: 5, button: 272, pressed: true)), (.frame, .frame),
        ]
        for (recorded, replayed) in pointers { #expect(recorded.stamped(5) == replayed) }
        let tools: [RawTabletToolInput] = [
            .proximityIn(tablet: TabletID(2)), .proximityOut, .down, .up, .motion(location: Point(x: 1, y: 2)),
            .pressure(3), .distance(4), .tilt(x: 5, y: -6), .rotation(7), .button(code: 0x14b, pressed: true),
        ]
        for tool in tools { #expect(tool.stamped(5) == tool) }
        #expect(RawTabletToolInput.frame(time: 0).stamped(5) == .frame(time: 5))
    }

    /// Every event line's word is written by the writer with as many fields as the table says,
    /// and read back by the parser: the two sides share one table.
    @Test func everyWordInTheTableIsWrittenAndRead() throws {
        let written = Set(Self.events.compactMap { RecordingWriter.line(for: $0).split(separator: " ").dropFirst().first.map(String.init) })
        let words = WindowWord.allCases.map(\.rawValue) + SeatWord.allCases.map(\.rawValue)
        #expect(Set(words).subtracting(written).isEmpty, "words no round-trip event writes: \(Set(words).subtracting(written))")
        for event in Self.events {
            let fields = RecordingWriter.line(for: event).split(separator: " ").dropFirst(2)
            let word = String(RecordingWriter.line(for: event).split(separator: " ")[1])
            let count = WindowWord(rawValue: word)?.fieldCount ?? SeatWord(rawValue: word)?.fieldCount
            if let count { #expect(fields.count == count, "\(word)") }
        }
    }

    /// The session's pen hooks reach the file through the writer's own methods, each as its
    /// line: the protocol's empty defaults would have recorded nothing.
    @MainActor
    @Test func theWritersPenMethodsWriteTheirLines() throws {
        var seconds = 0.0
        let writer = RecordingWriter(width: 100, height: 100, scale: 1, writer: nil, clock: { seconds })
        let recorder: any AppSessionRecorder = writer
        let seat = SeatID(9), tool = TabletToolID(4)
        seconds = 0.001
        recorder.tabletToolAdded(tool, description: TabletToolDescription(type: .pen, hardwareSerial: 7,
                                                                          capabilities: [.pressure, .tilt]), seat: seat)
        recorder.tabletTool(.proximityIn(tablet: TabletID(2)), tool: tool, seat: seat)
        recorder.tabletTool(.motion(location: Point(x: 10.5, y: 20)), tool: tool, seat: seat)
        recorder.tabletTool(.down, tool: tool, seat: seat)
        recorder.tabletTool(.pressure(32768), tool: tool, seat: seat)
        recorder.tabletTool(.tilt(x: 30, y: -12.5), tool: tool, seat: seat)
        recorder.tabletTool(.distance(0), tool: tool, seat: seat)
        recorder.tabletTool(.rotation(90), tool: tool, seat: seat)
        recorder.tabletTool(.button(code: 331, pressed: true), tool: tool, seat: seat)
        recorder.tabletTool(.frame(time: 123456), tool: tool, seat: seat)
        recorder.tabletTool(.up, tool: tool, seat: seat)
        recorder.tabletTool(.proximityOut, tool: tool, seat: seat)
        recorder.tabletToolProximityInForeignSurface(tool, seat: seat)
        recorder.tabletToolRemoved(tool, seat: seat)
        recorder.tabletRemoved(TabletID(2), seat: seat)
        let events = writer.text.split(separator: "\n").drop { !$0.hasPrefix("1 ") }
        #expect(Array(events) == [
            "1 9 tool-added 4 pen 7 - tilt,pressure",
            "1 9 tool-proximity-in 4 2",
            "1 9 tool-motion 4 10.5 20",
            "1 9 tool-down 4",
            "1 9 tool-pressure 4 32768",
            "1 9 tool-tilt 4 30 -12.5",
            "1 9 tool-distance 4 0",
            "1 9 tool-rotation 4 90",
            "1 9 tool-button 4 331 pressed",
            "1 9 tool-frame 4",
            "1 9 tool-up 4",
            "1 9 tool-proximity-out 4",
            "1 9 tool-foreign-proximity-in 4",
            "1 9 tool-removed 4",
            "1 9 tablet-removed 2",
        ])
    }

    /// A tool's `frame` ends a batch as a touch `frame` does, so a pen session is on disk a
    /// sample at a time, not only when the writer closes.
    @Test func aToolFrameEndsABatch() throws {
        let path = Self.scratchPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try RecordingWriter(path: path, width: 100, height: 100, scale: 1, clock: { 0 })
        writer.tabletTool(.proximityIn(tablet: TabletID(1)), tool: TabletToolID(1), seat: SeatID(1))
        #expect(try RecordingParser.parse(contentsOf: path).events.isEmpty)
        writer.tabletTool(.frame(time: 1), tool: TabletToolID(1), seat: SeatID(1))
        #expect(try RecordingParser.parse(contentsOf: path).events.count == 2)
        try writer.close()
    }

    /// The pen example in the format's document reads as the document says.
    @Test func theDocumentsPenExampleReads() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let document = try String(contentsOf: root.appendingPathComponent("docs/recording-format.md"), encoding: .utf8)
        let start = try #require(document.range(of: "40 7 tool-added"))
        let end = try #require(document.range(of: "```", range: start.lowerBound..<document.endIndex))
        let recording = try RecordingParser.parse("touchcanvas-recording 3\nsize 800 600\nscale 1\n"
            + document[start.lowerBound..<end.lowerBound])
        #expect(recording.events.count == 16)
        #expect(recording.events.first?.event == .tabletToolAdded(
            seat: SeatID(7), tool: TabletToolID(1),
            TabletToolDescription(type: .pen, hardwareSerial: 42, capabilities: [.tilt, .pressure, .distance])))
    }

    /// A file can be traced to the build that wrote it: the line under the magic says so.
    @Test func theHeaderNamesTheBuildThatWroteIt() throws {
        let writer = RecordingWriter(width: 10, height: 10, scale: 1, clock: { 0 })
        let lines = writer.text.split(separator: "\n")
        #expect(lines.prefix(2) == ["touchcanvas-recording \(Recording.currentVersion)", "writer touchcanvas \(TouchCanvasVersion.current)"])
        #expect(try RecordingParser.parse(writer.text).writer == "touchcanvas \(TouchCanvasVersion.current)")
        let named = RecordingWriter(width: 10, height: 10, scale: 1, writer: " tc-gen\t2.0\n", clock: { 0 })
        #expect(try RecordingParser.parse(named.text).writer == "tc-gen 2.0\u{FFFD}", "one line, whatever the name")
    }

    /// Files from before the writer line (format 1 and 2), and a writer told to leave it out,
    /// still read, with no writer.
    @Test func aFileWithoutAWriterLineStillReads() throws {
        for version in 1...Recording.currentVersion {
            let recording = try RecordingParser.parse("touchcanvas-recording \(version)\nsize 8 8\nscale 1\n0 1 frame\n")
            #expect(recording.version == version && recording.writer == nil && recording.events.count == 1)
        }
        let anonymous = RecordingWriter(width: 10, height: 10, scale: 1, writer: nil, clock: { 0 })
        #expect(!anonymous.text.contains("writer"))
        #expect(try RecordingParser.parse(anonymous.text).writer == nil)
    }

    /// The format's size range is the app's: the document says the same number.
    @Test func sidesAreTheWindowsLimit() throws {
        #expect(RecordingFormat.sides == BufferLimits.logicalSides)
        #expect(try RecordingParser.parse("touchcanvas-recording 3\nsize \(BufferLimits.maximumSide) 1\nscale 1\n").width == BufferLimits.maximumSide)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Recording/Recording.swift"), encoding: .utf8)
        #expect(source.contains("`size W H` | required: the surface's logical size, integers 1…\(BufferLimits.maximumSide) |"))
        #expect(source.contains("the surface's new logical size (1…\(BufferLimits.maximumSide))"))
    }

    @Test func namesWithControlCharactersStayOnTheirLine() throws {
        let writer = RecordingWriter(width: 10, height: 10, scale: 1,
                                     seats: [RecordedSeat(id: SeatID(1), name: " evil\nsize 1 1\t")], clock: { 0 })
        writer.seatName("two\r\nlines", for: SeatID(1))
        let recording = try RecordingParser.parse(writer.text)
        #expect(recording.seats.first?.name == "evil\u{FFFD}size 1 1")
        #expect(recording.events.first?.event == .seatName(seat: SeatID(1), "two\u{FFFD}\u{FFFD}lines"))
    }

    @Test func valuesOutsideTheFormatAreClampedSoTheFileAlwaysReadsBack() throws {
        var seconds = 10.0
        let writer = RecordingWriter(width: 0, height: 100_000, scale: 99, clock: { seconds })
        writer.touch(.down(id: 1, time: 0, location: Point(x: .nan, y: 1e12)), seat: SeatID(1))
        seconds = 5  // a clock going backwards does not make time go backwards
        writer.touch(.frame, seat: SeatID(1))
        writer.record(.displayFrame(predictionMilliseconds: .infinity))
        writer.record(.displayFrame(predictionMilliseconds: 900))
        writer.record(.configure(width: -1, height: 1 << 40))
        let recording = try RecordingParser.parse(writer.text)
        #expect(recording.width == 1 && recording.height == 16384 && recording.scale == 8)
        #expect(recording.events.map(\.event) == [
            .touch(seat: SeatID(1), .down(id: 1, time: 0, location: Point(x: 0, y: 8388608))),
            .touch(seat: SeatID(1), .frame),
            .displayFrame(predictionMilliseconds: nil),
            .displayFrame(predictionMilliseconds: 50),
            .configure(width: 1, height: 16384),
        ])
        #expect(recording.events.allSatisfy { $0.time == 0 })
    }

    /// A fresh recording's path in the temporary folder; the test removes it.
    static func scratchPath() -> String {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("recording-\(UInt32.random(in: 0 ... .max)).tcrec").path
    }

    @Test func writesToAFileAtEachBatch() throws {
        let path = Self.scratchPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        var seconds = 0.0
        let writer = try RecordingWriter(path: path, width: 320, height: 200, scale: 2, clock: { seconds })
        seconds = 0.010
        writer.touch(.down(id: 0, time: 1, location: Point(x: 10, y: 20)), seat: SeatID(2))
        // Not a batch end yet: only the header is in the file.
        #expect(try RecordingParser.parse(contentsOf: path).events.isEmpty)
        writer.touch(.frame, seat: SeatID(2))
        #expect(try RecordingParser.parse(contentsOf: path).events.count == 2)
        writer.displayFrame(predictionInterval: 0.004)
        try writer.close()
        let recording = try RecordingParser.parse(contentsOf: path)
        #expect(recording.events.last == TimedEvent(time: 10, event: .displayFrame(predictionMilliseconds: 4)))
    }

    /// A session longer than replay reads keeps its first part, whole batches, and says so:
    /// the file stays one replay takes, rather than growing into one it refuses.
    @Test func aRecordingStopsGrowingAtTheSizeReplayReads() throws {
        let path = Self.scratchPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        var seconds = 0.0
        let writer = try RecordingWriter(path: path, width: 320, height: 200, scale: 1, clock: { seconds })
        writer.maximumFileSize = 400
        var told: [String] = []
        writer.onWriteError = { told.append($0.reason) }
        for i in 0..<40 {
            seconds = Double(i) / 100
            writer.touch(.motion(id: 0, time: 0, location: Point(x: Double(i), y: 20)), seat: SeatID(1))
            writer.touch(.frame, seat: SeatID(1))
        }
        #expect(told.count == 1, "told once, while recording: \(told)")
        #expect(throws: RecordingWriter.WriteError.self) { try writer.close() }
        #expect(told.count == 1)
        #expect(writer.writeError?.description.contains("reached the most a recording holds (400 bytes)") == true,
                "\(String(describing: writer.writeError))")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size <= 400 && size > 300, "\(size) bytes")
        let recording = try RecordingParser.parse(contentsOf: path)
        #expect(recording.events.count > 10 && recording.events.count % 2 == 0, "whole batches: \(recording.events.count)")
        #expect(recording.events.last?.event == .touch(seat: SeatID(1), .frame))
    }

    @Test func aWriterThatCannotCreateItsFileSaysWhy() {
        #expect(throws: RecordingWriter.WriteError.self) {
            try RecordingWriter(path: "/no/such/folder/x.tcrec", width: 1, height: 1, scale: 1)
        }
        do {
            _ = try RecordingWriter(path: "/no/such/folder/x.tcrec", width: 1, height: 1, scale: 1)
        } catch {
            #expect(error.description == "cannot write recording \"/no/such/folder/x.tcrec\": folder \"/no/such/folder\" does not exist (ENOENT)")
        }
    }
}
