import ScriptedCompositor

/// The app's own chrome (title bar and edges) as the compositor holds it: five subsurfaces of the canvas, each sized
/// to what it shows, found by where they sit from the canvas's top-left.
///
/// Around content of `width`×`height` with the 12 px floating margin, in the canvas surface's
/// coordinates: the title bar at (0, −40), the margin's top strip (corners included) at
/// (−12, −52), its bottom strip at (−12, height), its left and right strips at (−12, −40) and
/// (width, −40), as tall as the window with its title bar.
enum ChromeSurfacePart: CaseIterable, CustomStringConvertible {
    case titleBar, top, bottom, left, right

    static let titleBarHeight = 40
    static let margin = 12

    /// Where the part sits from the canvas, around content `width`×`height`.
    func position(width: Int, height: Int) -> SubsurfacePosition {
        let m = Int32(Self.margin), bar = Int32(Self.titleBarHeight)
        switch self {
        case .titleBar: return SubsurfacePosition(x: 0, y: -bar)
        case .top: return SubsurfacePosition(x: -m, y: -bar - m)
        case .bottom: return SubsurfacePosition(x: -m, y: Int32(height))
        case .left: return SubsurfacePosition(x: -m, y: -bar)
        case .right: return SubsurfacePosition(x: Int32(width), y: -bar)
        }
    }

    /// Its logical size around content `width`×`height`.
    func size(width: Int, height: Int) -> BufferSize {
        let m = Self.margin, bar = Self.titleBarHeight
        switch self {
        case .titleBar: return BufferSize(width: width, height: bar)
        case .top, .bottom: return BufferSize(width: width + 2 * m, height: m)
        case .left, .right: return BufferSize(width: m, height: height + bar)
        }
    }

    var description: String {
        switch self {
        case .titleBar: "title bar"
        case .top: "top strip"
        case .bottom: "bottom strip"
        case .left: "left strip"
        case .right: "right strip"
        }
    }
}

extension ScriptedCompositor {
    /// The chrome's part at `part`'s place around content `width`×`height`, once it shows a
    /// buffer (hidden parts may share a place: maximised, every strip is empty and unmapped).
    func chromePart(_ part: ChromeSurfacePart, width: Int = 400, height: Int = 260) -> OtherSurface? {
        let position = part.position(width: width, height: height)
        return otherSurfaces.first { $0.role == .subsurface && $0.hasBuffer && $0.subsurfacePosition == position }
    }

    /// The chrome's subsurfaces that show a buffer.
    var shownChromeParts: [OtherSurface] {
        otherSurfaces.filter { $0.role == .subsurface && $0.hasBuffer }
    }

    /// Bytes of the buffers the chrome's parts show (4 a pixel, as argb8888).
    var chromeBufferBytes: Int {
        shownChromeParts.reduce(0) { $0 + ($1.bufferSize.map { $0.width * $0.height * 4 } ?? 0) }
    }
}
