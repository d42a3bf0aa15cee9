import Glibc
import Synchronization

/// `$XDG_RUNTIME_DIR`, where libwayland puts its sockets.
///
/// Test runners and CI containers often start without one. Then, once per process, a private
/// directory (`mkdtemp`, mode 0700, as the spec for XDG_RUNTIME_DIR demands) is created under
/// `/tmp` and exported with `setenv`, so the listening socket and every child started with
/// `environmentForClient` agree on it. At exit it is removed if empty (each compositor removes
/// its socket when it goes; one still open keeps the directory, harmlessly).
/// `setenv` is not thread-safe against concurrent `getenv`; it runs at most once, on the first
/// compositor's creation.
let processRuntimeDirectory: Result<String, ScriptedCompositor.Failure> = {
    if let existing = getenv("XDG_RUNTIME_DIR"), existing.pointee != 0 {
        return .success(String(cString: existing))
    }
    var template = Array("/tmp/tc-runtime-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer -> String? in
        guard let base = buffer.baseAddress, mkdtemp(base) != nil else { return nil }
        return String(cString: base)
    }
    guard let made else {
        return .failure(.runtimeDirectory("mkdtemp under /tmp failed: \(String(cString: strerror(errno)))"))
    }
    guard setenv("XDG_RUNTIME_DIR", made, 1) == 0 else {
        return .failure(.runtimeDirectory("setenv XDG_RUNTIME_DIR failed: \(String(cString: strerror(errno)))"))
    }
    // Test runs and demos each made one; a hundred runs left a hundred empty folders in /tmp.
    madeRuntimeDirectory = strdup(made)
    atexit { if let path = madeRuntimeDirectory { rmdir(path) } }
    return .success(made)
}()

/// The directory `processRuntimeDirectory` made, for the exit handler (a C function pointer
/// can capture nothing). Written once, before the handler is registered.
nonisolated(unsafe) private var madeRuntimeDirectory: UnsafeMutablePointer<CChar>?

/// Distinguishes compositors made by one process: `tc-scripted-<pid>-<n>`.
private let socketCounter = Atomic<Int>(0)

func nextSocketName() -> String {
    let n = socketCounter.add(1, ordering: .relaxed).newValue
    return "tc-scripted-\(getpid())-\(n)"
}
