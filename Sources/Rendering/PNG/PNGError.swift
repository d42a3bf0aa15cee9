/// Why a PNG could not be saved or loaded, with a message meant for the person who asked.
///
/// ```
/// cannot save PNG to "/media/full/shot.png": the disk is full (ENOSPC)
/// cannot save PNG to "/no/such/dir/shot.png": folder "/no/such/dir" does not exist (ENOENT)
/// ```
public struct PNGError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The step that failed.
    public enum Step: Hashable, Sendable {
        /// The destination path has no file name.
        case invalidPath
        /// The region to save lies outside the buffer.
        case invalidRegion
        /// Creating the temporary file next to the destination.
        case createFile
        /// Encoding or writing the PNG bytes.
        case write
        /// `fsync` or `close` of the temporary file.
        case sync
        /// Moving the finished file into place.
        case rename
        /// Opening or decoding a PNG file.
        case read
        /// The destination exists and is not a regular file (a device, FIFO, socket, folder),
        /// described with its article: "a character device".
        case notRegularFile(String)
        /// The destination is a symbolic link to nothing; the link's target is given.
        case danglingLink(String)
        /// Following the destination's symbolic link failed (a loop, a part not searchable).
        case resolveLink
        /// The destination is in procfs or sysfs, whose entries are requests to the kernel.
        case kernelFile
        /// The destination is the same file as an input the command reads: its path and role.
        case sameFileAsInput(String, role: String)
        /// Opening the existing file to rewrite it in place.
        case openExisting
        /// The file changed identity between resolving the path and writing in place.
        case replacedWhileWriting
    }

    /// The destination (or source) path as given.
    public let path: String
    public let step: Step
    /// The `errno` value when a system call failed.
    public let errno: Int32?
    /// Cairo's status when cairo failed and no system error explains it.
    public let cairo: CairoError?

    /// What was being saved or read ("PNG", "SVG"), for the message.
    public let kind: String

    init(path: String, step: Step, errno: Errno? = nil, cairo: CairoError? = nil, kind: String = "PNG") {
        self.kind = kind
        self.path = path
        self.step = step
        self.errno = errno?.rawValue
        self.cairo = cairo
    }

    /// Whether the failure was a full disk or an exhausted quota.
    public var isOutOfSpace: Bool {
        errno == Errno.noSpace.rawValue || errno == Errno.quotaExceeded.rawValue
    }

    public var description: String {
        let verb = step == .read ? "cannot read \(kind)" : "cannot save \(kind) to"
        return "\(verb) \"\(path)\": \(reason)"
    }

    private var folder: String { PathParts(path).directory }

    /// Why, without the leading "cannot save … to …": for messages that name the file their own way.
    public var reason: String {
        if let errno {
            let error = Errno(errno)
            let what: String = switch error.name {
            case "ENOENT": step == .read ? "the file does not exist" : "folder \"\(folder)\" does not exist"
            case "ENOTDIR": "a part of the path is not a folder"
            // (A `where` clause binds only to the pattern before it, hence one pattern a case.)
            case "EACCES" where step == .read, "EPERM" where step == .read: "permission denied"
            case "EACCES" where step == .openExisting, "EPERM" where step == .openExisting: "no permission to write the file"
            case "EACCES", "EPERM": "no permission to write in folder \"\(folder)\""
            case "ELOOP": "too many symbolic links (a loop?)"
            case "ENOSPC": "the disk is full"
            case "EDQUOT": "the disk quota is exhausted"
            case "EROFS": "the file system is read-only"
            case "EISDIR": "the destination is a folder"
            case "ENAMETOOLONG": "the file name is too long"
            default: error.message
            }
            return "\(what) (\(error.name))"
        }
        switch step {
        case .invalidPath: return "the path does not name a file"
        case .invalidRegion: return "the region to save is outside the image"
        case let .notRegularFile(what): return "it is \(what), not a regular file; only a regular file or a new name can be written"
        case let .danglingLink(target): return "it is a symbolic link to \"\(target)\", which does not exist"
        case .kernelFile: return "it is an entry of the kernel's /proc or /sys, not a regular file"
        case let .sameFileAsInput(input, role): return "it is the same file as \(role) (\"\(input)\"), which would be destroyed"
        case .replacedWhileWriting: return "the file was replaced by another while it was being written; nothing was written"
        default: break
        }
        if let cairo { return cairo.description }
        return "unknown error"
    }
}

/// A path split into the folder it lives in and its last component.
struct PathParts {
    let directory: String
    let fileName: String

    init(_ path: String) {
        if let slash = path.lastIndex(of: "/") {
            let dir = path[..<slash]
            directory = dir.isEmpty ? "/" : String(dir)
            fileName = String(path[path.index(after: slash)...])
        } else {
            directory = "."
            fileName = path
        }
    }
}
