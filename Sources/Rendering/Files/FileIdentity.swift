#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Which file a path leads to: its device and inode, the same through every name, link and
/// relative path.
///
/// A command that reads one file and writes another compares the two before reading, so that
/// `replay copy.tcrec --png copy.tcrec` (or the same through a hard link or a symlink) is
/// refused instead of destroying the recording it was asked to show.
public struct FileIdentity: Hashable, Sendable {
    public let device: UInt64
    public let inode: UInt64

    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    /// The file `path` leads to (links followed), or nil when there is none yet.
    public init?(path: String) {
        guard case let .success(status) = FileSystem.live.status(path) else { return nil }
        self = status.identity
    }
}

/// An input a command is about to read, named for the refusal.
public struct OutputInput: Sendable {
    public let path: String
    /// What it is, for the message: "the recording being played".
    public let role: String

    public init(path: String, role: String) {
        self.path = path
        self.role = role
    }
}

extension OutputFile {
    /// Checks, before a command reads anything, that `output` can be written: it must not be a
    /// device, FIFO, socket, folder or dangling link (as ``OutputFile`` would find later, after
    /// the work), and must not lead to the same file as one of `inputs`, which by the time the
    /// output is written could already be half replaced.
    ///
    /// An output that does not exist yet cannot be an input; neither can an input that does not
    /// exist (reading it will fail on its own, with its own message).
    public static func preflight(_ output: String, kind: String, notOverwriting inputs: [OutputInput] = []) throws(PNGError) {
        _ = try OutputTarget.resolve(output, kind: kind, fileSystem: .live)
        guard let target = FileIdentity(path: output) else { return }
        for input in inputs where FileIdentity(path: input.path) == target {
            throw PNGError(path: output, step: .sameFileAsInput(input.path, role: input.role), kind: kind)
        }
    }
}
