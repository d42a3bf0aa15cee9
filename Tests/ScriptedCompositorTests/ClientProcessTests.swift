import Glibc
import ScriptedCompositor
import Testing
import TouchCanvasTesting

@Suite(.compositorSlot(timeLimit: .minutes(1)))
struct ClientProcessTests {
    @Test func capturesLinesStandardErrorAndExitStatus() async throws {
        let compositor = try ScriptedCompositor()  // for its waitUntil, which drains every child's output
        let child = try ClientProcess(executable: "/bin/sh",
                                      arguments: ["-c", "echo one; printf 'two\\nthree'; echo oops >&2; exit 3"])
        #expect(await child.waitForExit(timeout: patience) == 3)
        // The unterminated last line comes at end of file, which can trail the exit: a process
        // that a parallel test is spawning holds a copy of our pipe until it execs.
        _ = await compositor.waitUntil(timeout: patience) { child.lines.count >= 3 }
        #expect(child.lines == ["one", "two", "three"])
        #expect(child.standardError == "oops\n")
    }

    @Test func environmentIsLaidOverOurs() async throws {
        let child = try ClientProcess(executable: "/bin/sh", arguments: ["-c", "echo \"$TC_TEST_VALUE:$PATH\""],
                                      environment: ["TC_TEST_VALUE": "hello"])
        #expect(await child.waitForExit(timeout: patience) == 0)
        let line = try #require(child.lines.first)
        #expect(line.hasPrefix("hello:") && line.count > "hello:".count)
    }

    @Test func aMissingExecutableThrows() {
        #expect(throws: ClientProcess.Failure.self) {
            _ = try ClientProcess(executable: "/nonexistent/touchcanvas")
        }
    }

    @Test func terminateStopsAChildThatIgnoresSIGTERM() async throws {
        let child = try ClientProcess(executable: "/bin/sh", arguments: ["-c", "trap '' TERM; echo ready; while :; do sleep 1; done"])
        let deadline = ScriptedCompositor.monotonicNanoseconds + UInt64(patience * 1e9)
        while child.lines.isEmpty && ScriptedCompositor.monotonicNanoseconds < deadline {
            try await Task.sleep(nanoseconds: 2_000_000)
        }
        #expect(child.isRunning)
        #expect(child.terminate(grace: 0.2) == 128 + SIGKILL)
        #expect(child.exitStatus == 128 + SIGKILL)
    }

    @Test func deinitKillsARunningChild() throws {
        var pid: pid_t = 0
        do {
            let child = try ClientProcess(executable: "/bin/sleep", arguments: ["30"])
            pid = child.pid
            #expect(kill(pid, 0) == 0)
        }
        #expect(kill(pid, 0) == -1 && errno == ESRCH)  // killed and reaped
    }

    @Test func aChattyChildIsDrainedByThePump() async throws {
        let compositor = try ScriptedCompositor()
        // 200 000 lines overflow any pipe many times over; only draining lets the child finish.
        let child = try ClientProcess(executable: "/bin/sh", arguments: ["-c", "seq 1 200000; echo done >&2"],
                                      environment: compositor.environmentForClient)
        #expect(await compositor.waitUntil(timeout: patience) { child.exitStatus != nil })
        #expect(child.exitStatus == 0)
        let lines = child.lines
        #expect(lines.count == 200_000 && lines.last == "200000")
        #expect(child.standardError == "done\n")
    }

    /// What `make sanitize` relies on to fail an end-to-end test whose child the sanitizer
    /// caught: each sanitizer's report is found, from the start of its line, and ordinary
    /// stderr is not taken for one.
    @Test(arguments: [
        ("==41==ERROR: AddressSanitizer: heap-use-after-free on address 0x6020", "==41==ERROR: AddressSanitizer"),
        ("==41==ERROR: LeakSanitizer: detected memory leaks", "==41==ERROR: LeakSanitizer"),
        ("WARNING: ThreadSanitizer: data race (pid=41)", "WARNING: ThreadSanitizer"),
        ("Sources/CShim/CShim.c:9:12: runtime error: signed integer overflow", "Sources/CShim/CShim.c:9:12: runtime error"),
    ])
    func aSanitizerReportIsFoundInStandardError(report: String, start: String) {
        let stderr = "touchcanvas: recorded /tmp/a.tcrec\n\n=================\n" + report + "\n    #0 0x1 in f\n"
        let found = ClientProcess.sanitizerReport(in: stderr)
        #expect(found?.hasPrefix(start) == true)
        #expect(found?.contains("#0 0x1 in f") == true)
    }

    @Test func ordinaryStandardErrorIsNoSanitizerReport() {
        #expect(ClientProcess.sanitizerReport(in: "") == nil)
        #expect(ClientProcess.sanitizerReport(in: "touchcanvas: error: cannot read x.tcrec: line 3: not a number\n") == nil)
    }

    @Test func whenFinishedRunsAfterTheChildIsStoppedWithAllItsOutput() async throws {
        var seen: (status: Int32?, stderr: String, report: String?)?
        do {
            let child = try ClientProcess(executable: "/bin/sh",
                                          arguments: ["-c", "echo '==7==ERROR: LeakSanitizer: detected memory leaks' >&2; exit 23"])
            child.whenFinished = { seen = ($0.exitStatus, $0.standardError, $0.sanitizerReport) }
            _ = await child.waitForExit(timeout: patience)
            #expect(seen == nil)  // not before the process object goes
        }
        #expect(seen?.status == 23)
        #expect(seen?.stderr == "==7==ERROR: LeakSanitizer: detected memory leaks\n")
        #expect(seen?.report?.hasPrefix("==7==ERROR: LeakSanitizer") == true)
    }
}
