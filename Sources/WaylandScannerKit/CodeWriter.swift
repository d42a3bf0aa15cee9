/// Accumulates indented Swift source; emitters stay readable when they do not count spaces.
struct CodeWriter {
    private(set) var text = ""
    private var depth = 0

    mutating func line(_ s: String = "") {
        text += s.isEmpty ? "\n" : String(repeating: "    ", count: depth) + s + "\n"
    }

    mutating func doc(_ summary: String?) {
        guard let summary, !summary.isEmpty else { return }
        let flat = summary.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        line("/// " + flat)
    }

    /// Writes `header {`, the body one level deeper, then `}`.
    mutating func block(_ header: String, _ body: (inout CodeWriter) -> Void) {
        line(header + " {")
        depth += 1
        body(&self)
        depth -= 1
        line("}")
    }
}
