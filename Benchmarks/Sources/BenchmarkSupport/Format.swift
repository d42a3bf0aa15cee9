import Foundation

/// Number formatting for the result tables: fixed decimals, "–" for NaN.
public enum Format {
    public static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "–" }
        return String(format: "%.\(decimals)f", value)
    }

    /// Milliseconds from nanoseconds.
    public static func ms(_ nanoseconds: Double, _ decimals: Int = 2) -> String {
        fixed(nanoseconds / 1e6, decimals)
    }

    /// A fraction with enough significant digits for both 1.0 and 0.0001.
    public static func fraction(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        if value == 0 { return "0" }
        if value >= 0.01 { return String(format: "%.3f", value) }
        return String(format: "%.2g", value)
    }
}

/// A GitHub-flavoured Markdown table, printed as it is built so a long run shows progress.
public struct MarkdownTable {
    public let header: [String]
    public private(set) var rows: [[String]] = []

    public init(_ header: [String]) { self.header = header }

    public mutating func add(_ row: [String]) { rows.append(row) }

    public var text: String {
        var lines = ["| " + header.joined(separator: " | ") + " |",
                     "|" + header.map { _ in "---" }.joined(separator: "|") + "|"]
        for row in rows { lines.append("| " + row.joined(separator: " | ") + " |") }
        return lines.joined(separator: "\n")
    }
}
