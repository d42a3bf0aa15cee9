import TouchKit

/// Columns of monospaced text, as the HUD's tables and `replay --report` lay them out.
public enum TextColumns {
    /// `s` right-aligned in `width` characters (longer text is left whole).
    public static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s : String(repeating: " ", count: width - s.count) + s
    }

    /// `s` left-aligned in `width` characters, cut to fit.
    public static func padRight(_ s: String, _ width: Int) -> String {
        s.count >= width ? String(s.prefix(width)) : s + String(repeating: " ", count: width - s.count)
    }
}

extension ContactFigures {
    /// The speed now, per second, in the units `scale` gives a logical pixel along x and y
    /// (millimetres, say); logical pixels when nil.
    public func speed(scaledBy scale: (x: Double, y: Double)?) -> Double {
        let (sx, sy) = scale ?? (1, 1)
        let v = velocity
        return ((v.x * sx) * (v.x * sx) + (v.y * sy) * (v.y * sy)).squareRoot()
    }
}
