import Foundation

/// `Protocols/protocols.list`: which protocol files to generate bindings for, where each comes
/// from, and for which side.
///
/// Standard protocols are never copied into the repository; they are located at build time in
/// the installed packages (`wayland-scanner`, `wayland-protocols`, `plasma-wayland-protocols`).
public struct ProtocolList: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        /// Output file stem, e.g. `xdg-shell`.
        public var name: String
        /// One of `packagedOrigins`, or `project` (Protocols/).
        public var origin: String
        public var path: String
        public var sides: Set<Side>
    }

    public enum Side: String, Sendable { case client, server }

    public var entries: [Entry]

    /// The origins that are installed packages, with the Debian package that provides each, so
    /// a missing one is reported as something to install rather than as a build error.
    public static let packagedOrigins: [String: String] = [
        "wayland-scanner": "libwayland-bin / libwayland-dev",
        "wayland-protocols": "wayland-protocols",
        "plasma-wayland-protocols": "plasma-wayland-protocols",
    ]

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
            guard fields[1] == "project" || packagedOrigins[fields[1]] != nil else {
                throw ProtocolParseError(description: "\(source):\(index + 1): unknown origin '\(fields[1])'")
            }
            entries.append(Entry(name: fields[0], origin: fields[1], path: fields[2], sides: sides))
        }
        return ProtocolList(entries: entries)
    }

    /// Where an entry's XML lives on this machine.
    public static func resolve(_ entry: Entry, projectDirectory: URL,
                               pkgDataDir: (String) throws -> String = { try originDataDir($0) }) throws -> URL {
        switch entry.origin {
        case "project":
            return projectDirectory.appendingPathComponent(entry.path)
        default:
            return URL(fileURLWithPath: try pkgDataDir(entry.origin)).appendingPathComponent(entry.path)
        }
    }

    /// The directory an origin's XML lives in: pkg-config's `pkgdatadir` when the package ships a
    /// `.pc` file. plasma-wayland-protocols ships only a CMake config (Debian 12's 1.10 has no
    /// `.pc`), which puts the XML in `PREFIX/share/plasma-wayland-protocols`; so for it the data
    /// directories are searched too. The error names the Debian package to install.
    public static func originDataDir(_ origin: String,
                                     pkgConfig: (String) -> String? = pkgConfigDataDir,
                                     dataDirectories: [String] = systemDataDirectories(),
                                     isDirectory: (String) -> Bool = directoryExists) throws -> String {
        let hint = packagedOrigins[origin] ?? origin
        if let dir = pkgConfig(origin) { return dir }
        guard origin == "plasma-wayland-protocols" else {
            throw ProtocolParseError(description: "pkg-config cannot find \(origin): install \(hint)")
        }
        let candidates = dataDirectories.map { "\($0)/\(origin)" }
        if let dir = candidates.first(where: isDirectory) { return dir }
        throw ProtocolParseError(description: "\(origin) not found (no pkg-config file; looked in "
            + "\(candidates.joined(separator: ", "))): install the Debian package \(hint)")
    }

    /// `$XDG_DATA_DIRS`, or its specified default: where packages install shared data.
    public static func systemDataDirectories() -> [String] {
        let value = ProcessInfo.processInfo.environment["XDG_DATA_DIRS"] ?? ""
        let dirs = value.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        return dirs.isEmpty ? ["/usr/local/share", "/usr/share"] : dirs
    }

    public static func directoryExists(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// `pkg-config --variable=pkgdatadir PACKAGE`, or nil when pkg-config cannot run or does not
    /// know the package.
    public static func pkgConfigDataDir(_ package: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pkg-config", "--variable=pkgdatadir", package]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let dir = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0, !dir.isEmpty else { return nil }
        return dir
    }
}
