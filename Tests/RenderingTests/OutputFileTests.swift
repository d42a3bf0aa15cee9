@testable import Rendering
import Foundation
import Testing
import TouchCanvasTesting
#if canImport(Glibc)
import Glibc
#endif

/// Saving never destroys: what is not a plain file is refused and left as it was, links are
/// followed, and an existing file keeps its mode, owner and other names, or its old content
/// when the write fails. Devices are made with `mknod` in a scratch folder (as root only);
/// the full disk is a small tmpfs mounted for the test (as root only).
@Suite final class OutputFileTests {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("canvas-output-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func path(_ name: String) -> String { folder + "/" + name }
    func files() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder).sorted() }
    func contents(_ name: String) -> String? { try? String(contentsOfFile: path(name), encoding: .utf8) }
    static var isRoot: Bool { geteuid() == 0 }

    func save(_ text: String, to target: String, fileSystem: FileSystem = .live) throws(PNGError) {
        try TextFileWriter(kind: "SVG", fileSystem: fileSystem).write(text, to: target)
    }

    func linkStatus(_ target: String) throws -> FileStatus { try FileSystem.live.linkStatus(target).get() }

    /// Makes a Unix socket file at `path` (bound, never listening).
    func makeSocket(at target: String) throws {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(target.utf8)
        try #require(bytes.count < MemoryLayout.size(ofValue: address.sun_path))
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0)
    }

    // MARK: Refused

    /// A FIFO, a socket and a folder under the name: one clear line, the thing itself as it
    /// was, no temporary file left. A FIFO is never opened, so nothing waits for a reader.
    @Test func fifosSocketsAndFoldersAreRefusedAndLeftAlone() throws {
        try #require(mkfifo(path("pipe"), 0o644) == 0)
        try makeSocket(at: path("socket"))
        try FileManager.default.createDirectory(atPath: path("folder"), withIntermediateDirectories: false)
        for (name, type, words) in [("pipe", FileType.fifo, "a FIFO (named pipe)"), ("socket", .socket, "a socket"),
                                    ("folder", .directory, "a folder")] {
            let error = try #require(throws: PNGError.self) { try self.save("<svg/>", to: self.path(name)) }
            #expect(error.description == "cannot save SVG to \"\(path(name))\": it is \(words), not a regular file; "
                + "only a regular file or a new name can be written")
            #expect(try linkStatus(path(name)).type == type)
        }
        #expect(try files() == ["folder", "pipe", "socket"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: path("folder")).isEmpty)
    }

    /// What replaced `/dev/null` with a PNG when run as root: character and block devices,
    /// made here with `mknod` (root only), are refused and stay devices.
    @Test(.enabled(if: OutputFileTests.isRoot)) func devicesAreRefusedAndStayDevices() throws {
        // makedev(1, 3) is the null device; makedev(7, 0) the first loop device. Neither is opened.
        try #require(mknod(path("null"), S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0)
        try #require(mknod(path("disk"), S_IFBLK | 0o600, dev_t(7 << 8)) == 0)
        for (name, type, words) in [("null", FileType.characterDevice, "a character device"), ("disk", .blockDevice, "a block device")] {
            let error = try #require(throws: PNGError.self) {
                try PNGWriter().write(try PixelBuffer(width: 4, height: 4), to: self.path(name))
            }
            #expect(error.description.hasSuffix("it is \(words), not a regular file; only a regular file or a new name can be written"))
            #expect(try linkStatus(path(name)).type == type)
        }
        #expect(try files() == ["disk", "null"])
    }

    /// A link to a device (`/dev/stdout` leads to one, or to a pipe) is refused just the same.
    @Test func aLinkToADeviceIsRefused() throws {
        try FileManager.default.createSymbolicLink(atPath: path("out"), withDestinationPath: "/dev/null")
        let error = try #require(throws: PNGError.self) { try self.save("x", to: self.path("out")) }
        #expect(error.step == .notRegularFile("a character device"))
        #expect(try linkStatus(path("out")).type == .symbolicLink)
        #expect(try linkStatus("/dev/null").type == .characterDevice)
    }

    @Test func aDanglingLinkIsRefusedAndNothingIsCreated() throws {
        try FileManager.default.createSymbolicLink(atPath: path("out.svg"), withDestinationPath: "nowhere/x.svg")
        let error = try #require(throws: PNGError.self) { try self.save("x", to: self.path("out.svg")) }
        #expect(error.description == "cannot save SVG to \"\(path("out.svg"))\": it is a symbolic link to \"nowhere/x.svg\", which does not exist")
        #expect(try files() == ["out.svg"])
        #expect(try linkStatus(path("out.svg")).type == .symbolicLink)
    }

    /// procfs entries look like regular files; writing one asks the kernel for something.
    /// Only the check is run here: nothing is opened in /proc.
    @Test func theKernelsFilesAreRefused() throws {
        for target in ["/proc/self/mem", "/proc/touchcanvas-\(UUID().uuidString).png"] {
            let error = try #require(throws: PNGError.self) { try OutputFile.preflight(target, kind: "PNG") }
            #expect(error.description == "cannot save PNG to \"\(target)\": it is an entry of the kernel's /proc or /sys, not a regular file")
        }
    }

    // MARK: Followed, kept

    @Test func aLinkToAFileWritesTheFileAndStaysALink() throws {
        try "old".write(toFile: path("real.svg"), atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: path("link.svg"), withDestinationPath: "real.svg")
        try save("new", to: path("link.svg"))
        #expect(contents("real.svg") == "new")
        #expect(try linkStatus(path("link.svg")).type == .symbolicLink)
        #expect(try files() == ["link.svg", "real.svg"])
    }

    /// A private file stays private: the mode (600 was 644 before) and the owner survive.
    @Test func anExistingFileKeepsItsModeAndOwner() throws {
        for mode in [0o600, 0o640, 0o755] as [mode_t] {
            try "old".write(toFile: path("f.svg"), atomically: false, encoding: .utf8)
            try #require(chmod(path("f.svg"), mode) == 0)
            if Self.isRoot { try #require(chown(path("f.svg"), 65534, 65534) == 0) }
            try save("new", to: path("f.svg"))
            let status = try linkStatus(path("f.svg"))
            #expect(contents("f.svg") == "new")
            #expect(status.permissions == UInt32(mode))
            if Self.isRoot { #expect(status.owner == 65534 && status.group == 65534) }
        }
        #expect(try files() == ["f.svg"])
    }

    /// A rename would cut the other name from the new content: a file with hard links is
    /// rewritten in place, its inode and every name kept, a longer old content cut to the new.
    @Test func hardLinksAreKept() throws {
        try String(repeating: "old content, longer than the new one. ", count: 50)
            .write(toFile: path("a.svg"), atomically: false, encoding: .utf8)
        try #require(link(path("a.svg"), path("b.svg")) == 0)
        let before = try linkStatus(path("a.svg"))
        try save("new", to: path("a.svg"))
        let after = try linkStatus(path("a.svg"))
        #expect(contents("a.svg") == "new")
        #expect(contents("b.svg") == "new")
        #expect(after.identity == before.identity)
        #expect(after.links == 2)
        #expect(try files() == ["a.svg", "b.svg"])
    }

    /// Where the temporary file cannot take the old owner (only root may give a file away) or
    /// cannot be created (a folder we may not write in), the file is rewritten in place:
    /// same inode, new content. The failures are injected here; the end-to-end tests run the
    /// same cases for real as an unprivileged user.
    @Test func withoutTheRightsToRenameTheFileIsRewrittenInPlace() throws {
        var noChown = FileSystem.live
        noChown.changeOwner = { _, _, _ in .failure(Errno(EPERM)) }
        noChown.descriptorStatus = { fd in
            // The temporary file looks owned by someone else, so the owner must be changed.
            FileSystem.live.descriptorStatus(fd).map { var status = $0; status.owner &+= 1; return status }
        }
        var noCreate = FileSystem.live
        noCreate.createExclusive = { _ in .failure(Errno(EACCES)) }
        for fileSystem in [noChown, noCreate] {
            try "old".write(toFile: path("f.svg"), atomically: false, encoding: .utf8)
            let before = try linkStatus(path("f.svg"))
            try save("new content", to: path("f.svg"), fileSystem: fileSystem)
            #expect(contents("f.svg") == "new content")
            #expect(try linkStatus(path("f.svg")).identity == before.identity)
            #expect(try files() == ["f.svg"])
        }
    }

    /// A file swapped for another between the check and the rewrite in place is not written.
    @Test func aFileReplacedBeforeTheRewriteIsLeftAlone() throws {
        try "old".write(toFile: path("a.svg"), atomically: false, encoding: .utf8)
        try #require(link(path("a.svg"), path("b.svg")) == 0)
        let output = try OutputFile(path: path("a.svg"), kind: "SVG")
        try Array("new".utf8).withUnsafeBytes { try output.write($0) }
        try FileManager.default.removeItem(atPath: path("a.svg"))
        try "someone else's".write(toFile: path("a.svg"), atomically: false, encoding: .utf8)
        let error = try #require(throws: PNGError.self) { try output.commit() }
        #expect(error.step == .replacedWhileWriting)
        #expect(contents("a.svg") == "someone else's")
        #expect(contents("b.svg") == "old")
    }

    // MARK: The input as output

    @Test func anOutputThatIsAnInputIsRefusedThroughAnyName() throws {
        try "recording".write(toFile: path("in.tcrec"), atomically: false, encoding: .utf8)
        try #require(link(path("in.tcrec"), path("hard.png")) == 0)
        try FileManager.default.createSymbolicLink(atPath: path("soft.png"), withDestinationPath: "in.tcrec")
        let input = OutputInput(path: path("in.tcrec"), role: "the recording being replayed")
        for output in [path("in.tcrec"), path("hard.png"), path("soft.png"), folder + "/./in.tcrec"] {
            let error = try #require(throws: PNGError.self) { try OutputFile.preflight(output, kind: "PNG", notOverwriting: [input]) }
            #expect(error.description == "cannot save PNG to \"\(output)\": it is the same file as the recording being replayed "
                + "(\"\(path("in.tcrec"))\"), which would be destroyed")
        }
        try OutputFile.preflight(path("new.png"), kind: "PNG", notOverwriting: [input])
        #expect(contents("in.tcrec") == "recording")
    }

    // MARK: A full disk

    /// A real full disk, a 64 KiB tmpfs (root only): the old file is as it was and no
    /// temporary file is left, both for a file replaced by rename and for one rewritten in
    /// place (a hard link), where the space is reserved before the first old byte is touched.
    @Test(.enabled(if: OutputFileTests.isRoot)) func aFullDiskLeavesTheOldFile() throws {
        try FileManager.default.createDirectory(atPath: path("disk"), withIntermediateDirectories: false)
        guard mount("touchcanvas-test", path("disk"), "tmpfs", 0, "size=64k") == 0 else {
            Issue.record("cannot mount a tmpfs as root: \(String(cString: strerror(errno)))")
            return
        }
        defer { _ = umount2(path("disk"), Int32(MNT_DETACH)) }
        let old = String(repeating: "old line\n", count: 1000)
        let big = String((0..<120_000).map { _ in Character(UnicodeScalar(UInt8.random(in: 97...122))) })
        try old.write(toFile: path("disk/single.svg"), atomically: false, encoding: .utf8)
        try old.write(toFile: path("disk/linked.svg"), atomically: false, encoding: .utf8)
        try #require(link(path("disk/linked.svg"), path("disk/other.svg")) == 0)
        for name in ["single.svg", "linked.svg"] {
            let error = try #require(throws: PNGError.self) { try self.save(big, to: self.path("disk/" + name)) }
            #expect(error.isOutOfSpace, "\(error)")
            #expect(error.description.hasSuffix("the disk is full (ENOSPC)"))
            #expect(contents("disk/" + name) == old)
        }
        #expect(contents("disk/other.svg") == old)
        #expect(try FileManager.default.contentsOfDirectory(atPath: path("disk")).sorted() == ["linked.svg", "other.svg", "single.svg"])
        // A content that fits still goes in, in place too.
        try save("fits", to: path("disk/linked.svg"))
        #expect(contents("disk/other.svg") == "fits")
    }
}
