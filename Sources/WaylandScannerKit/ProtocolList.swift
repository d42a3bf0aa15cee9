import Foundation

/// `Protocols/protocols.list`: which protocol files to generate bindings for, where each comes
/// from, and for which side.
///
/// Standard protocols are never copied into the repository; they are located at build time in
/// the installed `wayland-scanner` and `wayland-protocols` packages through pkg-config.
public struct ProtocolList: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        /// Output file stem, e.g. `xdg-shell`.
        public var name: String
        /// `wayland-scanner`, `wayland-protocols` (pkg-config packages), or `project` (Protocols/).
        public var origin: String
        public var path: String
        public var sides: Set<Side>
    }

    public enum Side: String, Sendable { case client, server }

    public var entries: [Entry]

    public static func parse(_ text: String, source: String = "protocols.list") throws -> ProtocolList {
        var entries: [Entry] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            if fields.isEmpty { continue }
            guard fields.count >= 4 else {
                throw ProtocolParseError(description: "\(source):\(index + 1): expected 'name origin path side…'")
            }
            var sides = Set<Side>()
            for s in fields[3...] {
                guard let side = Side(rawValue: s) else {
                    throw ProtocolParseError(description: "\(source):\(index + 1): unknown side '\(s)'")
                }
                sides.insert(side)
            }
            guard ["wayland-scanner", "wayland-protocols", "project"].contains(fields[1]) else {
                throw ProtocolParseError(description: "\(source):\(index + 1): unknown origin '\(fields[1])'")
            }
            entries.append(Entry(name: fields[0], origin: fields[1], path: fields[2], sides: sides))
        }
        return ProtocolList(entries: entries)
    }

    /// Where an entry's XML lives on this machine.
    public static func resolve(_ entry: Entry, projectDirectory: URL,
                               pkgDataDir: (String) throws -> String = pkgConfigDataDir) throws -> URL {
        switch entry.origin {
        case "project":
            return projectDirectory.appendingPathComponent(entry.path)
        default:
            return URL(fileURLWithPath: try pkgDataDir(entry.origin)).appendingPathComponent(entry.path)
        }
    }

    /// `pkg-config --variable=pkgdatadir PACKAGE`, with a message that says which Debian package
    /// to install when it is missing.
    public static func pkgConfigDataDir(_ package: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pkg-config", "--variable=pkgdatadir", package]
        let pipe = Pipe()
        process.standardOutput = pipe
        do {
            try process.run()
        } catch {
            throw ProtocolParseError(description: "cannot run pkg-config: \(error.localizedDescription)")
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let dir = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0, !dir.isEmpty else {
            let hint = package == "wayland-scanner" ? "libwayland-bin / libwayland-dev" : package
            throw ProtocolParseError(description: "pkg-config does not know \(package): install \(hint)")
        }
        return dir
    }
}
