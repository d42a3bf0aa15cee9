#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CShim

/// What a path given as an output leads to, decided before a byte is written.
///
/// Saving used to rename a temporary file over whatever had the name, which replaced
/// `/dev/null` with a PNG when run as root, swapped a symlink for a file and cut hard links.
/// Resolving first lets the writer refuse what is not a plain file and choose, for an existing
/// one, a way of writing that keeps what the user would expect to survive.
enum OutputTarget: Equatable {
    /// Nothing has the name yet: the file is created at `path`.
    case missing(path: String)
    /// A regular file, at `path` after links are resolved.
    case existing(path: String, status: FileStatus)

    var path: String {
        switch self {
        case let .missing(path), let .existing(path, _): path
        }
    }

    /// Resolves `path`: a symbolic link is followed to the file it names (the link stays a
    /// link), a dangling link, a device, FIFO, socket or folder is refused, and so is anything
    /// in the kernel's own file systems, whose "files" are interfaces (`/proc/self/mem`).
    static func resolve(_ path: String, kind: String, fileSystem: FileSystem) throws(PNGError) -> OutputTarget {
        let parts = PathParts(path)
        guard !parts.fileName.isEmpty, parts.fileName != ".", parts.fileName != ".." else {
            throw PNGError(path: path, step: .invalidPath, kind: kind)
        }
        switch fileSystem.linkStatus(path) {
        case .failure:
            // Usually ENOENT; a folder that cannot be searched or is missing is reported by
            // the creation, which names the folder.
            try refuseKernelFileSystem(folder: parts.directory, path: path, kind: kind, fileSystem: fileSystem)
            return .missing(path: path)
        case let .success(status) where status.type == .symbolicLink:
            return try resolveLink(path, kind: kind, fileSystem: fileSystem)
        case let .success(status):
            try refuseUnlessRegular(status, path: path, kind: kind)
            try refuseKernelFileSystem(folder: parts.directory, path: path, kind: kind, fileSystem: fileSystem)
            return .existing(path: path, status: status)
        }
    }

    private static func resolveLink(_ path: String, kind: String, fileSystem: FileSystem) throws(PNGError) -> OutputTarget {
        switch fileSystem.status(path) {
        case let .failure(error) where error.rawValue == ENOENT:
            let target = (try? fileSystem.linkTarget(path).get()) ?? "?"
            throw PNGError(path: path, step: .danglingLink(target), kind: kind)
        case let .failure(error):
            throw PNGError(path: path, step: .resolveLink, errno: error, kind: kind)
        case let .success(status):
            try refuseUnlessRegular(status, path: path, kind: kind)
            let resolved: String
            switch fileSystem.resolvedPath(path) {
            case let .success(value): resolved = value
            case let .failure(error): throw PNGError(path: path, step: .resolveLink, errno: error, kind: kind)
            }
            try refuseKernelFileSystem(folder: PathParts(resolved).directory, path: path, kind: kind, fileSystem: fileSystem)
            return .existing(path: resolved, status: status)
        }
    }

    private static func refuseUnlessRegular(_ status: FileStatus, path: String, kind: String) throws(PNGError) {
        guard status.type != .regular else { return }
        throw PNGError(path: path, step: .notRegularFile(status.type.withArticle), kind: kind)
    }

    /// procfs and sysfs: their entries look like regular files but writing one is a request to
    /// the kernel (to a process's memory, a driver's setting), never a place to keep a file.
    private static func refuseKernelFileSystem(folder: String, path: String, kind: String,
                                               fileSystem: FileSystem) throws(PNGError) {
        guard case let .success(fd) = fileSystem.openDirectory(folder) else { return }
        let type = fileSystem.fileSystemType(fd)
        _ = fileSystem.close(fd)
        if case let .success(magic) = type, magic == tc_proc_super_magic || magic == tc_sysfs_magic {
            throw PNGError(path: path, step: .kernelFile, kind: kind)
        }
    }
}
