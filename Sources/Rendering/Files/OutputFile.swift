#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One file being saved: the single road every PNG, SVG, report and recording the app writes
/// takes, so that saving never destroys what had the name before.
///
/// ```swift
/// let output = try OutputFile(path: "shot.png", kind: "PNG")
/// try output.write(bytes)          // or write to `output.descriptor` directly
/// try output.commit()              // the new content is in place, or the old one untouched
/// ```
///
/// The path is resolved first: devices, FIFOs, sockets, folders, dangling
/// links and the kernel's files are refused, a link is followed to its file. Then one of three
/// ways of writing is chosen:
///
/// - **A new file**: written to a temporary name beside it and renamed into place, so a full
///   disk never leaves half a file under the name. A *growing* output (a recording, read while
///   it is being made and worth keeping after a crash) is created under its own name instead.
/// - **An existing file with one name**: the temporary file beside it gets the old file's owner
///   and mode before the rename, so a private file stays private and a shared one shared.
/// - **An existing file with other names (hard links), or whose owner the temporary file
///   cannot take, or in a folder we may not create in**: rewritten in place, because a rename
///   would give the name a new inode, cutting it from its other names or changing its owner.
///   The content is staged in memory first, the blocks it needs are reserved in the file
///   before the first old byte is overwritten (a full disk leaves the old file as it was), and
///   the file is truncated to the new length only at the end. File systems that cannot reserve
///   space lose that guarantee; the write itself is the same.
///
/// Until ``commit()`` nothing visible changes, except the growing new file; ``discard()`` (or
/// dropping the value) removes the temporary file.
public final class OutputFile {
    /// The path as the user gave it, for messages.
    public let path: String
    let kind: String
    let fileSystem: FileSystem
    private let target: OutputTarget
    private let plan: Plan
    /// Where the bytes go until the commit.
    public let descriptor: Int32
    private var isFinished = false

    private enum Plan {
        /// `descriptor` is a temporary file beside the target, renamed over it at the commit.
        case replace(temporary: String)
        /// `descriptor` is the target itself, new and growing.
        case createDirectly
        /// `descriptor` is a file in memory, copied into the existing target at the commit.
        case rewriteInPlace(FileStatus)
    }

    /// Resolves `path` and opens where the content goes. `kind` names the file in errors
    /// ("cannot save SVG to …"); `growing` is for a new file that must be readable under its
    /// own name while it is written.
    public convenience init(path: String, kind: String, growing: Bool = false) throws(PNGError) {
        try self.init(path: path, kind: kind, growing: growing, fileSystem: .live)
    }

    init(path: String, kind: String, growing: Bool = false, fileSystem: FileSystem) throws(PNGError) {
        self.path = path
        self.kind = kind
        self.fileSystem = fileSystem
        let target = try OutputTarget.resolve(path, kind: kind, fileSystem: fileSystem)
        let opened = try Self.open(target, growing: growing, path: path, kind: kind, fileSystem: fileSystem)
        self.target = target
        descriptor = opened.descriptor
        plan = opened.plan
    }

    private static func open(_ target: OutputTarget, growing: Bool, path: String, kind: String,
                             fileSystem: FileSystem) throws(PNGError) -> (descriptor: Int32, plan: Plan) {
        switch target {
        case let .missing(targetPath) where growing:
            switch fileSystem.createExclusive(targetPath) {
            case let .success(fd): return (fd, .createDirectly)
            case let .failure(error): throw PNGError(path: path, step: .createFile, errno: error, kind: kind)
            }
        case let .missing(targetPath):
            let (temporary, fd) = try createTemporaryFile(besides: targetPath, path: path, kind: kind, fileSystem: fileSystem)
            return (fd, .replace(temporary: temporary))
        case let .existing(targetPath, status):
            return try open(existing: targetPath, status: status, path: path, kind: kind, fileSystem: fileSystem)
        }
    }

    deinit {
        if !isFinished { discard() }
    }

    /// Writes all of `bytes` at the current end.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(PNGError) {
        if let error = Self.writeAll(bytes, to: descriptor, fileSystem: fileSystem) {
            throw PNGError(path: path, step: .write, errno: error, kind: kind)
        }
    }

    /// Puts the content in place (see the type's notes), synced to the disk. On failure the
    /// old file is as it was (or, for a growing new file, holds what was written).
    public func commit() throws(PNGError) {
        guard !isFinished else { return }
        isFinished = true
        switch plan {
        case .createDirectly:
            try syncAndClose(descriptor)
            syncFolder(of: target.path)
        case let .replace(temporary):
            do throws(PNGError) {
                try syncAndClose(descriptor)
                if case let .failure(error) = fileSystem.rename(temporary, target.path) {
                    throw PNGError(path: path, step: .rename, errno: error, kind: kind)
                }
            } catch {
                _ = fileSystem.unlink(temporary)
                throw error
            }
            syncFolder(of: target.path)
        case let .rewriteInPlace(status):
            defer { _ = fileSystem.close(descriptor) }
            try copyInPlace(expecting: status)
        }
    }

    /// Gives up: the temporary file goes, the old file stays as it was. A growing new file
    /// keeps what was written (a recording cut short is still worth having).
    public func discard() {
        guard !isFinished else { return }
        isFinished = true
        _ = fileSystem.close(descriptor)
        if case let .replace(temporary) = plan { _ = fileSystem.unlink(temporary) }
    }

    // MARK: Opening

    private static func open(existing targetPath: String, status: FileStatus, path: String, kind: String,
                             fileSystem: FileSystem) throws(PNGError) -> (descriptor: Int32, plan: Plan) {
        // A rename would cut every other name of the file from the new content.
        guard status.links == 1 else { return try inMemory(status, path: path, kind: kind, fileSystem: fileSystem) }
        let temporary: String
        let fd: Int32
        do throws(PNGError) {
            (temporary, fd) = try createTemporaryFile(besides: targetPath, path: path, kind: kind, fileSystem: fileSystem)
        } catch let error where error.errno == EACCES || error.errno == EPERM {
            // A folder we may not create in can still hold a file we may write.
            return try inMemory(status, path: path, kind: kind, fileSystem: fileSystem)
        }
        if takeOwnerAndMode(of: status, fd: fd, fileSystem: fileSystem) {
            return (fd, .replace(temporary: temporary))
        }
        // Only root may give a file away: an unprivileged user rewriting someone else's
        // writable file keeps its owner by writing in place.
        _ = fileSystem.close(fd)
        _ = fileSystem.unlink(temporary)
        return try inMemory(status, path: path, kind: kind, fileSystem: fileSystem)
    }

    /// Gives the temporary file the old file's owner, group and mode; false when not allowed.
    /// The owner goes first: `fchown` clears the set-id bits that `fchmod` then restores.
    private static func takeOwnerAndMode(of status: FileStatus, fd: Int32, fileSystem: FileSystem) -> Bool {
        guard case let .success(current) = fileSystem.descriptorStatus(fd) else { return false }
        if current.owner != status.owner || current.group != status.group {
            guard case .success = fileSystem.changeOwner(fd, status.owner, status.group) else { return false }
        }
        guard case .success = fileSystem.changeMode(fd, status.permissions) else { return false }
        return true
    }

    private static func inMemory(_ status: FileStatus, path: String, kind: String,
                                 fileSystem: FileSystem) throws(PNGError) -> (descriptor: Int32, plan: Plan) {
        switch fileSystem.createInMemory() {
        case let .success(fd): return (fd, .rewriteInPlace(status))
        case let .failure(error): throw PNGError(path: path, step: .createFile, errno: error, kind: kind)
        }
    }

    /// A new file `.<name>.<random>.tmp` beside the destination; retries if the name is taken.
    private static func createTemporaryFile(besides targetPath: String, path: String, kind: String,
                                            fileSystem: FileSystem) throws(PNGError) -> (String, Int32) {
        let parts = PathParts(targetPath)
        var lastError = Errno(EEXIST)
        for _ in 0..<8 {
            let suffix = String(UInt32.random(in: .min ... .max), radix: 36)
            let temporaryPath = "\(parts.directory)/.\(parts.fileName).\(suffix).tmp"
            switch fileSystem.createExclusive(temporaryPath) {
            case let .success(fd):
                return (temporaryPath, fd)
            case let .failure(error) where error.rawValue == EEXIST:
                lastError = error
            case let .failure(error):
                throw PNGError(path: path, step: .createFile, errno: error, kind: kind)
            }
        }
        throw PNGError(path: path, step: .createFile, errno: lastError, kind: kind)
    }

    // MARK: Committing

    private func syncAndClose(_ fd: Int32) throws(PNGError) {
        if case let .failure(error) = fileSystem.fsync(fd) {
            _ = fileSystem.close(fd)
            throw PNGError(path: path, step: .sync, errno: error, kind: kind)
        }
        // A failed close can report a delayed write error (NFS, quota): the file is suspect.
        if case let .failure(error) = fileSystem.close(fd) {
            throw PNGError(path: path, step: .sync, errno: error, kind: kind)
        }
    }

    /// Copies the staged content over the existing file, which must still be the one resolved.
    private func copyInPlace(expecting status: FileStatus) throws(PNGError) {
        let size: Int
        switch fileSystem.descriptorStatus(descriptor) {
        case let .success(staged): size = staged.size
        case let .failure(error): throw PNGError(path: path, step: .write, errno: error, kind: kind)
        }
        let fd: Int32
        switch fileSystem.openExisting(target.path) {
        case let .success(value): fd = value
        case let .failure(error): throw PNGError(path: path, step: .openExisting, errno: error, kind: kind)
        }
        var isOpen = true
        defer { if isOpen { _ = fileSystem.close(fd) } }
        guard case let .success(now) = fileSystem.descriptorStatus(fd), now.type == .regular,
              now.identity == status.identity
        else { throw PNGError(path: path, step: .replacedWhileWriting, kind: kind) }
        switch fileSystem.reserve(fd, size) {
        case let .failure(error) where error == .noSpace || error == .quotaExceeded:
            throw PNGError(path: path, step: .write, errno: error, kind: kind)
        default:
            break  // reserved, or a file system that cannot reserve (EOPNOTSUPP): write anyway
        }
        try copy(from: descriptor, size: size, to: fd)
        if case let .failure(error) = fileSystem.truncate(fd, size) {
            throw PNGError(path: path, step: .write, errno: error, kind: kind)
        }
        isOpen = false
        try syncAndClose(fd)
    }

    private func copy(from source: Int32, size: Int, to fd: Int32) throws(PNGError) {
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { chunk.deallocate() }
        var offset = 0
        while offset < size {
            let count: Int
            switch fileSystem.read(source, chunk, offset) {
            case let .success(value) where value > 0: count = value
            case .success: throw PNGError(path: path, step: .write, errno: Errno(EIO), kind: kind)
            case let .failure(error): throw PNGError(path: path, step: .write, errno: error, kind: kind)
            }
            if let error = Self.writeAll(UnsafeRawBufferPointer(rebasing: chunk[..<count]), to: fd, fileSystem: fileSystem) {
                throw PNGError(path: path, step: .write, errno: error, kind: kind)
            }
            offset += count
        }
    }

    /// Writes every byte or returns why not; a write of 0 bytes to a regular file means no
    /// progress, treated as a full disk.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32, fileSystem: FileSystem) -> Errno? {
        var rest = bytes
        while !rest.isEmpty {
            switch fileSystem.write(fd, rest) {
            case let .success(count) where count > 0:
                rest = UnsafeRawBufferPointer(rebasing: rest[count...])
            case .success:
                return .noSpace
            case let .failure(error):
                return error
            }
        }
        return nil
    }

    /// Best effort: the file is complete and in place; a folder that cannot be synced (some
    /// file systems refuse) only weakens crash durability, so it is not reported.
    private func syncFolder(of filePath: String) {
        guard case let .success(fd) = fileSystem.openDirectory(PathParts(filePath).directory) else { return }
        _ = fileSystem.fsync(fd)
        _ = fileSystem.close(fd)
    }
}
