import Foundation
import PackagePlugin

/// Generates Swift bindings from the protocols in `Protocols/protocols.list` for the target it is
/// applied to: server bindings for a target whose name ends in `Server`, client bindings otherwise.
@main
struct WaylandScannerPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let side = target.name.hasSuffix("Server") ? "server" : "client"
        let list = context.package.directoryURL.appending(path: "Protocols/protocols.list")
        let text = try String(contentsOf: list, encoding: .utf8)
        let output = context.pluginWorkDirectoryURL.appending(path: "Generated")
        var names: [String] = []
        var inputs = [list]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first?
                .split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init) ?? []
            guard fields.count >= 4, fields[3...].contains(side) else { continue }
            names.append("\(fields[0]).swift")
            if fields[1] == "project" { inputs.append(context.package.directoryURL.appending(path: "Protocols/\(fields[2])")) }
        }
        names += ["WaylandInterfaces.swift", "WaylandRuntime.swift"]
        let tool = try context.tool(named: "WaylandScanner")
        return [.buildCommand(
            displayName: "Generating \(side) Wayland bindings for \(target.name)",
            executable: tool.url,
            arguments: ["--side", side, "--list", list.path, "--output", output.path],
            inputFiles: inputs + [tool.url],
            outputFiles: names.map { output.appending(path: $0) })]
    }
}
