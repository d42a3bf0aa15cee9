#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CShim

/// The POSIX calls every file the app saves goes through (``OutputFile``), as swappable closures.
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
    /// `lstat`: what the name itself is, a symbolic link included.
    var linkStatus: @Sendable (String) -> Result<FileStatus>
    /// `stat`: what the name leads to, links followed.
    var status: @Sendable (String) -> Result<FileStatus>
    var descriptorStatus: @Sendable (Int32) -> Result<FileStatus>
    /// `realpath`: the path with every link and `..` resolved.
    var resolvedPath: @Sendable (String) -> Result<String>
    /// `readlink`, for naming where a dangling link points.
    var linkTarget: @Sendable (String) -> Result<String>
    /// `open(path, O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)`: an existing file, to rewrite
    /// in place. Non-blocking so that a FIFO swapped in at the last moment cannot hang the open.
    var openExisting: @Sendable (String) -> Result<Int32>
    var changeOwner: @Sendable (Int32, UInt32, UInt32) -> Result<Void>
    var changeMode: @Sendable (Int32, UInt32) -> Result<Void>
    /// Reserves `length` bytes from the start without changing the size (``tc_reserve_keeping_size``).
    var reserve: @Sendable (Int32, Int) -> Result<Void>
    var truncate: @Sendable (Int32, Int) -> Result<Void>
    /// An anonymous file in memory (`memfd_create`), where a rewrite in place is staged.
    var createInMemory: @Sendable () -> Result<Int32>
    /// One `pread`; 0 at the end.
    var read: @Sendable (Int32, UnsafeMutableRawBufferPointer, Int) -> Result<Int>
    /// `fstatfs`'s `f_type`.
    var fileSystemType: @Sendable (Int32) -> Result<Int64>

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
        unlink: { path in retryingEINTR { posixUnlink(path) }.map { _ in } },
        linkStatus: { path in statusResult { lstat(path, &$0) } },
        status: { path in statusResult { stat(path, &$0) } },
        descriptorStatus: { fd in statusResult { fstat(fd, &$0) } },
        resolvedPath: { path in
            guard let resolved = realpath(path, nil) else { return .failure(Errno(errno)) }
            defer { free(resolved) }
            return .success(String(cString: resolved))
        },
        linkTarget: { path in
            var bytes = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(path, &bytes, bytes.count - 1)
            guard count >= 0 else { return .failure(Errno(errno)) }
            return .success(String(decoding: bytes[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self))
        },
        openExisting: { path in
            retryingEINTR { open(path, O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
        },
        changeOwner: { fd, owner, group in retryingEINTR { fchown(fd, owner, group) }.map { _ in } },
        changeMode: { fd, mode in retryingEINTR { fchmod(fd, mode_t(mode)) }.map { _ in } },
        reserve: { fd, length in retryingEINTR { tc_reserve_keeping_size(fd, Int64(length)) }.map { _ in } },
        truncate: { fd, length in retryingEINTR { ftruncate(fd, off_t(length)) }.map { _ in } },
        createInMemory: { retryingEINTR { tc_memfd_create("touchcanvas-output", tc_mfd_cloexec) } },
        read: { fd, buffer, offset in
            retryingEINTR { pread(fd, buffer.baseAddress, buffer.count, off_t(offset)) }.map { Int($0) }
        },
        fileSystemType: { fd in retryingEINTR { tc_file_system_type(fd) } }
    )
}

/// What `stat` says about a file, the parts the writer decides on.
struct FileStatus: Hashable, Sendable {
    var type: FileType
    /// Permission bits, set-id and sticky bits (`st_mode & 07777`).
    var permissions: UInt32
    var owner: UInt32
    var group: UInt32
    var links: Int
    var size: Int
    var identity: FileIdentity

    init(_ raw: stat) {
        type = FileType(mode: raw.st_mode)
        permissions = UInt32(raw.st_mode) & 0o7777
        owner = raw.st_uid
        group = raw.st_gid
        links = Int(raw.st_nlink)
        size = Int(raw.st_size)
        identity = FileIdentity(device: UInt64(raw.st_dev), inode: UInt64(raw.st_ino))
    }

    init(type: FileType, permissions: UInt32 = 0o644, owner: UInt32 = 0, group: UInt32 = 0, links: Int = 1,
         size: Int = 0, identity: FileIdentity = FileIdentity(device: 0, inode: 0)) {
        self.type = type
        self.permissions = permissions
        self.owner = owner
        self.group = group
        self.links = links
        self.size = size
        self.identity = identity
    }
}

/// The kind of thing a name leads to, as `st_mode` says.
enum FileType: Hashable, Sendable {
    case regular, directory, symbolicLink, characterDevice, blockDevice, fifo, socket, unknown

    init(mode: mode_t) {
        self = switch mode & S_IFMT {
        case S_IFREG: .regular
        case S_IFDIR: .directory
        case S_IFLNK: .symbolicLink
        case S_IFCHR: .characterDevice
        case S_IFBLK: .blockDevice
        case S_IFIFO: .fifo
        case S_IFSOCK: .socket
        default: .unknown
        }
    }

    /// "a character device", for "it is … , not a regular file".
    var withArticle: String {
        switch self {
        case .regular: "a regular file"
        case .directory: "a folder"
        case .symbolicLink: "a symbolic link"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .fifo: "a FIFO (named pipe)"
        case .socket: "a socket"
        case .unknown: "of an unknown type"
        }
    }
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
        case ELOOP: "ELOOP"
        case ETXTBSY: "ETXTBSY"
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

/// `stat`-family call into a fresh buffer, as a ``FileStatus`` or `errno`.
private func statusResult(_ body: (inout stat) -> Int32) -> Swift.Result<FileStatus, Errno> {
    var raw = stat()
    while true {
        if body(&raw) == 0 { return .success(FileStatus(raw)) }
        let code = errno
        if code != EINTR { return .failure(Errno(code)) }
    }
}

/// Calls `body` until it does not fail with `EINTR`; a negative result becomes `errno`.
private func retryingEINTR<T: FixedWidthInteger>(_ body: () -> T) -> Swift.Result<T, Errno> {
    while true {
        let result = body()
        if result >= 0 { return .success(result) }
        let code = errno
        if code != EINTR { return .failure(Errno(code)) }
    }
}
