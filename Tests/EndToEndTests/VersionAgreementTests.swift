import Foundation
import Testing
import TouchCanvasConstants
import TouchCanvasTesting

/// The version is written once, in `TouchCanvasVersion.current` (`touchcanvas --version` says it,
/// `CommandLineEndToEndTests` checks); everything that ships the app names it too and must say
/// the same: the Debian changelog's newest entry, the AppStream metainfo's newest release, and
/// the Makefile, which names the tarball after it.
@Suite(.compositorSlot) struct VersionAgreementTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func text(_ path: String) throws -> String {
        try String(contentsOf: Self.repository.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func theDebianChangelogsNewestEntryIsThisVersion() throws {
        // "touchcanvas (0.1.0-1) unstable; urgency=medium": the upstream version, then the
        // package's own revision.
        let first = try #require(try text("debian/changelog").split(separator: "\n").first)
        let open = try #require(first.firstIndex(of: "(")), close = try #require(first.firstIndex(of: ")"))
        let packageVersion = first[first.index(after: open)..<close]
        let upstream = packageVersion.split(separator: "-").dropLast().joined(separator: "-")
        #expect(upstream == TouchCanvasVersion.current, "debian/changelog: \(first)")
    }

    @Test func theMetainfosNewestReleaseIsThisVersion() throws {
        let metainfo = try text("data/io.github.touchcanvas.touchcanvas.metainfo.xml")
        let marker = "<release version=\""
        let start = try #require(metainfo.range(of: marker)).upperBound
        let version = metainfo[start...].prefix { $0 != "\"" }
        #expect(String(version) == TouchCanvasVersion.current)
    }

    @Test func theMakefileNamesTheTarballAfterThisVersion() throws {
        let make = Process()
        make.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        make.arguments = ["make", "-s", "--no-print-directory", "-C", Self.repository.path, "version"]
        let output = Pipe()
        make.standardOutput = output
        try make.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        make.waitUntilExit()
        #expect(make.terminationStatus == 0)
        #expect(String(decoding: data, as: UTF8.self) == TouchCanvasVersion.current + "\n")
    }
}
