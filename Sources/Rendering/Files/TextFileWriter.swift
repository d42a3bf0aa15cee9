/// Saves text (the SVG of a drawing) with the same guarantees as ``PNGWriter``: a temporary
/// file beside the destination, fsync, rename, so a full disk never leaves half a file.
///
/// ```swift
/// try TextFileWriter(kind: "SVG").write(svg, to: "/home/me/touchcanvas-1.svg")
/// ```
public struct TextFileWriter: Sendable {
    let writer: PNGWriter
    let kind: String

    /// `kind` names the file in error messages ("cannot save SVG to …").
    public init(kind: String) {
        self.init(kind: kind, fileSystem: .live)
    }

    init(kind: String, fileSystem: FileSystem) {
        self.writer = PNGWriter(fileSystem: fileSystem)
        self.kind = kind
    }

    public func write(_ text: String, to path: String) throws(PNGError) {
        let bytes = Array(text.utf8)
        try writer.save(to: path, kind: kind) { fd throws(PNGError) in
            let result: Result<Void, PNGError> = bytes.withUnsafeBytes { raw in
                do throws(PNGError) {
                    try writer.writeAll(raw, to: fd, path: path, kind: kind)
                    return .success(())
                } catch {
                    return .failure(error)
                }
            }
            try result.get()
        }
    }
}
