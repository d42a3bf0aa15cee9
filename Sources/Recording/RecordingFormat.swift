import TouchCanvasConstants
import TouchKit

/// The limits and spellings of the format, shared by the writer and the parser.
enum RecordingFormat {
    /// Logical surface sides: what the app's window can have.
    static let sides = BufferLimits.logicalSides
    static let scales = 1...8
    /// Milliseconds: the span of a 32-bit compositor timestamp.
    static let times = 0.0...4_294_967_295.0
    /// What a `wl_fixed` (24.8) can hold, so real input always fits.
    static let fixedMagnitude = 8_388_608.0
    /// `TouchInputMachine.maximumPredictionInterval` (0.05 s), in milliseconds.
    static let predictionMilliseconds = 0.0...50.0
    /// A touchpad gesture's fingers: the protocol's `uint`, kept as sent (real touchpads report
    /// 1…5) so a replay meets what the app met, from a misbehaving compositor too.
    static let touchpadFingers = 0...Int(UInt32.max)

    /// The shortest text that reads back as exactly `value` (`12`, `12.5`, `1e-05`,
    /// `0.30000000000000004`): integral values lose the `.0`, everything else is Swift's
    /// shortest round-trip form.
    static func number(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 9_007_199_254_740_992,
           !(value == 0 && value.sign == .minus) {
            return String(Int64(value))
        }
        return value.description
    }

    /// A tool's axes as one field, `tilt,pressure` in the protocol's order (so the same set is
    /// always the same text), or `-` for none: one field keeps the line's field count fixed.
    static func capabilities(_ set: Set<TabletToolCapability>) -> String {
        let names = TabletToolCapability.allCases.filter(set.contains).map(\.rawValue)
        return names.isEmpty ? "-" : names.joined(separator: ",")
    }

    /// Seat names are the rest of a line: tabs become spaces, other control characters (a
    /// newline would end the line) U+FFFD, and surrounding blanks are dropped. The writer writes
    /// names so and the parser reads them so, so a name read from any file is one the writer
    /// writes back unchanged (a control character in a hand-made file would otherwise be read,
    /// then written as U+FFFD: the same file, read, written and read again, named its seat
    /// otherwise).
    static func sanitizedName(_ name: String) -> String {
        let cleaned = String(String.UnicodeScalarView(name.unicodeScalars.map {
            $0 == "\t" ? " " : $0.value < 0x20 || $0.value == 0x7F ? "\u{FFFD}" : $0
        }))
        return cleaned.trimmingBlanks()
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    func trimmingBlanks() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
              let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        return String(scalars[first...last])
    }
}
