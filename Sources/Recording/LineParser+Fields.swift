#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TouchCanvasApp
import TouchKit

/// One field of a line, read by the format's rule for it: each refuses what the writer never
/// writes with an error naming the line and the field.
extension LineParser {
    func sceneName(_ token: Substring) throws(RecordingError) -> Scene {
        guard let named = Scene(rawValue: String(token)) else {
            throw error("unknown scene '\(Self.clipped(token))' (expected one of \(Scene.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return named
    }

    func expect(_ tokens: [Substring], count: Int, _ form: String) throws(RecordingError) {
        guard tokens.count == count else { throw error("expected '\(form)'") }
    }

    func integer(_ token: Substring, in range: ClosedRange<Int>, _ what: String) throws(RecordingError) -> Int {
        guard let value = Int(token), range.contains(value) else {
            throw error("\(what) '\(Self.clipped(token))' is not an integer \(range.lowerBound)…\(range.upperBound)")
        }
        return value
    }

    func seatID(_ token: Substring) throws(RecordingError) -> SeatID {
        guard let raw = UInt32(token) else {
            throw error("seat '\(Self.clipped(token))' is not an id 0…\(UInt32.max) or '-'")
        }
        return SeatID(raw)
    }

    func touchID(_ token: Substring) throws(RecordingError) -> Int32 {
        guard let id = Int32(token) else {
            throw error("touch id '\(Self.clipped(token))' is not an integer \(Int32.min)…\(Int32.max)")
        }
        return id
    }

    func pressedState(_ token: Substring) throws(RecordingError) -> Bool {
        switch token {
        case "pressed": return true
        case "released": return false
        default: throw error("expected 'pressed' or 'released', not '\(Self.clipped(token))'")
        }
    }

    func toolID(_ token: Substring) throws(RecordingError) -> TabletToolID {
        TabletToolID(try unsigned(token, "tool id"))
    }

    func tabletID(_ token: Substring) throws(RecordingError) -> TabletID {
        TabletID(try unsigned(token, "tablet id"))
    }

    /// A protocol `uint` kept as sent: pressure and distance (0…65535 in the protocol, but any
    /// 32-bit value is kept, so replay meets what the app met), button codes, and the app's
    /// numbers for tools and tablets.
    func unsigned(_ token: Substring, _ what: String) throws(RecordingError) -> UInt32 {
        guard let value = UInt32(token) else {
            throw error("\(what) '\(Self.clipped(token))' is not an integer 0…\(UInt32.max)")
        }
        return value
    }

    /// `-` (the compositor sent none) or a 64-bit number.
    func hardwareNumber(_ token: Substring, _ what: String) throws(RecordingError) -> UInt64? {
        if token == "-" { return nil }
        guard let value = UInt64(token) else {
            throw error("\(what) '\(Self.clipped(token))' is not '-' or an integer 0…\(UInt64.max)")
        }
        return value
    }

    /// `-` or axis names joined by commas (`tilt,pressure`). A field longer than every name
    /// together is refused before it is split, so a huge one costs no huge array.
    func capabilities(_ token: Substring) throws(RecordingError) -> Set<TabletToolCapability> {
        if token == "-" { return [] }
        let expected = TabletToolCapability.allCases.map(\.rawValue).joined(separator: ", ")
        guard token.utf8.count <= 64 else {
            throw error("axes '\(Self.clipped(token))' are not '-' or names from \(expected) joined by commas")
        }
        var set: Set<TabletToolCapability> = []
        for name in token.split(separator: ",", omittingEmptySubsequences: false) {
            guard let capability = TabletToolCapability(rawValue: String(name)) else {
                throw error("unknown axis '\(Self.clipped(name))' (expected '-' or names from \(expected) joined by commas)")
            }
            guard set.insert(capability).inserted else { throw error("axis '\(capability.rawValue)' is named twice") }
        }
        return set
    }

    func point(_ x: Substring, _ y: Substring) throws(RecordingError) -> Point {
        Point(x: try fixed(x, "x"), y: try fixed(y, "y"))
    }

    func fixed(_ token: Substring, _ what: String) throws(RecordingError) -> Double {
        let limit = RecordingFormat.fixedMagnitude
        return try decimal(token, in: -limit...limit, what)
    }

    /// A plain decimal (`-12.5`, `1e-05`): no `nan`, `inf` or hexadecimal forms.
    func decimal(_ token: Substring, in range: ClosedRange<Double>, _ what: String) throws(RecordingError) -> Double {
        let isPlain = token.utf8.allSatisfy { byte in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
        }
        guard isPlain, let value = Double(token) else {
            throw error("\(what) '\(Self.clipped(token))' is not a finite decimal number")
        }
        guard value.isFinite else { throw error("\(what) '\(Self.clipped(token))' is not a finite number") }
        guard range.contains(value) else {
            throw error("\(what) \(Self.clipped(token)) is out of range (\(RecordingFormat.number(range.lowerBound))…\(RecordingFormat.number(range.upperBound)))")
        }
        return value
    }

    /// A token as quoted in a message: at most 40 characters.
    static func clipped(_ token: Substring) -> String {
        token.count <= 40 ? String(token) : token.prefix(40) + "…"
    }
}
