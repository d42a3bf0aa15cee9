import Canvas
import Foundation
import Testing
import TouchCanvasApp
import TouchKit
@testable import Recording

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
