import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

extension TouchCanvasCommand {
    /// ArgumentParser answers `help NAME` for a name it does not know with the general help and
    /// status 0, so a mistyped `touchcanvas help replya` looks like an answer. Refuse it here,
    /// naming the subcommands there are, with the usage status (64) other mistakes get.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let unknown = unknownHelpTopic(in: arguments) {
            let names = configuration.subcommands.map { $0._commandName }.joined(separator: ", ")
            printError("help: there is no subcommand \"\(unknown)\"; the subcommands are \(names)")
            Glibc.exit(64)
        }
        main(nil)
    }

    /// The first word after `help` that names no subcommand; nil when all do, or for anything
    /// but `help` (none of the subcommands has subcommands of its own).
    static func unknownHelpTopic(in arguments: [String]) -> String? {
        guard arguments.first == "help" else { return nil }
        let words = arguments.dropFirst().filter { !$0.hasPrefix("-") }
        guard let topic = words.first else { return nil }
        let known = Set(configuration.subcommands.map { $0._commandName } + ["help"])
        if !known.contains(topic) { return topic }
        return words.dropFirst().first
    }
}
