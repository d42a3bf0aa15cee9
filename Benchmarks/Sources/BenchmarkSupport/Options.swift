import Foundation

/// The `--name value` pairs of a benchmark's command line, by name without the dashes; a flag
/// followed by another flag (or last) is a switch, with the value "". Anything else (a stray
/// word) prints `usage` to stderr and exits with status 2: a benchmark that silently ignored a
/// mistyped option would measure something else.
public func parseOptions(_ arguments: [String] = Array(CommandLine.arguments.dropFirst()), usage: String) -> [String: String] {
    var options: [String: String] = [:]
    var rest = arguments[...]
    while let flag = rest.popFirst() {
        guard flag.hasPrefix("--") else {
            FileHandle.standardError.write(Data(("usage: " + usage + "\n").utf8))
            exit(2)
        }
        // A flag followed by another flag, or last, is a switch: it is there, with no value.
        let value = rest.first.map { !$0.hasPrefix("--") } == true ? rest.popFirst() ?? "" : ""
        options[String(flag.dropFirst(2))] = value
    }
    return options
}
