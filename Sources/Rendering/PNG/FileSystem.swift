#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The handful of POSIX calls the PNG writer makes, as swappable closures.
///
/// Like swift-system's syscall layer: production code uses ``live``, which retries on `EINTR`
/// and returns `errno` as a value; tests substitute failing calls (a full disk after N bytes,
/// a rename that fails) that cannot be provoked reliably on a real file system, especially
/// as root, where permission bits do not stop anything.
struct FileSystem: Sendable {
    /// Result of a call: the value, or the `errno` it failed with.
    typealias Result<Value> = Swift.Result<Value, Errno>

    /// `open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666)`: a new file, never an
    /// existing one; the process umask decides the final permissions.
    var createExclusive: @Sendable (String) -> Result<Int32>
    /// `open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)`, for syncing a folder.
    var openDirectory: @Sendable (String) -> Result<Int32>
    /// One `write`; may write less than asked.
    var write: @Sendable (Int32, UnsafeRawBufferPointer) -> Result<Int>
    var fsync: @Sendable (Int32) -> Result<Void>
    var close: @Sendable (Int32) -> Result<Void>
    var rename: @Sendable (String, String) -> Result<Void>
    var unlink: @Sendable (String) -> Result<Void>

    static let live = FileSystem(
        createExclusive: { path in
            retryingEINTR { open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666) }
        },
        openDirectory: { path in
            retryingEINTR { open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        },
        write: { fd, bytes in retryingEINTR { posixWrite(fd, bytes) }.map { Int($0) } },
        fsync: { fd in retryingEINTR { posixFsync(fd) }.map { _ in } },
        // Never retried: after EINTR the descriptor state is unspecified on Linux and it is
        // already released, so a retry could close someone else's file.
        close: { fd in posixClose(fd) == 0 ? .success(()) : .failure(Errno(errno)) },
        rename: { from, to in retryingEINTR { posixRename(from, to) }.map { _ in } },
        unlink: { path in retryingEINTR { posixUnlink(path) }.map { _ in } }
    )
}

/// A POSIX error number, named for messages.
struct Errno: Error, Hashable, Sendable {
    let rawValue: Int32
    init(_ rawValue: Int32) { self.rawValue = rawValue }

    static let noSpace = Errno(ENOSPC)
    static let quotaExceeded = Errno(EDQUOT)

    /// The C constant's name for the common cases, e.g. `ENOSPC`.
    var name: String {
        switch rawValue {
        case ENOENT: "ENOENT"
        case EACCES: "EACCES"
        case EPERM: "EPERM"
        case ENOSPC: "ENOSPC"
        case EDQUOT: "EDQUOT"
        case EROFS: "EROFS"
        case ENOTDIR: "ENOTDIR"
        case EISDIR: "EISDIR"
        case EEXIST: "EEXIST"
        case EIO: "EIO"
        case ENAMETOOLONG: "ENAMETOOLONG"
        case EXDEV: "EXDEV"
        default: "errno \(rawValue)"
        }
    }

    /// The C library's description (`strerror`).
    var message: String {
        strerror(rawValue).map { String(cString: $0) } ?? "unknown error"
    }
}

// File-scope spellings of the C calls, whose plain names the closures' labels would shadow.
private func posixWrite(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int { write(fd, bytes.baseAddress, bytes.count) }
private func posixFsync(_ fd: Int32) -> Int32 { fsync(fd) }
private func posixClose(_ fd: Int32) -> Int32 { close(fd) }
private func posixRename(_ from: String, _ to: String) -> Int32 { rename(from, to) }
private func posixUnlink(_ path: String) -> Int32 { unlink(path) }

/// Calls `body` until it does not fail with `EINTR`; a negative result becomes `errno`.
private func retryingEINTR<T: FixedWidthInteger>(_ body: () -> T) -> Swift.Result<T, Errno> {
    while true {
        let result = body()
        if result >= 0 { return .success(result) }
        let code = errno
        if code != EINTR { return .failure(Errno(code)) }
    }
}
