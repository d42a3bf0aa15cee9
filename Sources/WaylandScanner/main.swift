import Foundation
import WaylandScannerKit

/// `WaylandScanner --side client|server --list Protocols/protocols.list --output DIR`
///
/// Run by the build plugin; kept argument-parser-free so the build tool builds fast.
func usage() -> Never {
    FileHandle.standardError.write(Data("usage: WaylandScanner --side client|server --list FILE --output DIR\n".utf8))
    exit(2)
}

var side: ProtocolList.Side?
var list: String?
var output: String?
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--side": side = arguments.next().flatMap(ProtocolList.Side.init(rawValue:))
    case "--list": list = arguments.next()
    case "--output": output = arguments.next()
    default: usage()
    }
}
guard let side, let list, let output else { usage() }
do {
    try Generator.run(listURL: URL(fileURLWithPath: list), side: side,
                      outputDirectory: URL(fileURLWithPath: output))
} catch {
    FileHandle.standardError.write(Data("WaylandScanner: \(error)\n".utf8))
    exit(1)
}
