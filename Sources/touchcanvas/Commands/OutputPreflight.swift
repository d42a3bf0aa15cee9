import ArgumentParser
import Recording
import Rendering
import TouchCanvasApp

/// The outputs a command was given, checked before it reads or connects to anything: a
/// device, FIFO or socket under an output's name, or an output that is one of the command's
/// own inputs, is refused at once (status 1, one line) rather than after the work, or worse,
/// by destroying the input.
struct OutputPreflight {
    var inputs: [OutputInput] = []
    private var outputs: [(path: String, kind: String)] = []

    init(inputs: [OutputInput] = []) {
        self.inputs = inputs
    }

    /// The kind `--record`'s file is added as.
    static let recording = "recording"

    mutating func add(_ path: String?, kind: String) {
        if let path { outputs.append((path, kind)) }
    }

    /// A PNG saved with its SVG beside it (`--save-on-exit`).
    mutating func addPicture(_ path: String?) {
        guard let path else { return }
        add(path, kind: "PNG")
        add(SaveLocation.svgPath(besidePNG: path), kind: "SVG")
    }

    /// Prints the first refusal and exits 1; two outputs under one name are refused too, since
    /// the second would replace the first.
    func check() throws {
        var seen: [String: String] = [:]
        for output in outputs {
            do throws(PNGError) {
                try OutputFile.preflight(output.path, kind: output.kind, notOverwriting: inputs)
            } catch {
                // A recording's errors read as the recording writer's own do.
                printError(output.kind == Self.recording ? RecordingWriter.WriteError(path: output.path, reason: error.reason).description
                                                         : error.description)
                throw ExitCode(1)
            }
            let key = FileIdentity(path: output.path).map { "\($0.device):\($0.inode)" } ?? output.path
            if let other = seen[key] {
                printError("cannot save \(output.kind) to \"\(output.path)\": the \(other) is written there too")
                throw ExitCode(1)
            }
            seen[key] = output.kind
        }
    }
}
