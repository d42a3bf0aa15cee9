/// Integer rectangle arithmetic for damage and regions, saturating instead of trapping: clients
/// routinely send `damage(0, 0, INT32_MAX, INT32_MAX)` meaning "everything".
struct Rect: Equatable, Sendable {
    var x: Int64
    var y: Int64
    var width: Int64
    var height: Int64

    init(x: Int32, y: Int32, width: Int32, height: Int32) {
        self.x = Int64(x)
        self.y = Int64(y)
        self.width = Int64(width)
        self.height = Int64(height)
    }

    init(x: Int64, y: Int64, width: Int64, height: Int64) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    var isEmpty: Bool { width <= 0 || height <= 0 }

    func scaled(by factor: Int32) -> Rect {
        let f = Int64(factor)
        return Rect(x: x * f, y: y * f, width: width * f, height: height * f)
    }

    /// The part inside `0..<w × 0..<h`, or nil.
    func clipped(width w: Int, height h: Int) -> Rect? {
        let x0 = max(x, 0), y0 = max(y, 0)
        let x1 = min(x + width, Int64(w)), y1 = min(y + height, Int64(h))
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    func contains(x px: Double, y py: Double) -> Bool {
        px >= Double(x) && py >= Double(y) && px < Double(x + width) && py < Double(y + height)
    }

    /// Fits in Int32 once clipped to a buffer (buffers are at most Int32 sized).
    var tuple: (x: Int32, y: Int32, width: Int32, height: Int32) {
        (Int32(clamping: x), Int32(clamping: y), Int32(clamping: width), Int32(clamping: height))
    }
}

/// Area of the union of rectangles, overlaps counted once (coordinate compression sweep).
func unionArea(_ rects: [(x: Int32, y: Int32, width: Int32, height: Int32)]) -> Int {
    let boxes = rects.map { Rect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }.filter { !$0.isEmpty }
    guard boxes.count > 1 else { return boxes.first.map { Int($0.width * $0.height) } ?? 0 }
    let xs = Array(Set(boxes.flatMap { [$0.x, $0.x + $0.width] })).sorted()
    var area: Int64 = 0
    for (left, right) in zip(xs, xs.dropFirst()) {
        let spans = boxes.filter { $0.x <= left && $0.x + $0.width >= right }
            .map { ($0.y, $0.y + $0.height) }.sorted { $0.0 < $1.0 }
        var covered: Int64 = 0
        var current: (Int64, Int64)?
        for span in spans {
            if let c = current, span.0 <= c.1 {
                current = (c.0, max(c.1, span.1))
            } else {
                if let c = current { covered += c.1 - c.0 }
                current = span
            }
        }
        if let c = current { covered += c.1 - c.0 }
        area += covered * (right - left)
    }
    return Int(clamping: area)
}

/// A `wl_region`: rectangles added and subtracted in order. Nil (no region set) means infinite.
struct Region: Sendable {
    var operations: [(add: Bool, rect: Rect)] = []

    func contains(x: Double, y: Double) -> Bool {
        var inside = false
        for op in operations where op.rect.contains(x: x, y: y) { inside = op.add }
        return inside
    }
}
