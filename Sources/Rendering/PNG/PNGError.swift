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

    private var reason: String {
        if let errno {
            let error = Errno(errno)
            let what: String = switch error.name {
            case "ENOENT": step == .read ? "the file does not exist" : "folder \"\(folder)\" does not exist"
            case "ENOTDIR": "a part of the path is not a folder"
            case "EACCES", "EPERM": step == .read ? "permission denied" : "no permission to write in folder \"\(folder)\""
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
