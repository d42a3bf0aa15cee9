import Foundation
import Glibc
import Synchronization

/// A Unix socket where a Wayland compositor's would be, in a scratch `XDG_RUNTIME_DIR`, that
/// accepts the app's connection and then answers badly: not at all, only the first round trip,
/// or with bytes that are no Wayland message. Served on a thread of its own until the value goes.
///
/// It speaks just enough of the wire to answer a round trip: it reads the client's requests,
/// and for the first `wl_display.sync` it announces the globals a window needs on the
/// registry the client asked for, then sends the callback's `done`. Whatever the client sends
/// afterwards it reads and drops, so the client's next round trip is never answered.
final class UnansweringSocket {
    enum Behaviour: Sendable {
        /// Reads everything, writes nothing.
        case silent
        /// Answers the first round trip (with the globals a window needs), then nothing.
        case answersFirstRoundTrip
        /// Sends a message header that promises more bytes than libwayland's buffer holds.
        case garbage
    }

    let runtimeDirectory: String
    let socketName = "wayland-unanswering"
    /// Round trips (`wl_display.sync` requests) the client has asked for so far.
    var syncsSeen: Int { shared.syncs.withLock { $0 } }

    private let listener: Int32
    private let stopPipe: (read: Int32, write: Int32)
    private let shared = Shared()

    /// What the server thread and the test both look at.
    private final class Shared: Sendable {
        let syncs = Mutex(0)
        let finished = Mutex(false)
    }

    /// The environment that points a client here (`WAYLAND_DISPLAY`, `XDG_RUNTIME_DIR`).
    var environment: [String: String] {
        ["WAYLAND_DISPLAY": socketName, "XDG_RUNTIME_DIR": runtimeDirectory]
    }

    init(_ behaviour: Behaviour) throws {
        let template = FileManager.default.temporaryDirectory.appendingPathComponent("tc-sock-XXXXXX").path
        var bytes = Array(template.utf8CString)
        guard mkdtemp(&bytes) != nil else { throw HarnessError("mkdtemp: \(String(cString: strerror(errno)))") }
        runtimeDirectory = String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let listening = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        listener = listening
        guard listening >= 0 else { throw HarnessError("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array((runtimeDirectory + "/" + socketName).utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.enumerated() where index < raw.count - 1 { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listening, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(listening, 4) == 0 else { throw HarnessError("bind: \(String(cString: strerror(errno)))") }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw HarnessError("pipe: \(String(cString: strerror(errno)))") }
        stopPipe = (fds[0], fds[1])
        let stop = stopPipe.read
        let thread = Thread { [shared] in
            Self.serve(listener: listening, stop: stop, behaviour: behaviour, shared: shared)
            shared.finished.withLock { $0 = true }
        }
        thread.start()
    }

    deinit {
        _ = write(stopPipe.write, "x", 1)
        // The server thread closes the connections it holds; wait for it so none outlives the test.
        while !shared.finished.withLock({ $0 }) { usleep(1_000) }
        close(stopPipe.write)
        close(stopPipe.read)
        close(listener)
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }

    private static func serve(listener: Int32, stop: Int32, behaviour: Behaviour, shared: Shared) {
        var clients: [(fd: Int32, input: [UInt8], answered: Bool, registry: UInt32?)] = []
        defer { for client in clients { close(client.fd) } }
        while true {
            var fds = [pollfd(fd: stop, events: Int16(POLLIN), revents: 0), pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            fds += clients.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            guard poll(&fds, nfds_t(fds.count), -1) >= 0 || errno == EINTR else { return }
            if fds[0].revents != 0 { return }
            let polled = clients.count
            if fds[1].revents & Int16(POLLIN) != 0 {
                let fd = accept(listener, nil, nil)
                if fd >= 0 {
                    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                    clients.append((fd, [], false, nil))
                    if case .garbage = behaviour { sendGarbage(to: fd) }
                }
            }
            for index in (0..<polled).reversed() where fds[2 + index].revents != 0 {
                var chunk = [UInt8](repeating: 0, count: 4096)
                let count = chunk.withUnsafeMutableBytes { read(clients[index].fd, $0.baseAddress, $0.count) }
                if count <= 0 {
                    // The client went; keep it from being polled again (its end stays ours until the end).
                    close(clients[index].fd)
                    clients.remove(at: index)
                    continue
                }
                clients[index].input += chunk[0..<count]
                for message in takeMessages(from: &clients[index].input) where message.object == 1 {
                    if message.opcode == 1 { clients[index].registry = message.firstArgument }  // get_registry
                    guard message.opcode == 0 else { continue }  // sync
                    shared.syncs.withLock { $0 += 1 }
                    if case .answersFirstRoundTrip = behaviour, !clients[index].answered, let registry = clients[index].registry {
                        clients[index].answered = true
                        answer(sync: message.firstArgument, registry: registry, on: clients[index].fd)
                    }
                }
            }
        }
    }

    private struct Message {
        let object: UInt32
        let opcode: UInt32
        let firstArgument: UInt32
    }

    /// The whole messages at the front of `input`, taken off it.
    private static func takeMessages(from input: inout [UInt8]) -> [Message] {
        var messages: [Message] = []
        func word(_ at: Int) -> UInt32 {
            UInt32(input[at]) | UInt32(input[at + 1]) << 8 | UInt32(input[at + 2]) << 16 | UInt32(input[at + 3]) << 24
        }
        var offset = 0
        while input.count - offset >= 8 {
            let size = Int(word(offset + 4) >> 16)
            guard size >= 8, input.count - offset >= size else { break }
            let argument = size >= 12 ? word(offset + 8) : 0
            messages.append(Message(object: word(offset), opcode: word(offset + 4) & 0xFFFF, firstArgument: argument))
            offset += size
        }
        input.removeFirst(offset)
        return messages
    }

    /// The globals a window needs, then the callback's `done` and the display's `delete_id`.
    private static func answer(sync callback: UInt32, registry: UInt32, on fd: Int32) {
        var bytes: [UInt8] = []
        func message(_ object: UInt32, _ opcode: UInt32, _ body: [UInt8]) {
            for value in [object, UInt32(8 + body.count) << 16 | opcode] { bytes += withUnsafeBytes(of: value.littleEndian, Array.init) }
            bytes += body
        }
        func uint(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.littleEndian, Array.init) }
        func string(_ text: String) -> [UInt8] {
            var body = Array(text.utf8) + [0]
            let length = UInt32(body.count)
            while body.count % 4 != 0 { body.append(0) }
            return uint(length) + body
        }
        for (name, (interface, version)) in [("wl_compositor", 4), ("wl_shm", 1), ("xdg_wm_base", 1), ("wl_seat", 5), ("wl_output", 2)].enumerated() {
            message(registry, 0, uint(UInt32(name + 1)) + string(interface) + uint(UInt32(version)))
        }
        message(callback, 0, uint(1))
        message(1, 1, uint(callback))
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    /// A `wl_display` event whose header says it is 65 532 bytes long, and 8 KiB of it: more
    /// than libwayland's 4 KiB buffer holds, so the message can never be read.
    private static func sendGarbage(to fd: Int32) {
        var bytes = withUnsafeBytes(of: UInt32(1).littleEndian, Array.init) + withUnsafeBytes(of: (UInt32(65_532) << 16).littleEndian, Array.init)
        bytes += [UInt8](repeating: 0x5A, count: 8_192)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }
}
