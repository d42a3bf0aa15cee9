import Rendering
import Foundation
import Testing
import TouchCanvasApp
import TouchKit
@testable import Recording
import TouchCanvasTesting

/// Replay is headless and depends on the file alone.
@MainActor
@Suite struct ReplayTests {
    static let purple = PixelColor(rgb: 0x34329C)
    static let spotGrey = PixelColor(rgb: 0xAAAAAA)

    /// One finger down at (100, 100) in the spots scene, a display frame at `frameTime` ms.
    func spotRecording(frameTime: Double) throws -> Recording {
        try RecordingParser.parse("""
            touchcanvas-recording 1
            size 200 200
            scale 1
            0 1 down 0 100 100
            0 1 frame
            \(frameTime) - display-frame

            """)
    }

    /// Radius of the grey spot along the row through its centre.
    func spotRadius(_ pixels: PixelBuffer) -> Int {
        (0..<100).first { pixels.pixel(x: 100 + $0, y: 100) != Self.spotGrey } ?? 100
    }

    /// A straight stroke along row `y` from x 20 to 180 by finger `id`, then lifted and drawn.
    func strokeLines(y: Int, id: Int, at time: Int) -> String {
        (0...8).map { i in
            let kind = i == 0 ? "down \(id) 20 \(y)" : "motion \(id) \(20 + i * 20) \(y)"
            return "\(time + i) 1 \(kind)\n\(time + i) 1 frame\n"
        }.joined() + "\(time + 9) 1 up \(id)\n\(time + 9) 1 frame\n\(time + 10) - display-frame\n"
    }

    func commandRecording(_ body: String) throws -> PixelBuffer {
        let recording = try RecordingParser.parse("touchcanvas-recording 2\nsize 200 200\nscale 1\nscene trace\n" + body)
        return try Replayer(recording: recording).run()
    }

    func inked(_ pixels: PixelBuffer, y: Int) -> Bool { pixels.pixel(x: 100, y: y) == Self.purple }

    @Test func undoAndClearLinesDoWhatTheKeysDid() throws {
        let undone = try commandRecording(strokeLines(y: 50, id: 0, at: 0) + strokeLines(y: 150, id: 1, at: 20) + "40 - undo\n")
        #expect(inked(undone, y: 50) && !inked(undone, y: 150), "the last stroke undone")
        let cleared = try commandRecording(strokeLines(y: 50, id: 0, at: 0) + "15 - clear\n" + strokeLines(y: 150, id: 1, at: 20))
        #expect(!inked(cleared, y: 50) && inked(cleared, y: 150), "cleared, then drawn again")
        let plain = try commandRecording(strokeLines(y: 50, id: 0, at: 0) + strokeLines(y: 150, id: 1, at: 20))
        #expect(inked(plain, y: 50) && inked(plain, y: 150), "without the lines both strokes stay")
    }

    /// A file holding thousands of fingers down at once replays the first
    /// `maximumActiveTouches` and reports each finger beyond them once; every delivery carried
    /// every finger, and four thousand of them took replay minutes.
    @Test func fingersBeyondTheLimitAreReportedNotReplayed() throws {
        let downs = (0..<1000).map { "0 1 down \($0) \(10 + $0 % 180) \(10 + $0 / 6)\n0 1 frame\n" }.joined()
        let recording = try RecordingParser.parse("touchcanvas-recording 2\nsize 200 200\nscale 1\nscene spots\n"
            + downs + "1 - display-frame\n")
        var kinds: [String] = []
        var began = 0
        let replayer = Replayer(recording: recording)
        replayer.onAnomaly = { kinds.append($0.kind) }
        replayer.onDeliver = { event in began += event.allTouches.filter { $0.phase == .began }.count }
        _ = try replayer.run()
        let limit = TouchInputMachine.maximumActiveTouches
        #expect(began == limit)
        #expect(kinds.count == 1000 - limit && Set(kinds) == ["too-many-touches"], "\(Set(kinds))")
    }

    @Test func aSceneLineStartsTheNewSceneAndCancelsTouchesInFlight() throws {
        var delivered: [String] = []
        let recording = try RecordingParser.parse("touchcanvas-recording 2\nsize 200 200\nscale 1\nscene trace\n"
            + strokeLines(y: 50, id: 0, at: 0)
            + "20 1 down 1 30 150\n20 1 frame\n21 - scene draw\n22 1 motion 1 60 150\n22 1 frame\n23 - display-frame\n")
        let replayer = Replayer(recording: recording)
        replayer.onDeliver = { event in
            for touch in event.allTouches where touch.identifier == 1 { delivered.append("\(touch.phase)") }
        }
        let pixels = try replayer.run()
        #expect(!inked(pixels, y: 50), "the draw scene starts empty")
        #expect(delivered.last == "cancelled", "the finger down at the switch: \(delivered)")
        #expect(pixels.pixel(x: 45, y: 150) == PixelColor(rgb: 0xFFFFFF), "its later motion draws nothing in the new scene")
    }

    /// A pen recording as the app's writer makes it: the tool announced, in range at (40, 100),
    /// down, then along row 100 to x 360 with its pressure rising from 0.1 to 1.0, and (when
    /// `lifted`) up; otherwise taken out of range while still down.
    func penRecording(lifted: Bool) -> String {
        var seconds = 0.0
        let writer = RecordingWriter(width: 400, height: 200, scale: 1, seats: [RecordedSeat(id: SeatID(1), name: "seat0")],
                                     scene: .trace, clock: { seconds })
        let seat = SeatID(1), tool = TabletToolID(1)
        func send(_ events: RawTabletToolInput...) {
            for event in events { writer.tabletTool(event, tool: tool, seat: seat) }
            writer.tabletTool(.frame(time: UInt32(seconds * 1000)), tool: tool, seat: seat)
            seconds += 0.005
        }
        writer.tabletToolAdded(tool, description: TabletToolDescription(type: .pen, hardwareSerial: 42,
                                                                        capabilities: [.pressure, .tilt, .distance]), seat: seat)
        send(.proximityIn(tablet: TabletID(1)), .motion(location: Point(x: 40, y: 100)))
        send(.down, .pressure(6553))
        for step in 1...32 {
            send(.motion(location: Point(x: 40 + Double(step) * 10, y: 100)),
                 .pressure(UInt32((0.1 + 0.9 * Double(step) / 32) * 65535)))
            if step % 3 == 0 { writer.displayFrame(predictionInterval: nil) }
        }
        if lifted { send(.up) }
        send(.proximityOut)
        writer.displayFrame(predictionInterval: nil)
        return writer.text
    }

    /// Rows of column `x` with ink, around row 100.
    func inkedRows(_ pixels: PixelBuffer, x: Int) -> Int {
        (70...130).filter { pixels.pixel(x: x, y: $0) != PixelColor(rgb: 0xFFFFFF) }.count
    }

    @Test func aRecordedPenStrokeReplaysWithItsPressure() throws {
        let text = penRecording(lifted: true)
        #expect(text.contains(" tool-pressure 1 65535\n") && text.hasPrefix("touchcanvas-recording 3\n"))
        let pixels = try Replayer(recording: try RecordingParser.parse(text)).run()
        let start = inkedRows(pixels, x: 45), end = inkedRows(pixels, x: 355)
        #expect(start > 0 && end >= 3 * start, "start \(start) rows, end \(end) rows")
        for x in stride(from: 40, through: 360, by: 4) {
            #expect(inkedRows(pixels, x: x) > 0, "a gap at x = \(x)")
        }
        let again = try Replayer(recording: try RecordingParser.parse(text)).run()
        #expect(rowBytes(again) == rowBytes(pixels), "the same file, the same bytes")
    }

    @Test func aPenStrokeCancelledByProximityOutReplaysWithNoInk() throws {
        let text = penRecording(lifted: false)
        #expect(!text.contains("tool-up"))
        var anomalies: [String] = []
        let replayer = Replayer(recording: try RecordingParser.parse(text))
        replayer.onAnomaly = { anomalies.append($0.kind) }
        let pixels = try replayer.run()
        #expect(stride(from: 40, through: 360, by: 4).allSatisfy { inkedRows(pixels, x: $0) == 0 }, "no ink of the cancelled stroke")
        #expect(anomalies == ["proximity-out-while-down"], "\(anomalies)")
    }

    /// An eraser announced before `--record` started (at launch) still erases in the replay:
    /// the writer lists the tools the session knew, where a replay without them takes the
    /// eraser for a pen and draws.
    @Test func toolsKnownBeforeTheRecordingStartedKeepTheirKind() throws {
        func replay(listingTools: Bool) throws -> PixelBuffer {
            let session = AppSession(.init(scene: .trace, width: 400, height: 200))
            let seat = SeatID(1), tool = TabletToolID(5)
            session.tabletToolAdded(tool, description: TabletToolDescription(type: .eraser, capabilities: [.pressure]), seat: seat)
            var seconds = 0.0
            let writer = RecordingWriter(width: 400, height: 200, scale: 1, scene: .trace, clock: { seconds })
            if listingTools { writer.recordTools(of: session, seats: [seat, SeatID(2)]) }
            session.startRecording(into: writer, scale: 1)
            seconds = 0.01
            session.handle(.proximityIn(tablet: TabletID(1)), tool: tool, seat: seat)
            session.handle(.motion(location: Point(x: 40, y: 100)), tool: tool, seat: seat)
            session.handle(.down, tool: tool, seat: seat)
            session.handle(.frame(time: 10), tool: tool, seat: seat)
            for step in 1...10 {
                seconds += 0.005
                session.handle(.motion(location: Point(x: 40 + Double(step) * 30, y: 100)), tool: tool, seat: seat)
                session.handle(.frame(time: UInt32(seconds * 1000)), tool: tool, seat: seat)
            }
            session.handle(.up, tool: tool, seat: seat)
            session.handle(.frame(time: 70), tool: tool, seat: seat)
            if listingTools {
                #expect(writer.text.contains("\n0 1 tool-added 5 eraser - - pressure\n"), "\(writer.text)")
            }
            return try Replayer(recording: try RecordingParser.parse(writer.text)).run()
        }
        let listed = try replay(listingTools: true)
        #expect(stride(from: 40, through: 340, by: 20).allSatisfy { inkedRows(listed, x: $0) == 0 }, "the eraser drew nothing")
        let unlisted = try replay(listingTools: false)
        #expect(inkedRows(unlisted, x: 200) > 0, "without the line, the eraser replays as a pen: why the lines are written")
    }

    /// A pen already in range (hovering, tilted) when the recording starts is written as in range,
    /// so the stroke it draws after is replayed as drawn, pixel for pixel; without those lines the
    /// replay ignored the pen until it left and came back.
    @Test func aPenInRangeWhenTheRecordingStartsIsWrittenInRange() throws {
        let session = AppSession(.init(scene: .trace, width: 400, height: 200, showsOverlays: false))
        let seat = SeatID(1), tool = TabletToolID(3), tablet = TabletID(2)
        session.tabletToolAdded(tool, description: TabletToolDescription(type: .pen, capabilities: [.pressure, .tilt, .distance]), seat: seat)
        session.handle(.proximityIn(tablet: tablet), tool: tool, seat: seat)
        session.handle(.motion(location: Point(x: 30, y: 90)), tool: tool, seat: seat)
        session.handle(.distance(9000), tool: tool, seat: seat)
        session.handle(.tilt(x: 20, y: -5), tool: tool, seat: seat)
        session.handle(.frame(time: 5), tool: tool, seat: seat)
        var seconds = 0.0
        let writer = RecordingWriter(width: 400, height: 200, scale: 1, seats: [RecordedSeat(id: seat, name: "seat0")],
                                     scene: .trace, clock: { seconds })
        writer.recordTools(of: session, seats: [seat])
        session.startRecording(into: writer, scale: 1)
        seconds = 0.01
        session.handle(.down, tool: tool, seat: seat)
        session.handle(.pressure(30000), tool: tool, seat: seat)
        session.handle(.frame(time: 15), tool: tool, seat: seat)
        for step in 1...12 {
            seconds += 0.005
            session.handle(.motion(location: Point(x: 30 + Double(step) * 28, y: 90 + Double(step % 3))), tool: tool, seat: seat)
            session.handle(.frame(time: UInt32(15 + step * 5)), tool: tool, seat: seat)
        }
        session.handle(.up, tool: tool, seat: seat)
        session.handle(.frame(time: 80), tool: tool, seat: seat)
        for line in ["0 1 tool-proximity-in 3 2", "0 1 tool-motion 3 30 90", "0 1 tool-distance 3 9000", "0 1 tool-tilt 3 20 -5", "0 1 tool-frame 3"] {
            #expect(writer.text.contains("\n\(line)\n"), "\(line) in \(writer.text)")
        }
        let replayed = try Replayer(recording: try RecordingParser.parse(writer.text)).run()
        #expect(inkedRows(replayed, x: 200) > 0, "the stroke drawn after the recording began")
    }

    /// A long press held until the app's timer fires it, with no input after it: the file says
    /// when the time-out fired (`gesture-timeout`), and the replay's frames show the placard turn
    /// plum at those frames, as the session showed it, pixel for pixel.
    @Test func aLongPressFiredByTheTimerAloneReplaysAsShown() throws {
        var seconds = 10.0
        let session = AppSession(.init(scene: .gestures, width: 600, height: 400, showsOverlays: false,
                                          clock: { seconds }))
        let seat = SeatID(1)
        let writer = RecordingWriter(width: 600, height: 400, scale: 1, seats: [RecordedSeat(id: seat, name: "seat0")],
                                     scene: .gestures, clock: { seconds })
        session.startRecording(into: writer, scale: 1)
        session.handle(RawTouchInput.down(id: 0, time: 10_000, location: Point(x: 300, y: 200)), seat: seat)
        session.handle(RawTouchInput.frame, seat: seat)
        let shown = try PixelBuffer(width: 600, height: 400, format: .xrgb8888)
        var age = 0
        func frame(at time: Double) {
            seconds = time
            _ = session.displayFrame(into: shown, scale: 1, bufferAge: age)
            age = 1
        }
        frame(at: 10.016)
        // The app's timer, at the deadline the session asked for; frames until the placard's
        // animation is over.
        let deadline = try #require(session.nextGestureDeadline)
        seconds = deadline + 0.002
        session.advanceGestures()
        for step in 1...20 { frame(at: deadline + 0.002 + Double(step) / 60) }
        let plum = PixelColor(rgb: 0x8C2E5E)
        #expect(shown.pixel(x: 200, y: 200) == plum, "the placard turned plum live")
        #expect(writer.text.contains(" - gesture-timeout\n"), "\(writer.text)")
        let replayed = try Replayer(recording: try RecordingParser.parse(writer.text)).run()
        #expect(differences(shown, replayed).isEmpty)
    }

    @Test func spotGrowthFollowsTheRecordingsClockNotTheWallClock() throws {
        let early = try Replayer(recording: spotRecording(frameTime: 50), scene: .spots).run()
        let late = try Replayer(recording: spotRecording(frameTime: 400), scene: .spots).run()
        let earlyRadius = spotRadius(early)
        #expect(earlyRadius > 1 && earlyRadius < 45, "part-grown at 50 ms: \(earlyRadius)")
        #expect((49...51).contains(spotRadius(late)), "full 100 px diameter after 0.2 s: \(spotRadius(late))")
    }

    @Test(arguments: RecordingGenerator.all.map(\.name))
    func theSameFileGivesTheSameBytes(name: String) throws {
        let recording = try RecordingParser.parse(contentsOf: RecordingGenerator.folder.appendingPathComponent(name).path)
        let first = try Replayer(recording: recording).run()
        let second = try Replayer(recording: recording).run()
        let replayer = Replayer(recording: recording)
        _ = try replayer.run()
        let third = try replayer.run()  // a replayer can run again, from scratch
        #expect(first.width == second.width && first.height == second.height)
        let bytes = rowBytes(first)
        #expect(bytes == rowBytes(second))
        #expect(bytes == rowBytes(third))
    }

    /// The app's time-based logic (spots growing, the inspector's rates, double-tap and long-press
    /// time-outs, coalescing by event time) run with the monotonic clock two milliseconds after
    /// boot, where a time a while back is below zero, and a day and a half after it: the same
    /// deliveries, the same pixels. A machine booted a minute ago is covered for good.
    @Test(arguments: RecordingGenerator.all.map(\.name))
    func justAfterBootDrawsWhatADayLaterDraws(name: String) throws {
        let recording = try RecordingParser.parse(contentsOf: RecordingGenerator.folder.appendingPathComponent(name).path)
        func replay(from start: TimeInterval) throws -> (pixels: [UInt8], phases: [String]) {
            let replayer = Replayer(recording: recording)
            replayer.startTime = start
            var phases: [String] = []
            replayer.onDeliver = { event in
                for touch in event.allTouches.sorted(by: { $0.number < $1.number }) {
                    phases.append("\(touch.number) \(touch.phase.name) \(touch.location(in: nil))")
                }
            }
            return (rowBytes(try replayer.run()), phases)
        }
        let atBoot = try replay(from: 0.002)
        let later = try replay(from: 129_600)
        #expect(atBoot.phases == later.phases)
        #expect(!atBoot.phases.isEmpty)
        #expect(atBoot.pixels == later.pixels)
    }

    @Test func theRecordedSceneIsTheDefaultAndCanBeOverridden() throws {
        let recording = try RecordingParser.parse(RecordingGenerator.pinchCancel())
        #expect(Replayer(recording: recording).scene == .trace)
        #expect(Replayer(recording: recording, scene: .spots).scene == .spots)
        var unnamed = recording
        unnamed.scene = nil
        #expect(Replayer(recording: unnamed).scene == .canvas)
    }

    @Test func configureAndScaleResizeTheBuffer() throws {
        let recording = try RecordingParser.parse("""
            touchcanvas-recording 1
            size 100 80
            scale 1
            0 - display-frame
            1 - configure 120 90
            2 - scale 3
            3 - display-frame

            """)
        let pixels = try Replayer(recording: recording).run()
        #expect(pixels.width == 360 && pixels.height == 270)
        #expect(pixels.pixel(x: 359, y: 269) == .white)
    }

    @Test func aSurfaceTooLargeToDrawIsAnErrorNotACrash() throws {
        let recording = try RecordingParser.parse("touchcanvas-recording 1\nsize 16384 16384\nscale 1\n")
        let replayer = Replayer(recording: recording)
        replayer.maximumBufferPixels = 1 << 20
        #expect(throws: ReplayError.self) { try replayer.run() }
        do {
            _ = try replayer.run()
        } catch {
            #expect(error.description == "the recording needs a 16384×16384 buffer; replay draws at most 1048576 pixels")
        }
    }

    @Test func inputWithoutAFinalFrameIsDeliveredAtTheEnd() throws {
        // GNOME sends no frame after the last up; replay delivers it as the app does.
        let recording = try RecordingParser.parse("""
            touchcanvas-recording 1
            size 300 200
            scale 1
            scene trace
            0 1 down 0 50 100
            0 1 frame
            8 1 motion 0 250 100
            8 1 frame
            16 1 up 0

            """)
        var anomalies: [TouchAnomaly.Category] = []
        let replayer = Replayer(recording: recording)
        replayer.onAnomaly = { anomalies.append($0.category) }
        let pixels = try replayer.run()
        #expect(anomalies == [.noFrameAfterUp])
        #expect(pixels.pixel(x: 150, y: 100) == Self.purple, "the ended path is complete, not in progress")
    }

    @Test func writesAPNG() throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("replay-\(UInt32.random(in: 0 ... .max)).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recording = try RecordingParser.parse(RecordingGenerator.pinchCancel())
        try Replayer(recording: recording).writePNG(to: path)
        let image = try PNGReader.read(path)
        let pixels = try Replayer(recording: recording).run()
        #expect(image.width == pixels.width && image.height == pixels.height)
        let mismatches = (0..<pixels.height).reduce(0) { sum, y in
            sum + (0..<pixels.width).filter { image.pixel(x: $0, y: y)?.rgb != pixels.pixel(x: $0, y: y)?.rgb }.count
        }
        #expect(mismatches == 0)
        #expect(throws: ReplayError.self) { try Replayer(recording: recording).writePNG(to: "/no/such/dir/x.png") }
    }
}
