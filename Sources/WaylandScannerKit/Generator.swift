import Foundation

/// One generation run: every protocol of the list for one side, written into one folder.
public enum Generator {
    /// The files a run writes, known before it runs (the build plugin declares them as outputs).
    public static func outputFileNames(for list: ProtocolList, side: ProtocolList.Side) -> [String] {
        list.entries.filter { $0.sides.contains(side) }.map { "\($0.name).swift" }
            + ["WaylandInterfaces.swift", "WaylandRuntime.swift"]
    }

    public static func generate(protocols: [(name: String, proto: WaylandProtocol)],
                                side: ProtocolList.Side) -> [String: String] {
        let all = protocols.map(\.proto)
        let emitter = BindingEmitter(side: side, allProtocols: all)
        var files: [String: String] = [:]
        for (name, proto) in protocols { files["\(name).swift"] = emitter.emit(proto) }
        files["WaylandInterfaces.swift"] = InterfaceTableEmitter(side: side).emit(all)
        files["WaylandRuntime.swift"] = RuntimeEmitter.emit(side: side)
        return files
    }

    public static func run(listURL: URL, side: ProtocolList.Side, outputDirectory: URL) throws {
        let text: String
        do {
            text = try String(contentsOf: listURL, encoding: .utf8)
        } catch {
            throw ProtocolParseError(description: "\(listURL.path): cannot read: \(error.localizedDescription)")
        }
        let list = try ProtocolList.parse(text, source: listURL.path)
        let projectDirectory = listURL.deletingLastPathComponent()
        var protocols: [(String, WaylandProtocol)] = []
        for entry in list.entries where entry.sides.contains(side) {
            let url = try ProtocolList.resolve(entry, projectDirectory: projectDirectory)
            protocols.append((entry.name, try ProtocolParser.parse(contentsOf: url)))
        }
        let files = generate(protocols: protocols, side: side)
        try FileManager.default.createDirectory(at: outputDirectory, withIntermediateDirectories: true)
        for (name, contents) in files {
            let url = outputDirectory.appendingPathComponent(name)
            // Unchanged output keeps its timestamp, so the build does not recompile for nothing.
            if let old = try? String(contentsOf: url, encoding: .utf8), old == contents { continue }
            try contents.write(to: url, atomically: true, encoding: .utf8)
        }
    }
}
