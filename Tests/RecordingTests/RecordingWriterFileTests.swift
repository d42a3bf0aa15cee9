import Foundation
import Testing
import TouchKit
@testable import Recording
#if canImport(Glibc)
import Glibc
#endif

/// `--record` onto a name that is taken: the old file is replaced only when the session ends
/// and only if everything was written, keeping its mode and links; what is not a file is
/// refused when recording starts.
@Suite final class RecordingWriterFileTests {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("recording-files-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func path(_ name: String) -> String { folder + "/" + name }
    func contents(_ name: String) -> String? { try? String(contentsOfFile: path(name), encoding: .utf8) }
    static var isRoot: Bool { geteuid() == 0 }

    func strokes(_ writer: RecordingWriter, count: Int) {
        for index in 0..<count {
            writer.touch(.down(id: Int32(index % 10), time: 1, location: Point(x: Double(index % 300), y: 20)), seat: SeatID(1))
            writer.touch(.frame, seat: SeatID(1))
            writer.touch(.up(id: Int32(index % 10), time: 2), seat: SeatID(1))
            writer.touch(.frame, seat: SeatID(1))
        }
    }

    /// Until the session ends the old recording is still there to read; then the new one
    /// takes its place with the old mode, and a hard link to it sees the new one too.
    @Test func anExistingRecordingIsReplacedAtTheEndKeepingModeAndLinks() throws {
        for linked in [false, true] {
            try "old".write(toFile: path("r.tcrec"), atomically: false, encoding: .utf8)
            chmod(path("r.tcrec"), 0o600)
            if linked { try #require(link(path("r.tcrec"), path("other.tcrec")) == 0) }
            let writer = try RecordingWriter(path: path("r.tcrec"), width: 100, height: 100, scale: 1)
            strokes(writer, count: 3)
            try writer.flush()
            #expect(contents("r.tcrec") == "old")
            try writer.close()
            let recording = try RecordingParser.parse(contentsOf: path("r.tcrec"))
            #expect(recording.events.count == 12)
            var status = stat()
            #expect(stat(path("r.tcrec"), &status) == 0 && status.st_mode & 0o777 == 0o600)
            if linked {
                #expect(status.st_nlink == 2)
                #expect(contents("other.tcrec") == contents("r.tcrec"))
                try FileManager.default.removeItem(atPath: path("other.tcrec"))
            }
        }
    }

    @Test func aFIFOIsRefusedWhenRecordingStarts() throws {
        try #require(mkfifo(path("pipe"), 0o644) == 0)
        let error = try #require(throws: RecordingWriter.WriteError.self) {
            try RecordingWriter(path: self.path("pipe"), width: 1, height: 1, scale: 1)
        }
        #expect(error.description == "cannot write recording \"\(path("pipe"))\": it is a FIFO (named pipe), not a regular file; "
            + "only a regular file or a new name can be written")
    }

    /// A disk that fills mid-session (a 64 KiB tmpfs, root only): the recording that had the
    /// name is kept whole; a new one keeps what was written before the disk filled.
    @Test(.enabled(if: RecordingWriterFileTests.isRoot)) func aFullDiskKeepsTheOldRecording() throws {
        try FileManager.default.createDirectory(atPath: path("disk"), withIntermediateDirectories: false)
        guard mount("touchcanvas-test", path("disk"), "tmpfs", 0, "size=64k") == 0 else {
            Issue.record("cannot mount a tmpfs as root: \(String(cString: strerror(errno)))")
            return
        }
        defer { _ = umount2(path("disk"), Int32(MNT_DETACH)) }
        let old = "old recording\n"
        try old.write(toFile: path("disk/old.tcrec"), atomically: false, encoding: .utf8)
        for name in ["old.tcrec", "new.tcrec"] {
            let writer = try RecordingWriter(path: path("disk/" + name), width: 100, height: 100, scale: 1)
            strokes(writer, count: 2000)
            #expect(writer.writeError?.description.contains("the disk is full (ENOSPC)") == true, "\(String(describing: writer.writeError))")
            #expect(throws: RecordingWriter.WriteError.self) { try writer.close() }
            if name == "new.tcrec" {
                #expect(contents("disk/new.tcrec")?.hasPrefix("touchcanvas-recording") == true)
                try FileManager.default.removeItem(atPath: path("disk/new.tcrec"))
            }
        }
        #expect(contents("disk/old.tcrec") == old)
        #expect(try FileManager.default.contentsOfDirectory(atPath: path("disk")) == ["old.tcrec"])
    }
}
