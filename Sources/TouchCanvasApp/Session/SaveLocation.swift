import Foundation

/// Where `s` saves, and names that never replace an earlier drawing.
public enum SaveLocation {
    /// The pictures folder as the desktop names it: `$XDG_PICTURES_DIR` when set, else the one
    /// in `user-dirs.dirs` (where desktops keep it, e.g. `~/Bilder` on a German one), else
    /// `~/Pictures`, else the working folder. Only folders that exist count.
    public static func defaultDirectory() -> String {
        if let pictures = environment("XDG_PICTURES_DIR"), isDirectory(pictures) { return pictures }
        let home = environment("HOME")
        if let home {
            // The base directory spec: a relative XDG_CONFIG_HOME is invalid and ignored.
            let config = environment("XDG_CONFIG_HOME").flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
            if let text = try? String(contentsOfFile: config + "/user-dirs.dirs", encoding: .utf8),
               let pictures = picturesDirectory(inUserDirs: text, home: home), isDirectory(pictures) {
                return pictures
            }
            if isDirectory(home + "/Pictures") { return home + "/Pictures" }
        }
        return "."
    }

    /// `XDG_PICTURES_DIR` from the text of `user-dirs.dirs`, whose lines read
    /// `XDG_PICTURES_DIR="$HOME/Pictures"` or `XDG_PICTURES_DIR="/absolute/path"` (shell
    /// quoting, `\` escapes). `$HOME` alone means the folder is switched off: nil.
    public static func picturesDirectory(inUserDirs text: String, home: String) -> String? {
        var found: String?
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("XDG_PICTURES_DIR=") else { continue }
            var value = Substring(trimmed.dropFirst("XDG_PICTURES_DIR=".count))
            guard value.count >= 2, value.first == "\"", value.last == "\"" else { continue }
            value = value.dropFirst().dropLast()
            var path = ""
            var escaped = false
            for character in value {
                if escaped || character != "\\" { path.append(character); escaped = false } else { escaped = true }
            }
            if path == "$HOME" || path == "$HOME/" {
                found = nil
            } else if path.hasPrefix("$HOME/") {
                found = home + path.dropFirst("$HOME".count)
            } else if path.hasPrefix("/") {
                found = path
            }
        }
        return found
    }

    /// `touchcanvas-N.png` with the smallest N for which neither the PNG nor its SVG exists.
    public static func freshStem(in directory: String, exists: (String) -> Bool = fileExists) -> String {
        var n = 1
        while true {
            let stem = "\(directory)/touchcanvas-\(n)"
            if !exists(stem + ".png") && !exists(stem + ".svg") { return stem }
            n += 1
        }
    }

    /// The SVG that goes beside a PNG: `a/b.png` → `a/b.svg`, `a/b` → `a/b.svg`.
    public static func svgPath(besidePNG path: String) -> String {
        path.hasSuffix(".png") ? String(path.dropLast(4)) + ".svg" : path + ".svg"
    }

    public static func fileExists(_ path: String) -> Bool {
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
