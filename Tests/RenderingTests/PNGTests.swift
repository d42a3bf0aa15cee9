@testable import Rendering
import Foundation
import Testing
import TouchKit
import TouchCanvasTesting

/// Saving screenshots: round trips, and failures that leave nothing behind.
@MainActor
@Suite final class PNGTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("canvas-png-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Each test's scratch folder goes with it: left behind, a hundred runs fill /tmp.
    deinit { try? FileManager.default.removeItem(at: folder) }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test func roundTripKeepsEveryPixel() throws {
        let scene = SpotScene()
        scene.addSpot(center: Point(x: 500, y: 100), diameter: 40, color: Color(rgb: 0x34329C, alpha: 0.5))
        let buffer = try referenceRender(of: scene.window, scale: 1)
        try PNGWriter().write(buffer, to: path("shot.png"))

        let image = try PNGReader.read(path("shot.png"))
        #expect(image.width == 640 && image.height == 480)
        #expect(image.pixel(x: 250, y: 200) == SpotScene.grayPixel)
        #expect(image.pixel(x: 302, y: 200) == .white)
        #expect(differences(image, buffer).isEmpty)
        #expect(try files() == ["shot.png"])
    }

    @Test func regionAndXRGBBuffersSaveWhatWasAsked() throws {
        let scene = SpotScene()
        let buffer = try referenceRender(of: scene.window, scale: 1, format: .xrgb8888)
        try PNGWriter().write(buffer, region: PixelRect(x: 200, y: 150, width: 100, height: 100), to: path("spot.png"))
        let image = try PNGReader.read(path("spot.png"))
        #expect(image.width == 100 && image.height == 100)
        #expect(image.format == .xrgb8888)
        #expect(image.pixel(x: 50, y: 50) == SpotScene.grayPixel)
        #expect(image.pixel(x: 2, y: 2) == .white)

        #expect(throws: PNGError.self) {
            try PNGWriter().write(buffer, region: PixelRect(x: 600, y: 0, width: 100, height: 10), to: path("x.png"))
        }
        #expect(try files() == ["spot.png"])
    }

    @Test func overwritingReplacesTheOldFileWhole() throws {
        let small = try PixelBuffer(width: 4, height: 4)
        small.fill(0xFF00_0000)
        try PNGWriter().write(small, to: path("a.png"))
        let big = try referenceRender(of: SpotScene().window, scale: 1)
        try PNGWriter().write(big, to: path("a.png"))
        #expect(try PNGReader.read(path("a.png")).width == 640)
        #expect(try files() == ["a.png"])
    }

    @Test func missingFolderThrowsAClearErrorAndWritesNothing() throws {
        let buffer = try PixelBuffer(width: 4, height: 4)
        let target = path("no/such/dir/shot.png")
        let error = try #require(throws: PNGError.self) { try PNGWriter().write(buffer, to: target) }
        #expect(error.step == .createFile)
        #expect(error.errno == ENOENT)
        #expect(error.description == "cannot save PNG to \"\(target)\": folder \"\(path("no/such/dir"))\" does not exist (ENOENT)")
        #expect(!FileManager.default.fileExists(atPath: target))
        #expect(try files().isEmpty)
    }

    @Test func folderThatIsAFileThrows() throws {
        #expect(FileManager.default.createFile(atPath: path("plain"), contents: Data("x".utf8)))
        let error = try #require(throws: PNGError.self) {
            try PNGWriter().write(try PixelBuffer(width: 4, height: 4), to: path("plain/shot.png"))
        }
        #expect(error.description.hasSuffix("is not a folder (ENOTDIR)"))
        #expect(try files() == ["plain"])
    }

    @Test(.enabled(if: getuid() != 0, "root ignores permission bits"))
    func unwritableFolderThrowsAndWritesNothing() throws {
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
        let error = try #require(throws: PNGError.self) {
            try PNGWriter().write(try PixelBuffer(width: 4, height: 4), to: path("shot.png"))
        }
        #expect(error.description.contains("no permission to write in folder"))
        #expect(try files().isEmpty)
    }

    @Test func permissionDeniedIsReportedClearly() throws {
        var fileSystem = FileSystem.live
        fileSystem.createExclusive = { _ in .failure(Errno(EACCES)) }
        let error = try #require(throws: PNGError.self) {
            try PNGWriter(fileSystem: fileSystem).write(try PixelBuffer(width: 4, height: 4), to: path("shot.png"))
        }
        #expect(error.description == "cannot save PNG to \"\(path("shot.png"))\": no permission to write in folder \"\(folder.path)\" (EACCES)")
    }

    @Test func fullDiskMidWriteLeavesTheOldFileAndNoTemporary() throws {
        let old = try PixelBuffer(width: 2, height: 2)
        old.fill(0xFFFF_0000)
        try PNGWriter().write(old, to: path("shot.png"))
        let before = try Data(contentsOf: URL(fileURLWithPath: path("shot.png")))

        // The disk fills after 200 bytes of the new file.
        var fileSystem = FileSystem.live
        let live = FileSystem.live
        nonisolated(unsafe) var written = 0
        fileSystem.write = { fd, bytes in
            guard written + bytes.count <= 200 else { return .failure(Errno(ENOSPC)) }
            written += bytes.count
            return live.write(fd, bytes)
        }
        let buffer = try referenceRender(of: SpotScene().window, scale: 1)
        let error = try #require(throws: PNGError.self) {
            try PNGWriter(fileSystem: fileSystem).write(buffer, to: path("shot.png"))
        }
        #expect(error.isOutOfSpace)
        #expect(error.step == .write)
        #expect(error.description.hasSuffix("the disk is full (ENOSPC)"))
        #expect(try files() == ["shot.png"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path("shot.png"))) == before)
    }

    @Test func failedSyncOrRenameRemovesTheTemporaryFile() throws {
        for step in [PNGError.Step.sync, .rename] {
            var fileSystem = FileSystem.live
            if step == .sync {
                fileSystem.fsync = { _ in .failure(Errno(EIO)) }
            } else {
                fileSystem.rename = { _, _ in .failure(Errno(EXDEV)) }
            }
            let error = try #require(throws: PNGError.self) {
                try PNGWriter(fileSystem: fileSystem).write(try PixelBuffer(width: 4, height: 4), to: path("shot.png"))
            }
            #expect(error.step == step)
            #expect(try files().isEmpty)
        }
    }

    @Test func readingMissingOrBrokenFilesThrows() throws {
        let missing = try #require(throws: PNGError.self) { try PNGReader.read(path("none.png")) }
        #expect(missing.description == "cannot read PNG \"\(path("none.png"))\": the file does not exist (ENOENT)")
        #expect(FileManager.default.createFile(atPath: path("bad.png"), contents: Data("not a png".utf8)))
        let broken = try #require(throws: PNGError.self) { try PNGReader.read(path("bad.png")) }
        #expect(broken.step == .read)
    }

    @Test func pathsWithoutAFileNameAreRejected() throws {
        let error = try #require(throws: PNGError.self) {
            try PNGWriter().write(try PixelBuffer(width: 4, height: 4), to: folder.path + "/")
        }
        #expect(error.step == .invalidPath)
    }
}
