import Foundation
import ScriptedCompositor
import Testing
#if canImport(Glibc)
import Glibc
import TouchCanvasTesting
#endif

/// What `touchcanvas replay … --png OUT` does to what already has the name OUT, run as the
/// user runs it: as root (where permission bits stop nothing, so only the app's own care
/// keeps `/dev/null` a device) and as an unprivileged user (uid 65534, through `setpriv`),
/// where a rename cannot keep someone else's ownership and the app writes in place instead.
@Suite(.compositorSlot(timeLimit: .minutes(2)))
final class OutputSafetyEndToEndTests {
    let folder: String
    let recording: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tc-output-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // Readable and searchable by the unprivileged user, who also writes in it.
        chmod(folder, 0o777)
        recording = folder + "/in.tcrec"
        try FileManager.default.copyItem(atPath: ScreenshotEndToEndTests.repository.appendingPathComponent("Recordings/pinch-cancel.tcrec").path,
                                         toPath: recording)
        chmod(recording, 0o644)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func path(_ name: String) -> String { folder + "/" + name }
    func bytes(_ file: String) -> Data? { FileManager.default.contents(atPath: file) }
    func lstatus(_ file: String) -> stat? {
        var raw = stat()
        return lstat(file, &raw) == 0 ? raw : nil
    }
    static var isRoot: Bool { geteuid() == 0 }

    /// Runs the binary to its end, as `user` when given (then from a copy the user can reach:
    /// a fresh clone's build folder may sit in a private temporary folder).
    func replay(_ arguments: [String], asUser user: UInt32? = nil) async throws -> (status: Int32?, stderr: String) {
        let process: ClientProcess
        if let user {
            let binary = path("touchcanvas")
            if !FileManager.default.fileExists(atPath: binary) { try copyExecutable(to: binary) }
            process = try ClientProcess(executable: "/usr/bin/setpriv",
                                        arguments: ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", "--", binary, "replay"] + arguments,
                                        environment: try sanitizerOptionsTheUserCanRead().merging(["HOME": folder]) { $1 })
        } else {
            process = try AppHarness.launch(["replay"] + arguments, environment: [:])
        }
        let status = await process.waitForExit(timeout: AppHarness.patience)
        return (status, process.standardError)
    }

    /// The sanitizer options the child inherits, with each suppressions file copied where the
    /// user can read it: a sanitizer that cannot read its suppressions ends the process at start
    /// (status 66), and a fresh clone may sit in a private temporary folder.
    func sanitizerOptionsTheUserCanRead() throws -> [String: String] {
        var options: [String: String] = [:]
        for name in ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS"] {
            guard let value = ProcessInfo.processInfo.environment[name], value.contains("suppressions=") else { continue }
            var parts: [String] = []
            for part in value.split(separator: ":").map(String.init) {
                guard part.hasPrefix("suppressions=") else { parts.append(part); continue }
                let copy = path("\(name.lowercased()).supp")
                if !FileManager.default.fileExists(atPath: copy) {
                    try FileManager.default.copyItem(atPath: String(part.dropFirst("suppressions=".count)), toPath: copy)
                }
                chmod(copy, 0o644)
                parts.append("suppressions=" + copy)
            }
            options[name] = parts.joined(separator: ":")
        }
        return options
    }

    /// The binary copied with a close-on-exec descriptor: a child another test starts while
    /// the copy is open would otherwise inherit it, and running the copy would fail with
    /// ETXTBSY ("Text file busy").
    func copyExecutable(to target: String) throws {
        let bytes = try #require(FileManager.default.contents(atPath: AppHarness.executablePath))
        let fd = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
        try #require(fd >= 0)
        defer { close(fd) }
        let written = bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let count = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if count <= 0 { return false }
                offset += count
            }
            return true
        }
        try #require(written)
    }

    /// `--png` onto a character device (a null device made in the scratch folder, as root),
    /// a FIFO and a socket-less folder: exit 1, one line, the thing itself untouched.
    @Test func anOutputThatIsNotAFileIsRefusedAndLeftAsItWas() async throws {
        var targets: [(name: String, words: String, type: mode_t)] = [("pipe", "a FIFO (named pipe)", S_IFIFO), ("folder", "a folder", S_IFDIR)]
        try #require(mkfifo(path("pipe"), 0o666) == 0)
        try FileManager.default.createDirectory(atPath: path("folder"), withIntermediateDirectories: false)
        if Self.isRoot {
            try #require(mknod(path("null"), S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0)
            targets.append(("null", "a character device", S_IFCHR))
        }
        for target in targets {
            let result = try await replay([recording, "--png", path(target.name)])
            #expect(result.status == 1, "\(result.stderr)")
            #expect(result.stderr == "touchcanvas: cannot save PNG to \"\(path(target.name))\": it is \(target.words), not a regular file; "
                + "only a regular file or a new name can be written\n")
            #expect((lstatus(path(target.name))?.st_mode ?? 0) & S_IFMT == target.type)
        }
    }

    /// The recording being replayed as the PNG, by its own name, a hard link or a symlink:
    /// refused before it is read, and left whole.
    @Test func theRecordingAsItsOwnOutputIsRefusedAndKept() async throws {
        let before = try #require(bytes(recording))
        try #require(link(recording, path("hard.png")) == 0)
        try FileManager.default.createSymbolicLink(atPath: path("soft.png"), withDestinationPath: "in.tcrec")
        for output in [recording, path("hard.png"), path("soft.png")] {
            let result = try await replay([recording, "--png", output])
            #expect(result.status == 1, "\(result.stderr)")
            #expect(result.stderr.contains("it is the same file as the recording being replayed"), "\(result.stderr)")
            #expect(bytes(recording) == before)
        }
    }

    /// As root: a file owned by someone else, mode 600, with a second name: after the replay
    /// it is a PNG, still theirs, still 600, still one inode under both names.
    @Test func anExistingFileKeepsModeOwnerAndLinks() async throws {
        for linked in [false, true] {
            let target = path(linked ? "linked.png" : "single.png")
            try Data("old".utf8).write(to: URL(fileURLWithPath: target))
            chmod(target, 0o600)
            if Self.isRoot { chown(target, 65534, 65534) }
            if linked { try #require(link(target, path("other.png")) == 0) }
            let before = try #require(lstatus(target))
            let result = try await replay([recording, "--png", target])
            #expect(result.status == 0, "\(result.stderr)")
            let after = try #require(lstatus(target))
            #expect(bytes(target)?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
            #expect(after.st_mode & 0o7777 == 0o600)
            #expect(after.st_uid == before.st_uid && after.st_gid == before.st_gid)
            if linked {
                #expect(after.st_ino == before.st_ino && after.st_nlink == 2)
                #expect(bytes(path("other.png")) == bytes(target))
            }
        }
    }

    /// As an unprivileged user (root needed to become one): a file the user may write but
    /// does not own (root's, mode 666) is rewritten in place, so it stays root's; the user's
    /// own private file stays private; a FIFO is refused as it is for root.
    @Test(.enabled(if: OutputSafetyEndToEndTests.isRoot)) func asAnUnprivilegedUser() async throws {
        let nobody: UInt32 = 65534
        let shared = path("shared.png")
        try Data("old".utf8).write(to: URL(fileURLWithPath: shared))
        chmod(shared, 0o666)
        let sharedBefore = try #require(lstatus(shared))
        let own = path("own.png")
        try Data("old".utf8).write(to: URL(fileURLWithPath: own))
        chown(own, nobody, nobody)
        chmod(own, 0o600)
        try #require(mkfifo(path("pipe"), 0o666) == 0)

        let first = try await replay([recording, "--png", shared], asUser: nobody)
        #expect(first.status == 0, "\(first.stderr)")
        let sharedAfter = try #require(lstatus(shared))
        #expect(sharedAfter.st_uid == 0 && sharedAfter.st_ino == sharedBefore.st_ino && sharedAfter.st_mode & 0o777 == 0o666)
        #expect(bytes(shared)?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)

        let second = try await replay([recording, "--png", own], asUser: nobody)
        #expect(second.status == 0, "\(second.stderr)")
        let ownAfter = try #require(lstatus(own))
        #expect(ownAfter.st_uid == nobody && ownAfter.st_mode & 0o777 == 0o600)
        #expect(bytes(own)?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)

        // The user's own file with a second name: one inode under both names afterwards.
        let linked = path("linked.png")
        try Data("old".utf8).write(to: URL(fileURLWithPath: linked))
        chown(linked, nobody, nobody)
        try #require(link(linked, path("other.png")) == 0)
        let linkedBefore = try #require(lstatus(linked))
        let fifth = try await replay([recording, "--png", linked], asUser: nobody)
        #expect(fifth.status == 0, "\(fifth.stderr)")
        #expect(lstatus(linked)?.st_ino == linkedBefore.st_ino && lstatus(linked)?.st_nlink == 2)
        #expect(bytes(path("other.png"))?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)

        let third = try await replay([recording, "--png", path("pipe")], asUser: nobody)
        #expect(third.status == 1 && third.stderr.contains("it is a FIFO (named pipe), not a regular file"), "\(third.stderr)")

        // Root's private file: neither renamed over nor written.
        let locked = path("locked.png")
        try Data("old".utf8).write(to: URL(fileURLWithPath: locked))
        chmod(locked, 0o644)
        let fourth = try await replay([recording, "--png", locked], asUser: nobody)
        #expect(fourth.status == 1, "\(fourth.stderr)")
        #expect(fourth.stderr == "touchcanvas: cannot save PNG to \"\(locked)\": no permission to write the file (EACCES)\n")
        #expect(bytes(locked) == Data("old".utf8))
    }
}
