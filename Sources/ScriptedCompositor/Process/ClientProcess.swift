import Foundation
import Glibc

/// A child process — usually the real `touchcanvas` — with its output captured line by line.
///
/// ```swift
/// let app = try ClientProcess(executable: path, arguments: ["--log", "phases"],
///                             environment: compositor.environmentForClient)
/// _ = compositor.waitUntil(timeout: 5) { app.lines.count >= 2 }
/// ```
///
/// The child inherits this process's environment with `environment` laid over it, stdin from
/// /dev/null, and default signal handling. Its stdout and stderr are pipes read without blocking:
/// by `drainOutput()`, by the accessors, and by every `ScriptedCompositor` pump round, so a chatty
/// child never stalls on a full pipe. Signals go to its own PID only, and `deinit` stops a child
/// that is still running, so a failing test leaves nothing behind. (If this process is killed
/// outright, the child loses its compositor connection and exits on its own.)
public final class ClientProcess {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let pid: pid_t
    public let executable: String
    private let capture: OutputCapture
    private var reapedStatus: Int32?

    /// The descriptor number a child gets for `inheriting` (the first after stdin, stdout, stderr).
    public static let inheritedDescriptor: Int32 = 3

    /// With `inheriting`, the child gets that descriptor as ``inheritedDescriptor`` (a held
    /// clock's link, say); every other descriptor of this process stays closed to it.
    public init(executable: String, arguments: [String] = [], environment: [String: String] = [:],
                inheriting descriptor: Int32? = nil) throws {
        self.executable = executable
        // Socket pairs rather than pipes: `pipe2` (atomic O_CLOEXEC) sits behind _GNU_SOURCE, and a
        // descriptor made without close-on-exec could leak into a child spawned meanwhile by a
        // parallel test, which would then hold our stream open. SOCK_CLOEXEC is atomic.
        var outPipe: [Int32] = [-1, -1]
        var errPipe: [Int32] = [-1, -1]
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        guard socketpair(AF_UNIX, type, 0, &outPipe) == 0 else {
            throw Failure(description: "socketpair: \(String(cString: strerror(errno)))")
        }
        guard socketpair(AF_UNIX, type, 0, &errPipe) == 0 else {
            close(outPipe[0]); close(outPipe[1])
            throw Failure(description: "socketpair: \(String(cString: strerror(errno)))")
        }
        // Only our ends are non-blocking: O_NONBLOCK on the child's ends would make its writes fail.
        _ = fcntl(outPipe[0], F_SETFL, O_NONBLOCK)
        _ = fcntl(errPipe[0], F_SETFL, O_NONBLOCK)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        // dup2 onto itself would keep close-on-exec: a descriptor that already has the number
        // is moved out of the way first.
        let moved = descriptor == Self.inheritedDescriptor ? fcntl(Self.inheritedDescriptor, F_DUPFD_CLOEXEC, 4) : -1
        defer { if moved >= 0 { close(moved) } }
        if let descriptor { posix_spawn_file_actions_adddup2(&actions, moved >= 0 ? moved : descriptor, Self.inheritedDescriptor) }

        // The test runner may block or ignore signals (SIGPIPE); the child starts clean.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }

        var child: pid_t = 0
        let result = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        close(outPipe[1])
        close(errPipe[1])
        guard result == 0 else {
            close(outPipe[0])
            close(errPipe[0])
            throw Failure(description: "cannot start \(executable): \(String(cString: strerror(result)))")
        }
        pid = child
        capture = OutputCapture(stdout: outPipe[0], stderr: errPipe[0])
    }

    /// Seconds `deinit` gives a child that is still running between SIGTERM and SIGKILL. A child
    /// built with a sanitizer writes its leak report as it exits, which takes longer than a plain
    /// exit: a test harness raises this so the report is written rather than cut off.
    public var terminationGrace: Double = 1

    /// Run once by `deinit`, after the child has been stopped and its output read to the end: the
    /// place for a test target to look at what every child said (a sanitizer's report, say), so
    /// that no test has to remember to.
    public var whenFinished: ((ClientProcess) -> Void)?

    deinit {
        terminate(grace: terminationGrace)
        whenFinished?(self)
    }

    /// The report a sanitizer wrote to the child's stderr (AddressSanitizer, LeakSanitizer,
    /// ThreadSanitizer or UndefinedBehaviorSanitizer), from its first line on; nil if none.
    /// A child built with `make sanitize` writes one for every memory error, leak, data race or
    /// undefined behaviour it meets.
    public var sanitizerReport: String? { Self.sanitizerReport(in: standardError) }

    /// The lines that open a sanitizer's report: ASan, LSan and TSan name themselves; UBSan's
    /// diagnostics read `file:line:column: runtime error: …`.
    static let sanitizerMarkers = ["ERROR: AddressSanitizer", "ERROR: LeakSanitizer", "WARNING: ThreadSanitizer",
                                   "ERROR: ThreadSanitizer", "ERROR: UndefinedBehaviorSanitizer", ": runtime error: "]

    /// The first sanitizer report in `text`, from the start of its line, at most 8 000 characters.
    public static func sanitizerReport(in text: String) -> String? {
        let firstMarker = sanitizerMarkers.compactMap { text.range(of: $0)?.lowerBound }.min()
        guard let firstMarker else { return nil }
        let lineStart = text[..<firstMarker].lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        return String(text[lineStart...].prefix(8_000))
    }

    /// Reads whatever the child has written so far (never blocks).
    public func drainOutput() { capture.drain() }

    /// Drains output from every live child of this process; the compositor's pump calls it.
    static func drainAllOutput() { OutputCapture.drainAll() }

    /// Complete stdout lines so far. A final line without newline appears at end of file, once
    /// every copy of the pipe is closed: usually when the child exits, but a process being spawned
    /// meanwhile (by another thread) holds a copy until it execs, so wait for it rather than
    /// expect it right after `waitForExit`.
    public var lines: [String] {
        capture.drain()
        return capture.lines
    }

    public var standardOutput: String {
        capture.drain()
        return capture.standardOutput
    }

    public var standardError: String {
        capture.drain()
        return capture.standardError
    }

    /// The exit status once the child has exited (without waiting), else nil. A child killed by a
    /// signal reports 128 + the signal number, as shells do.
    public var exitStatus: Int32? {
        if let reapedStatus { return reapedStatus }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        guard result == pid else { return nil }
        reap(status)
        return reapedStatus
    }

    public var isRunning: Bool { exitStatus == nil }

    /// Waits up to `timeout` seconds for the child to exit. It does not pump a compositor: when
    /// the child needs one to get there, pass it (or use `compositor.waitUntil { app.exitStatus != nil }`).
    public func waitForExit(timeout: Double, pumping compositor: ScriptedCompositor? = nil) -> Int32? {
        let deadline = uptimeNanoseconds() &+ nanoseconds(fromSeconds: timeout)
        while true {
            if let status = exitStatus { return status }
            guard uptimeNanoseconds() < deadline else { return nil }
            if let compositor {
                compositor.pump(for: 0.005)
            } else {
                capture.drain()
                usleep(2_000)
            }
        }
    }

    /// ``waitForExit(timeout:pumping:)`` for async callers: suspended, not blocked, meanwhile.
    nonisolated(nonsending) public func waitForExit(timeout: Double, pumping compositor: ScriptedCompositor? = nil) async -> Int32? {
        let deadline = uptimeNanoseconds() &+ nanoseconds(fromSeconds: timeout)
        while true {
            if let status = exitStatus { return status }
            guard uptimeNanoseconds() < deadline else { return nil }
            if let compositor {
                await compositor.pump(for: 0.005)
            } else {
                capture.drain()
                try? await Task.sleep(nanoseconds: 2_000_000)
            }
        }
    }

    /// SIGTERM, then SIGKILL if the child is still there after `grace` seconds; returns its status.
    @discardableResult
    public func terminate(grace: Double = 2) -> Int32? {
        if let status = exitStatus { return status }
        // Not yet reaped, so the PID is still ours (a zombie keeps it reserved).
        kill(pid, SIGTERM)
        if let status = waitForExit(timeout: grace) { return status }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(pid, &status, 0) } while result < 0 && errno == EINTR
        if result == pid { reap(status) }
        return reapedStatus
    }

    private func reap(_ status: Int32) {
        let signal = status & 0x7F
        reapedStatus = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        capture.drain()
    }
}
