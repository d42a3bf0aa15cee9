@testable import Rendering
import Foundation
import Testing

/// The SVG beside a saved PNG gets the same atomic treatment.
@Suite final class TextFileWriterTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("canvas-text-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Each test's scratch folder goes with it: left behind, a hundred runs fill /tmp.
    deinit { try? FileManager.default.removeItem(at: folder) }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    @Test func writesTheWholeTextAndLeavesNoTemporary() throws {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\">" + String(repeating: "<path d=\"M0 0L1 1\"/>", count: 5000) + "</svg>"
        try TextFileWriter(kind: "SVG").write(svg, to: path("a.svg"))
        #expect(try String(contentsOfFile: path("a.svg"), encoding: .utf8) == svg)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["a.svg"])
    }

    @Test func missingFolderNamesTheKind() throws {
        let target = path("no/such/a.svg")
        let error = try #require(throws: PNGError.self) { try TextFileWriter(kind: "SVG").write("x", to: target) }
        #expect(error.description == "cannot save SVG to \"\(target)\": folder \"\(path("no/such"))\" does not exist (ENOENT)")
    }

    @Test func fullDiskKeepsTheOldFile() throws {
        try TextFileWriter(kind: "SVG").write("old", to: path("a.svg"))
        var fileSystem = FileSystem.live
        fileSystem.write = { _, _ in .failure(Errno(ENOSPC)) }
        let error = try #require(throws: PNGError.self) {
            try TextFileWriter(kind: "SVG", fileSystem: fileSystem).write("new text", to: path("a.svg"))
        }
        #expect(error.isOutOfSpace)
        #expect(try String(contentsOfFile: path("a.svg"), encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["a.svg"])
    }
}
