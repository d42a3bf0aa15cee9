import Glibc

/// Where `s` saves, and names that never replace an earlier drawing.
enum SaveLocation {
    /// `$XDG_PICTURES_DIR` when set, else `~/Pictures` when it exists, else the working folder:
    /// where a desktop user looks for pictures first.
    static func defaultDirectory() -> String {
        if let pictures = environment("XDG_PICTURES_DIR"), isDirectory(pictures) { return pictures }
        if let home = environment("HOME"), isDirectory(home + "/Pictures") { return home + "/Pictures" }
        return "."
    }

    /// `touchcanvas-N.png` with the smallest N for which neither the PNG nor its SVG exists.
    static func freshStem(in directory: String, exists: (String) -> Bool = fileExists) -> String {
        var n = 1
        while true {
            let stem = "\(directory)/touchcanvas-\(n)"
            if !exists(stem + ".png") && !exists(stem + ".svg") { return stem }
            n += 1
        }
    }

    /// The SVG that goes beside a PNG: `a/b.png` → `a/b.svg`, `a/b` → `a/b.svg`.
    static func svgPath(besidePNG path: String) -> String {
        path.hasSuffix(".png") ? String(path.dropLast(4)) + ".svg" : path + ".svg"
    }

    static func fileExists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    }
}
