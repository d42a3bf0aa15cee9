#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TouchKit

/// The lines that make up nearly all of a recording (`motion`, `frame`, `down`, `up`, `shape`,
/// `orientation`, `display-frame`, `flush`), read straight from their bytes with no `String`
/// or array made: a large file's parse is mostly this.
///
/// It only ever accepts: a line it does not recognise, or one that breaks any rule (a number
/// out of range, a time going back, a field too many, a byte outside plain ASCII), returns nil
/// and is read again as text by ``LineParser/take(_:number:)-(String,_)``, which gives the error.
/// So the fast path never changes what a file means or how it is refused, only how quickly a
/// good line is read; the round-trip and error tests run through both.
extension LineParser {
    /// The event of a well-formed common line after the header, or nil to read it as text.
    mutating func fastEvent(_ line: UnsafeBufferPointer<UInt8>) -> TimedEvent? {
        var fields = FastFields()
        guard fields.split(line), fields.count >= 3 else { return nil }
        guard let time = Self.plainDecimal(fields[0], in: line), RecordingFormat.times.contains(time),
              time >= lastTime else { return nil }
        let kind = fields[2]
        let event: RecordedEvent
        if Self.isDash(fields[1], in: line) {
            if Self.equals(kind, in: line, "display-frame") {
                switch fields.count {
                case 3: event = .displayFrame(predictionMilliseconds: nil)
                case 4:
                    guard let ms = Self.plainDecimal(fields[3], in: line),
                          RecordingFormat.predictionMilliseconds.contains(ms) else { return nil }
                    event = .displayFrame(predictionMilliseconds: ms)
                default: return nil
                }
            } else if fields.count == 3, Self.equals(kind, in: line, "flush") {
                event = .flush
            } else {
                return nil
            }
        } else {
            guard let raw = Self.unsigned(fields[1], in: line) else { return nil }
            let seat = SeatID(raw)
            guard let touch = Self.touchEvent(kind: kind, fields, in: line) else { return nil }
            event = .touch(seat: seat, touch)
        }
        lastTime = time
        return TimedEvent(time: time, event: event)
    }

    /// A seat's `wl_touch` line, its fields checked as the text path checks them.
    private static func touchEvent(kind: Range<Int>, _ fields: FastFields, in line: UnsafeBufferPointer<UInt8>) -> RawTouchInput? {
        func id() -> Int32? { touchID(fields[3], in: line) }
        func fixed(_ index: Int) -> Double? {
            guard let value = plainDecimal(fields[index], in: line),
                  abs(value) <= RecordingFormat.fixedMagnitude else { return nil }
            return value
        }
        switch (kind.count, fields.count) {
        case (5, 3) where equals(kind, in: line, "frame"): return .frame
        case (6, 6) where equals(kind, in: line, "motion"):
            guard let id = id(), let x = fixed(4), let y = fixed(5) else { return nil }
            return .motion(id: id, time: 0, location: Point(x: x, y: y))
        case (4, 6) where equals(kind, in: line, "down"):
            guard let id = id(), let x = fixed(4), let y = fixed(5) else { return nil }
            return .down(id: id, time: 0, location: Point(x: x, y: y))
        case (2, 4) where equals(kind, in: line, "up"):
            guard let id = id() else { return nil }
            return .up(id: id, time: 0)
        case (5, 6) where equals(kind, in: line, "shape"):
            guard let id = id(), let major = fixed(4), let minor = fixed(5) else { return nil }
            return .shape(id: id, major: major, minor: minor)
        case (11, 5) where equals(kind, in: line, "orientation"):
            guard let id = id(), let degrees = fixed(4) else { return nil }
            return .orientation(id: id, degrees: degrees)
        default: return nil
        }
    }

    private static func equals(_ field: Range<Int>, in line: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        guard field.count == word.utf8CodeUnitCount, let base = line.baseAddress else { return false }
        return memcmp(base + field.lowerBound, word.utf8Start, field.count) == 0
    }

    private static func isDash(_ field: Range<Int>, in line: UnsafeBufferPointer<UInt8>) -> Bool {
        field.count == 1 && line[field.lowerBound] == UInt8(ascii: "-")
    }

    /// Digits only, as `UInt32(_:)` reads them (no sign: a rare `+` goes the slow way).
    private static func unsigned(_ field: Range<Int>, in line: UnsafeBufferPointer<UInt8>) -> UInt32? {
        guard let value = digits(field, in: line) else { return nil }
        return value <= UInt64(UInt32.max) ? UInt32(value) : nil
    }

    /// An optional `-` and digits, as `Int32(_:)` reads them.
    private static func touchID(_ field: Range<Int>, in line: UnsafeBufferPointer<UInt8>) -> Int32? {
        let negative = !field.isEmpty && line[field.lowerBound] == UInt8(ascii: "-")
        guard let magnitude = digits(negative ? field.lowerBound + 1..<field.upperBound : field, in: line) else { return nil }
        let value = negative ? -Int64(magnitude) : Int64(magnitude)
        return (Int64(Int32.min)...Int64(Int32.max)).contains(value) ? Int32(value) : nil
    }

    /// One to ten decimal digits and nothing else, as a number (ten digits cannot overflow it).
    private static func digits(_ field: Range<Int>, in line: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard !field.isEmpty, field.count <= 10 else { return nil }
        var value: UInt64 = 0
        for index in field {
            let digit = line[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + UInt64(digit)
        }
        return value
    }

    /// `-?digits(.digits)?([eE][-+]?digits)?` and finite, read as `Double(_:)` reads it: nil
    /// for any other form, which the text path judges.
    ///
    /// A number of at most 15 significant digits times a power of ten up to 10^22 (all the
    /// writer's coordinates and times but the longest) is one exact integer times or over one
    /// exact power, so one IEEE operation rounds it correctly, as `strtod` would. Others go to
    /// `strtod`: the byte after the field is a blank, `\r` or the line's `\n`, never part of a
    /// number, so it stops at the field's end; a locale that reads numbers otherwise would stop
    /// it elsewhere, and the line goes the text path.
    private static func plainDecimal(_ field: Range<Int>, in line: UnsafeBufferPointer<UInt8>) -> Double? {
        guard !field.isEmpty, field.count <= 64, let base = line.baseAddress else { return nil }
        var index = field.lowerBound
        var mantissa: UInt64 = 0
        var significant = 0
        /// Digits from `index`, into `mantissa` while it has room; their count.
        func digits() -> Int {
            let first = index
            while index < field.upperBound {
                let digit = line[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                if significant < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    if mantissa > 0 { significant += 1 }
                } else {
                    significant += 1
                }
                index += 1
            }
            return index - first
        }
        let negative = line[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard digits() > 0 else { return nil }
        var fractionDigits = 0
        if index < field.upperBound, line[index] == UInt8(ascii: ".") {
            index += 1
            fractionDigits = digits()
            guard fractionDigits > 0 else { return nil }
        }
        var hasExponent = false
        if index < field.upperBound, line[index] | 0x20 == UInt8(ascii: "e") {
            hasExponent = true
            index += 1
            if index < field.upperBound, line[index] == UInt8(ascii: "-") || line[index] == UInt8(ascii: "+") { index += 1 }
            let first = index
            while index < field.upperBound, line[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            guard index > first else { return nil }
        }
        guard index == field.upperBound else { return nil }
        if !hasExponent, significant <= 15, fractionDigits <= 22 {
            let value = fractionDigits == 0 ? Double(mantissa) : Double(mantissa) / powersOfTen[fractionDigits]
            return negative ? -value : value
        }
        // The line's bytes are followed by its `\n` in the buffer, or by a blank: see above.
        return base.withMemoryRebound(to: CChar.self, capacity: line.count) { (chars) -> Double? in
            var stop: UnsafeMutablePointer<CChar>?
            errno = 0
            let value = strtod(chars + field.lowerBound, &stop)
            // ERANGE: too large, or so small it is rounded to a subnormal or 0: the text path judges.
            guard errno == 0, let stop, stop == UnsafeMutablePointer(mutating: chars + field.upperBound),
                  value.isFinite else { return nil }
            return value
        }
    }

    /// 10^0 … 10^22, each exact in a `Double`.
    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }
}

/// Where a line's fields are, up to seven of them (the fast lines have at most six): fields are
/// separated by spaces and tabs, as the text path splits them.
struct FastFields {
    private var ranges: (Range<Int>, Range<Int>, Range<Int>, Range<Int>, Range<Int>, Range<Int>, Range<Int>)
        = (0..<0, 0..<0, 0..<0, 0..<0, 0..<0, 0..<0, 0..<0)
    private(set) var count = 0

    subscript(index: Int) -> Range<Int> {
        switch index {
        case 0: ranges.0
        case 1: ranges.1
        case 2: ranges.2
        case 3: ranges.3
        case 4: ranges.4
        case 5: ranges.5
        default: ranges.6
        }
    }

    private mutating func append(_ range: Range<Int>) {
        switch count {
        case 0: ranges.0 = range
        case 1: ranges.1 = range
        case 2: ranges.2 = range
        case 3: ranges.3 = range
        case 4: ranges.4 = range
        case 5: ranges.5 = range
        default: ranges.6 = range
        }
        count += 1
    }

    /// False for a line of more than seven fields, or with a byte that is not printable ASCII
    /// or a blank (the text path reads those).
    mutating func split(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < line.count {
            let byte = line[index]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { index += 1; continue }
            guard count < 7 else { return false }
            let first = index
            while index < line.count {
                let byte = line[index]
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { break }
                guard byte > 0x20, byte < 0x7F else { return false }
                index += 1
            }
            append(first..<index)
        }
        return true
    }
}
