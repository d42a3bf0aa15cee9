import ScriptedCompositor
import Testing
@testable import touchcanvas

/// What `demo` says when its app child ends badly: the child's status as the demo's, and the
/// child's last line on stderr, which is usually why. A shell stands in for the app here; the
/// end-to-end tests kill a real one.
@Suite(.timeLimit(.minutes(1)))
struct DemoErrorTests {
    private func ended(_ script: String) throws -> (error: DemoError, status: Int32?) {
        let child = try ClientProcess(executable: "/bin/sh", arguments: ["-c", script])
        let status = child.waitForExit(timeout: 30)
        return (DemoError.appEnded(child, status: status ?? -1, while: "as the recording played"), status)
    }

    @Test func theLastLineOnStderrAndTheStatusArePassedOn() throws {
        let (error, status) = try ended("echo first >&2; echo 'touchcanvas: the connection to the compositor was lost' >&2; echo >&2; exit 3")
        #expect(status == 3)
        #expect(error.status == 3)
        #expect(error.description == "the app ended with status 3 as the recording played; "
                + "its last line on stderr: touchcanvas: the connection to the compositor was lost")
    }

    @Test func aSignalIsNamedAndAnAppThatQuitTooSoonIsStillAFailure() throws {
        let (killed, _) = try ended("kill -KILL $$")
        #expect(killed.status == 137)
        #expect(killed.description == "the app was ended by signal 9 (status 137) as the recording played; it wrote nothing on stderr")
        let (quit, _) = try ended("exit 0")
        #expect(quit.status == 1, "the demo had not finished with it: not a success")
    }
}
