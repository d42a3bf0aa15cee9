/// The pixels of one committed shm buffer, copied when the commit arrived.
///
/// Copying (instead of keeping a view of the client's memory) is what makes the frame trustworthy:
/// the client may draw into the buffer again as soon as it is released.
public struct Frame: Sendable {
    /// Buffer size in pixels (logical size × `scale`).
    public let width: Int
    public let height: Int
    /// Bytes per row of `pixels`: the copy is packed, so always `width * 4`.
    public let stride: Int
    /// The surface's buffer scale in effect for this commit.
    public let scale: Int32
    /// The `wl_shm` format code (0 = argb8888, 1 = xrgb8888).
    public let format: UInt32
    /// ARGB8888 / XRGB8888 little-endian, exactly as in the shm buffer: B, G, R, A per pixel.
    public let pixels: [UInt8]
    /// Damage of this commit in buffer coordinates, clipped to the buffer: `damage_buffer` as
    /// sent, `damage` (surface coordinates) multiplied by the scale.
    public let damage: [(x: Int32, y: Int32, width: Int32, height: Int32)]

    public init(width: Int, height: Int, stride: Int, scale: Int32, format: UInt32, pixels: [UInt8],
                damage: [(x: Int32, y: Int32, width: Int32, height: Int32)]) {
        self.width = width
        self.height = height
        self.stride = stride
        self.scale = scale
        self.format = format
        self.pixels = pixels
        self.damage = damage
    }

    /// The colour at a buffer pixel; all zero outside the buffer (never traps). For xrgb8888 the
    /// undefined X byte reads as opaque.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        guard x >= 0, y >= 0, x < width, y < height else { return (0, 0, 0, 0) }
        let index = y * stride + x * 4
        guard index + 3 < pixels.count else { return (0, 0, 0, 0) }
        let alpha = format == 1 ? 0xFF : pixels[index + 3]
        return (pixels[index + 2], pixels[index + 1], pixels[index], alpha)
    }

    /// Buffer pixels covered by `damage` (overlaps counted once).
    public var damagedArea: Int { unionArea(damage) }
}

/// One `wl_surface.commit` of the toplevel's surface.
public struct Commit: Sendable {
    /// 1-based position among the toplevel commits since the compositor started.
    public let sequence: Int
    /// This commit attached a (non-null) buffer.
    public let hasBuffer: Bool
    /// Pixels captured by this commit: a newly attached buffer, or new damage on the current one.
    /// Nil when nothing visible changed or frame capture is off.
    public let frame: Frame?
    /// The event clock (`ScriptedCompositor.eventTime`) when the commit arrived, in ms.
    public let time: UInt32
    /// CLOCK_MONOTONIC when the commit arrived, comparable with `ScriptedCompositor.monotonicNanoseconds`.
    public let uptimeNanoseconds: UInt64
}

/// Per-commit numbers for benchmarks; no pixels, so keeping all of them is cheap.
public struct CommitRecord: Sendable {
    public let sequence: Int
    public let uptimeNanoseconds: UInt64
    public let attachedBuffer: Bool
    public let damageRects: Int
    /// Union area of this commit's damage in buffer pixels.
    public let damagedPixels: Int
    /// The areas of this commit's damage rectangles added up, in buffer pixels: overlaps count
    /// once per rectangle, as a compositor that uploads a shm buffer rectangle by rectangle
    /// copies them. Never less than ``damagedPixels``.
    public let summedDamagePixels: Int
    /// Area of the buffer shown after this commit (0 when none).
    public let bufferPixels: Int

    /// Damaged fraction of the buffer (0 when there is no buffer).
    public var damagedFraction: Double { bufferPixels > 0 ? Double(damagedPixels) / Double(bufferPixels) : 0 }

    /// ``summedDamagePixels`` as a fraction of the buffer (0 when there is no buffer).
    public var summedDamageFraction: Double {
        bufferPixels > 0 ? Double(summedDamagePixels) / Double(bufferPixels) : 0
    }
}

/// Counters over the toplevel surface's life, for benchmarks. `resetStats()` starts over.
public struct Stats: Sendable {
    public internal(set) var commits = 0
    public internal(set) var buffersAttached = 0
    public internal(set) var damageRects = 0
    public internal(set) var damagedPixels = 0
    public internal(set) var frameCallbacksRequested = 0
    public internal(set) var frameCallbacksAnswered = 0
    /// Commits not applied when they came: held by a FIFO barrier, a timestamp, or a commit
    /// held before them.
    public internal(set) var commitsHeld = 0
    /// CLOCK_MONOTONIC of every `touchFrame()` call, to pair input with the commits that follow.
    public internal(set) var touchFrameUptimeNanoseconds: [UInt64] = []
    public internal(set) var perCommit: [CommitRecord] = []

    /// Mean damaged fraction over commits that showed a buffer.
    public var meanDamagedFraction: Double {
        let shown = perCommit.filter { $0.bufferPixels > 0 }
        guard !shown.isEmpty else { return 0 }
        return shown.reduce(0) { $0 + $1.damagedFraction } / Double(shown.count)
    }
}

/// An `xdg_toplevel.move` the client asked for.
public struct MoveRequest: Sendable, Equatable {
    /// The seat the request named, nil when it was none of this compositor's seats.
    public let seat: String?
    public let serial: UInt32
    /// The touch whose `down` carried `serial`, when that touch was still down; nil for a serial
    /// of anything else (a button, a stale touch, a made-up number).
    public let touchID: Int32?
}

/// An `xdg_toplevel.resize`: the seat, serial and touch as for a move, and the edge
/// (`xdg_toplevel.resize_edge`: 1 top, 2 bottom, 4 left, 8 right, sums for corners).
public struct ResizeRequest: Sendable, Equatable {
    public let seat: String?
    public let serial: UInt32
    public let touchID: Int32?
    public let edge: UInt32
}

/// A `wl_pointer.set_cursor`: the surface that shows the pointer (nil hides it) and the hotspot,
/// the point of the image that is the pointer's position, in that surface's logical coordinates.
public struct CursorRequest: Sendable, Equatable {
    public let seat: String
    public let serial: UInt32
    /// The serial was that of the seat's latest `wl_pointer.enter`, so a compositor obeys it;
    /// one with any other serial is ignored by real compositors.
    public let obeyed: Bool
    public let surfaceID: UInt32?
    public let hotspotX: Int32
    public let hotspotY: Int32
}

/// What the client told the compositor about its toplevel.
public struct ToplevelInfo: Sendable {
    public let title: String?
    public let appID: String?
    /// Size of the last configure the client acked (0×0 = "you choose").
    public let configuredSize: (width: Int32, height: Int32)?
    /// The last acked configure carried the fullscreen state.
    public let configuredFullscreen: Bool
    /// `set_fullscreen` was called and not undone by `unset_fullscreen`.
    public let fullscreenRequested: Bool
    public let minSize: (width: Int32, height: Int32)
    public let maxSize: (width: Int32, height: Int32)
    /// A buffer is shown after a configure was acked.
    public let isMapped: Bool
    /// Size in pixels of the buffer currently shown.
    public let bufferSize: (width: Int, height: Int)?
    public let bufferScale: Int32
    /// The logical size the buffer is shown at through `wp_viewport.set_destination`, if set.
    public let viewportDestination: (width: Int32, height: Int32)?
    /// The visible window inside the surface (`xdg_surface.set_window_geometry`), in surface
    /// coordinates; nil when the client set none (the whole surface). Input coordinates are
    /// relative to its top-left corner.
    public let windowGeometry: (x: Int32, y: Int32, width: Int32, height: Int32)?
    /// Serial of the last configure sent and of the last one acked.
    public let lastConfigureSerial: UInt32?
    public let lastAckedSerial: UInt32?
    /// The client made a `zxdg_toplevel_decoration_v1` for this toplevel and still has it.
    public let hasDecorationObject: Bool
    /// The mode it asked for with `set_mode` (1 client-side, 2 server-side); nil when it asked
    /// for none or unset it.
    public let requestedDecorationMode: UInt32?
    /// The mode of the last decoration `configure` the compositor sent.
    public let configuredDecorationMode: UInt32?
}

/// Seat capabilities, as in `wl_seat.capability`.
public struct Capabilities: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let pointer = Capabilities(rawValue: 1)
    public static let keyboard = Capabilities(rawValue: 2)
    public static let touch = Capabilities(rawValue: 4)
    public static let all: Capabilities = [.pointer, .keyboard, .touch]
}

/// A protocol error the compositor sent to a misbehaving client.
public struct PostedProtocolError: Sendable, CustomStringConvertible {
    public let interface: String
    public let objectID: UInt32
    public let code: UInt32
    public let message: String
    public var description: String { "\(interface)@\(objectID) error \(code): \(message)" }
}
