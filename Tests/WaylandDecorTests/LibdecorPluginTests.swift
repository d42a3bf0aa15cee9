import Testing
import WaylandDecor

/// Whether the app must leave touches on libdecor's frame to libdecor: only when the plugin
/// libdecor loaded binds a `wl_touch` itself (gtk, libdecor 0.2.2 on), or might.
@Suite struct LibdecorPluginTests {
    static let plugins = "/usr/lib/x86_64-linux-gnu/libdecor/plugins-1"

    @Test func theVersionIsReadFromTheLibrarysFileName() {
        #expect(LibdecorPlugin.coreVersion(fileName: "libdecor-0.so.0.100.1").map { $0 == (0, 1, 1) } == true)
        #expect(LibdecorPlugin.coreVersion(fileName: "libdecor-0.so.0.200.5").map { $0 == (0, 2, 5) } == true)
        #expect(LibdecorPlugin.coreVersion(fileName: "libdecor-0.so.0") == nil, "the soname says no version")
        #expect(LibdecorPlugin.coreVersion(fileName: "libdecor-0.so.0.150.1") == nil, "not meson's scheme")
        #expect(LibdecorPlugin.coreVersion(fileName: "libdecor-cairo.so") == nil)
    }

    @Test func debian12sCairoPluginLeavesTouchesToTheApp() {
        #expect(!LibdecorPlugin.handlesTouch(loadedLibraries: [
            "/usr/lib/x86_64-linux-gnu/libdecor-0.so.0.100.1", "\(Self.plugins)/libdecor-cairo.so",
        ]))
        // The cairo plugin of 0.2.x has no touch either.
        #expect(!LibdecorPlugin.handlesTouch(loadedLibraries: [
            "/usr/lib/libdecor-0.so.0.200.5", "\(Self.plugins)/libdecor-cairo.so",
        ]))
    }

    @Test func theGtkPluginHandlesTouchesFrom022On() {
        #expect(LibdecorPlugin.handlesTouch(loadedLibraries: [
            "/usr/lib/x86_64-linux-gnu/libdecor-0.so.0.200.2", "\(Self.plugins)/libdecor-gtk.so",
        ]))
        #expect(!LibdecorPlugin.handlesTouch(loadedLibraries: [
            "/usr/lib/libdecor-0.so.0.200.0", "\(Self.plugins)/libdecor-gtk.so",
        ]), "0.2.0's gtk plugin is taken to have no touch: the app works the frame")
        #expect(LibdecorPlugin.handlesTouch(loadedLibraries: ["/opt/lib/libdecor.so", "\(Self.plugins)/libdecor-gtk.so"]),
                "an unreadable version with the gtk plugin: never act twice")
        #expect(!LibdecorPlugin.handlesTouch(loadedLibraries: [
            "/usr/lib/libdecor-0.so.0.200.2", "\(Self.plugins)/libdecor-gtk.so", "\(Self.plugins)/libdecor-cairo.so",
        ]), "cairo loaded too: libdecor may have fallen back to it")
    }

    /// The test binary links libdecor, so the loaded list must name it with its version; a
    /// list that came back empty or unresolved would make the app act on every plugin.
    @Test func theLoadedLibrariesIncludeLibdecorWithItsVersion() {
        let loaded = LibdecorPlugin.loadedLibraries()
        let libdecor = loaded.filter { $0.contains("libdecor-0.so") }
        #expect(!libdecor.isEmpty, "\(loaded)")
        let names = libdecor.compactMap { $0.split(separator: "/").last.map(String.init) }
        #expect(names.contains { LibdecorPlugin.coreVersion(fileName: $0) != nil }, "\(libdecor)")
    }
}
