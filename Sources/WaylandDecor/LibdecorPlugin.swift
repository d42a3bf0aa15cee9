import Glibc

/// Which libdecor plugin frames the window, and whether it works the frame by touch itself.
///
/// Debian 12's libdecor 0.1.1 has only the cairo plugin, which binds no `wl_touch`: a finger on
/// its title bar reaches only the app, which turns it into a move or, twice, a maximise. The gtk
/// plugin of libdecor 0.2.2 and later binds a `wl_touch` of its own, and every `wl_touch` of a
/// client receives every touch event, so the app doing the same would move twice and toggle
/// maximise back. libdecor has no version call: the version is in the shared library's file
/// name (meson names 0.x.y `libdecor-0.so.0.<100·x>.<y>`), the plugin in what it loaded.
public enum LibdecorPlugin {
    /// Whether the plugin among `libraries` (paths of the loaded shared objects, symlinks
    /// resolved) handles touches on the frame. A gtk plugin with a libdecor too old for touch
    /// (before 0.2.2) does not; one whose libdecor version cannot be read is taken to, so the
    /// app never acts twice. With the cairo plugin loaded as well, libdecor may have fallen back
    /// to it (the gtk one failing to start) and kept gtk's mapped: the app works the frame, as
    /// a frame no finger can move is the worse mistake.
    public static func handlesTouch(loadedLibraries libraries: [String]) -> Bool {
        let names = libraries.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
        guard names.contains(where: { $0.hasPrefix("libdecor-gtk") }),
              !names.contains(where: { $0.hasPrefix("libdecor-cairo") }) else { return false }
        guard let version = names.lazy.compactMap(coreVersion(fileName:)).first else { return true }
        return version >= (0, 2, 2)
    }

    /// The libdecor version a file name such as `libdecor-0.so.0.200.2` says (0.2.2), or nil.
    public static func coreVersion(fileName: String) -> (Int, Int, Int)? {
        let prefix = "libdecor-0.so."
        guard fileName.hasPrefix(prefix) else { return nil }
        let parts = fileName.dropFirst(prefix.count).split(separator: ".").map { Int($0) }
        guard parts.count == 3, let major = parts[0], let encodedMinor = parts[1], let micro = parts[2],
              encodedMinor % 100 == 0 else { return nil }
        return (major, encodedMinor / 100, micro)
    }

    /// The files mapped into this process (its shared objects among them), as the kernel lists
    /// them in `/proc/self/maps`: real paths, symlinks resolved. Empty if that cannot be read.
    public static func loadedLibraries() -> [String] {
        guard let file = fopen("/proc/self/maps", "r") else { return [] }
        defer { fclose(file) }
        var paths: [String] = []
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, file) > 0 {
            guard let line else { break }
            // address perms offset dev inode path: the path is all from the first '/'.
            var text = String(cString: line)
            if text.last == "\n" { text.removeLast() }
            guard let slash = text.firstIndex(of: "/") else { continue }
            let path = String(text[slash...])
            if paths.last != path { paths.append(path) }
        }
        return paths
    }
}
