import Glibc
import Wayland

/// `tc-inject BACKEND`: fakes touch or pointer input in a real compositor for the integration
/// tests, from a script on stdin (see `InjectCommand`). It prints `ready` once bound and keeps
/// the connection open until stdin ends, because some compositors (KWin) only show the fake
/// device while its client is connected.
@MainActor
func runInjector(arguments: [String]) -> Int32 {
    let backends: [String: any InjectionBackend.Type] = [
        VirtualPointerBackend.name: VirtualPointerBackend.self,
        FakeInputBackend.name: FakeInputBackend.self,
    ]
    guard arguments.count == 2, let backendType = backends[arguments[1]] else {
        let names = backends.keys.sorted().joined(separator: "|")
        say("usage: tc-inject \(names) < script")
        return 64
    }
    do {
        let connection = try Connection()
        let loop = try EventLoop(connection: connection)
        guard let registry = GlobalRegistry(connection: connection) else {
            throw InjectError.connection("the connection failed before the registry could be read")
        }
        try loop.roundtrip()
        guard let backend = try backendType.init(registry: registry) else {
            throw InjectError.setup("the compositor does not offer \(backendType.name)")
        }
        try loop.roundtrip()
        print("ready")
        fflush(nil)
        while let line = readLine() {
            guard let command = try InjectCommand.parse(Substring(line)) else { continue }
            switch command {
            case .sleep(let seconds):
                usleep(UInt32(seconds * 1_000_000))
            case .sync:
                try loop.roundtrip()
            default:
                try backend.perform(command)
                // Sent now, not when the buffer fills: the tests time their steps.
                try loop.flush()
            }
        }
        try loop.roundtrip()
        return 0
    } catch let error as InjectError {
        say("tc-inject: \(error)")
        return 1
    } catch let error as WaylandError {
        say("tc-inject: \(error)")
        return 1
    } catch {
        say("tc-inject: \(error)")
        return 1
    }
}

/// One line on stderr.
func say(_ message: String) {
    var bytes = Array("\(message)\n".utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}

exit(runInjector(arguments: CommandLine.arguments))
