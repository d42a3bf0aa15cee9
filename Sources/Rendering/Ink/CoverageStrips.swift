import CCairo
import Glibc
import TouchKit

/// The pixels of a coverage ``InkLayer``: one alpha byte per pixel (ink of a single colour),
/// stored as vertical strips ``width`` pixels wide, each its own A8 surface and context, in one
/// anonymous memory mapping.
///
/// Why strips: resident memory is counted in 4 kB pages, and the kernel only makes a page
/// resident when it is written. In a layer laid out row after row (3 840 bytes a row at 4K) a
/// page is about one row, so a stroke going down the screen touches a page on every row it
/// crosses, and ten fingers make the whole layer resident within seconds. A strip 64 px wide
/// puts 64 rows of 64 px in a page, so a page is a 64×64 tile and a stroke only makes the tiles
/// it passes resident (ten fingers across a 4K window: about 4 MB instead of 8 MB, and 33 MB for
/// the ARGB layer this replaced — BENCHMARKS.md, "Memory at 4K").
///
/// Why one mapping of our own rather than cairo's allocation: the pages must start unmapped
/// (zero, not resident) whatever malloc's thresholds are, and clearing must give pages back
/// (`madvise(MADV_DONTNEED)`, which reads as zero again) instead of writing zeros into them.
///
/// A stroke's segments are written straight into the mapping (``draw(_:alpha:rows:)``), one
/// shape whatever strips it crosses. Other shapes (a pen's tapered segments, dots) are drawn
/// through a strip's cairo context, clipped by its surface's edges: a shape crossing a strip
/// edge is drawn in each strip it touches, and cairo rasterises a shape cut by a vertical edge
/// slightly differently from the whole shape; but live drawing, rebuilds and repairs all go
/// through the same strips, so they agree with each other exactly. Owned by one ``InkLayer``.
///
/// A repair (``clearForRedraw(rows:)``, then the redraw, then ``releaseBlankPages(rows:)``)
/// zeroes the pages that hold ink and gives back only those the redraw left blank: giving back
/// every page of the band first made the redraw fault the pages of every stroke crossing it in
/// again, each one allocated and zeroed by the kernel: a replay of ten fingers spent 7 % of its
/// time in repairs, most of it there (BENCHMARKS.md, "Replaying a large recording"). The pages
/// resident afterwards are the same: those holding ink.
final class CoverageStrips {
    /// Pixels across a strip: 64 rows of 64 one-byte pixels fill a 4 kB page.
    static let width = 64

    let pixelWidth: Int
    let pixelHeight: Int
    /// Bytes from one row of a strip to the next (cairo's stride for 64 A8 pixels: 64).
    let stride: Int
    /// Bytes of one strip, rounded up to whole pages so strips never share a page.
    let stripBytes: Int
    private let base: UnsafeMutableRawPointer
    private let mappedBytes: Int
    /// Bytes of a memory page.
    private let pageBytes: Int
    /// A flag per page of the mapping: set when ink may have been written into it, cleared when
    /// it is given back. A page without it reads as zero, so a repair neither reads nor clears it.
    @exclusivity(unchecked) private var written: [Bool]
    private(set) var surfaces: [CairoSurface] = []
    private var contexts: [CairoContext] = []
    /// A surface pattern per strip, made once, for ``GraphicsContext`` to mask with when it
    /// cannot composite with pixman directly (a resampled layer, a target that is not an image).
    private(set) var patterns: [OpaquePointer] = []
    /// The same pixels as pixman images, made once: see ``composite(color:opacity:strip:box:onto:)``.
    private var images: [OpaquePointer] = []
    /// The solid colour last composited, with its opacity, and its pixman image.
    private var solid: (color: Color, opacity: Double, image: OpaquePointer)?
    /// Pixman images over the frames' target buffers (two or three alternate), by their memory.
    private var targets: [(data: UnsafeMutableRawPointer, width: Int32, height: Int32, stride: Int32,
                           format: cairo_format_t, image: OpaquePointer)] = []

    /// Strips for `width` × `height` pixels, all transparent, none of their pages resident.
    init(width: Int, height: Int) throws(CairoError) {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_A8, Int32(Self.width)))
        let page = max(Int(sysconf(Int32(_SC_PAGESIZE))), 1)
        let count = (width + Self.width - 1) / Self.width
        let (rowBytes, overflow) = stride.multipliedReportingOverflow(by: height)
        guard width > 0, height > 0, stride > 0, !overflow, let h = Int32(exactly: height) else { throw .noMemory }
        let stripBytes = (rowBytes + page - 1) / page * page
        let (total, overflow2) = stripBytes.multipliedReportingOverflow(by: count)
        guard !overflow2 else { throw .noMemory }
        let mapped = mmap(nil, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let mapped, mapped != UnsafeMutableRawPointer(bitPattern: -1) else { throw .noMemory }
        pixelWidth = width
        pixelHeight = height
        self.stride = stride
        self.stripBytes = stripBytes
        base = mapped
        mappedBytes = total
        pageBytes = page
        written = Array(repeating: false, count: total / page)
        do throws(CairoError) {
            for k in 0..<count {
                let surface = try CairoSurface.image(over: base + k * stripBytes, format: CAIRO_FORMAT_A8,
                                                     width: Int32(Self.width), height: h, stride: Int32(stride))
                let cairo = try CairoContext(surface: surface)
                cairo.setLineCap(CAIRO_LINE_CAP_ROUND)
                cairo.setLineJoin(CAIRO_LINE_JOIN_ROUND)
                surfaces.append(surface)
                contexts.append(cairo)
                guard let pattern = cairo_pattern_create_for_surface(surface.pointer),
                      cairo_pattern_status(pattern) == CAIRO_STATUS_SUCCESS
                else { throw CairoError.noMemory }
                patterns.append(pattern)
                guard let image = pixman_image_create_bits(PIXMAN_a8, Int32(Self.width), h,
                                                           (base + k * stripBytes).assumingMemoryBound(to: UInt32.self),
                                                           Int32(stride))
                else { throw CairoError.noMemory }
                images.append(image)
            }
        } catch {
            release()
            throw error
        }
    }

    deinit { release() }

    /// The contexts go before the memory they draw into.
    private func release() {
        for pattern in patterns { cairo_pattern_destroy(pattern) }
        patterns.removeAll()
        for image in images { pixman_image_unref(image) }
        images.removeAll()
        if let solid { pixman_image_unref(solid.image) }
        solid = nil
        for target in targets { pixman_image_unref(target.image) }
        targets.removeAll()
        contexts.removeAll()
        for surface in surfaces { cairo_surface_finish(surface.pointer) }
        surfaces.removeAll()
        munmap(base, mappedBytes)
    }

    /// Bytes of address space the strips take; only pages ink was drawn on are resident.
    var byteCount: Int { mappedBytes }

    /// How many of the strips' pages are resident now (`mincore`), for tests of what a repair
    /// gives back; 0 if the kernel cannot say.
    func residentPageCount() -> Int {
        var flags = [UInt8](repeating: 0, count: mappedBytes / pageBytes)
        guard mincore(base, mappedBytes, &flags) == 0 else { return 0 }
        return flags.reduce(0) { $0 + Int($1 & 1) }
    }

    /// Composites `color` at `opacity` through strip `k` onto the image surface `target`, inside
    /// `box` (the target's pixels; the strip's pixel (0, 0) lies at `origin` there): `OVER`, the
    /// colour's alpha times the strip's coverage. Returns `false`, having done nothing, when
    /// `target` is not a 32-bit image or an image cannot be had.
    ///
    /// Why pixman rather than `cairo_mask`: cairo makes a solid-colour image and a mask image for
    /// every mask call, two heap allocations each, and a frame masks once per strip per damage
    /// box (tens, with ten fingers); the allocation rule (docs/architecture.md) wants none per frame (`AllocationSites`). Here the
    /// images are made once and the composite is pixman's solid-through-A8 fast path.
    func composite(color: Color, opacity: Double, strip k: Int, box: PixelRect,
                   origin: (x: Int, y: Int), onto target: OpaquePointer) -> Bool {
        guard let dest = targetImage(target) else { return false }
        return composite(color: color, opacity: opacity, strip: k, box: box, origin: origin, ontoImage: dest)
    }

    /// The same composite onto a pixman image of the caller's: `ShownInk` repeats a frame's
    /// compositing into pixels of its own with this, so that they come out as the frame's did.
    func composite(color: Color, opacity: Double, strip k: Int, box: PixelRect,
                   origin: (x: Int, y: Int), ontoImage dest: OpaquePointer) -> Bool {
        guard images.indices.contains(k), let source = solidImage(color, opacity) else { return false }
        pixman_image_composite32(PIXMAN_OP_OVER, source, images[k], dest,
                                 0, 0, Int32(box.x - origin.x), Int32(box.y - origin.y),
                                 Int32(box.x), Int32(box.y), Int32(box.width), Int32(box.height))
        return true
    }

    private func solidImage(_ color: Color, _ opacity: Double) -> OpaquePointer? {
        if let solid, solid.color == color, solid.opacity == opacity { return solid.image }
        if let solid { pixman_image_unref(solid.image) }
        solid = nil
        // Premultiplied, 16 bits a channel, as cairo hands pixman its colours.
        let alpha = max(0, min(1, color.alpha * opacity))
        func short(_ value: Double) -> UInt16 { UInt16((max(0, min(1, value)) * 65535).rounded()) }
        var pixel = pixman_color_t(red: short(color.red * alpha), green: short(color.green * alpha),
                                   blue: short(color.blue * alpha), alpha: short(alpha))
        guard let image = pixman_image_create_solid_fill(&pixel) else { return nil }
        solid = (color, opacity, image)
        return image
    }

    private func targetImage(_ surface: OpaquePointer) -> OpaquePointer? {
        guard cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
              let data = cairo_image_surface_get_data(surface) else { return nil }
        let format = cairo_image_surface_get_format(surface)
        let width = cairo_image_surface_get_width(surface), height = cairo_image_surface_get_height(surface)
        let stride = cairo_image_surface_get_stride(surface)
        let raw = UnsafeMutableRawPointer(data)
        for target in targets where target.data == raw && target.width == width && target.height == height
            && target.stride == stride && target.format == format {
            return target.image
        }
        let pixmanFormat: pixman_format_code_t
        switch format {
        case CAIRO_FORMAT_ARGB32: pixmanFormat = PIXMAN_a8r8g8b8
        case CAIRO_FORMAT_RGB24: pixmanFormat = PIXMAN_x8r8g8b8
        default: return nil
        }
        guard let image = pixman_image_create_bits(pixmanFormat, width, height,
                                                   raw.assumingMemoryBound(to: UInt32.self), stride)
        else { return nil }
        // The buffers of a swapchain, plus one: an older one has gone.
        if targets.count >= 4 { pixman_image_unref(targets.removeFirst().image) }
        targets.append((raw, width, height, stride, format, image))
        return image
    }

    /// Draws `segment` `OVER` the strips' coverage at `alpha` (0…255), in `clip`'s rows only
    /// when given: `m + d · (1 − m)`, `m` the segment's coverage times `alpha`, as cairo
    /// composites onto an A8 surface. Written straight into the mapping, strip by strip, so a
    /// segment across a strip edge is one shape, not one per strip.
    func draw(_ segment: SegmentCoverage, alpha: UInt32, rows clip: Range<Int>?) {
        var rows = segment.rows(height: pixelHeight)
        if let clip { rows = rows.clamped(to: clip) }
        let touched = segment.columns(width: pixelWidth)
        guard !rows.isEmpty, !touched.isEmpty else { return }
        let first = touched.lowerBound >> Self.shift, last = (touched.upperBound - 1) >> Self.shift
        for k in first...last {
            surfaces[k].flush()
            markWritten(strip: k, rows: rows)
        }
        let wholeM = multiplyBytes(segment.full, alpha)
        for j in rows {
            let row = base + j * stride
            @inline(__always) func blend(_ i: Int, _ m: UInt32) {
                let p = row + (i >> Self.shift) * stripBytes + (i & (Self.width - 1))
                if m == 255 {
                    p.storeBytes(of: 255, as: UInt8.self)
                    return
                }
                let d = UInt32(p.load(as: UInt8.self))
                p.storeBytes(of: UInt8(truncatingIfNeeded: m &+ multiplyBytes(d, 255 &- m)), as: UInt8.self)
            }
            let (columns, whole) = segment.spans(row: j, width: pixelWidth)
            for i in columns.lowerBound..<whole.lowerBound {
                let m = multiplyBytes(segment.coverage(column: i, row: j), alpha)
                if m > 0 { blend(i, m) }
            }
            if wholeM > 0 { for i in whole { blend(i, wholeM) } }
            for i in whole.upperBound..<columns.upperBound {
                let m = multiplyBytes(segment.coverage(column: i, row: j), alpha)
                if m > 0 { blend(i, m) }
            }
        }
        for k in first...last { surfaces[k].markDirty() }
    }

    /// Strip `k`'s context, for drawing into it: its pages in `rows` (all of them by default) are
    /// counted as holding ink from here on.
    func context(forDrawingIn k: Int, rows: Range<Int>? = nil) -> CairoContext {
        markWritten(strip: k, rows: rows ?? 0..<pixelHeight)
        return contexts[k]
    }

    /// Flags the pages of strip `k` that hold any byte of `rows` as written.
    private func markWritten(strip k: Int, rows: Range<Int>) {
        let rows = rows.clamped(to: 0..<pixelHeight)
        guard !rows.isEmpty else { return }
        let start = k * stripBytes + rows.lowerBound * stride, end = k * stripBytes + rows.upperBound * stride
        for page in (start / pageBytes)...((end - 1) / pageBytes) where !written[page] { written[page] = true }
    }

    /// `x >> shift` is the strip of layer column `x`.
    private static let shift = CoverageStrips.width.trailingZeroBitCount

    /// The strips whose columns meet layer pixels `minX..<maxX` (clamped to the layer).
    func strips(coveringPixels minX: Int, _ maxX: Int) -> Range<Int> {
        let lower = max(0, minX) / Self.width
        let upper = min(contexts.count, (max(0, maxX) + Self.width - 1) / Self.width)
        return lower < upper ? lower..<upper : 0..<0
    }

    /// Points every strip's context at logical coordinates: `rect`'s origin at the layer's
    /// pixel (0, 0), `scale` layer pixels per logical pixel, each strip shifted to its column.
    func setMatrix(rect: Rect, scale: Double) {
        for (k, cairo) in contexts.enumerated() {
            cairo.identityMatrix()
            cairo.translate(-Double(k * Self.width), 0)
            cairo.scale(scale, scale)
            cairo.translate(-rect.minX, -rect.minY)
        }
    }

    /// The first sticky error among the strips' contexts.
    var error: CairoError? {
        for cairo in contexts { if let error = cairo.error { return error } }
        return nil
    }

    /// Makes `rows` of every strip transparent without making a page resident: a page the rows
    /// cover whole, or whose other bytes hold no ink, is given back to the kernel (it reads as
    /// zero again); on a page shared with ink outside the rows, the rows' bytes are zeroed, and
    /// only if they hold ink. A repair's band is often narrower than a page's 64 rows: zeroing
    /// would leave every page an ended stroke passed resident.
    func clear(rows: Range<Int>) {
        let rows = rows.clamped(to: 0..<pixelHeight)
        guard !rows.isEmpty else { return }
        if rows == 0..<pixelHeight {
            for surface in surfaces { surface.flush() }
            _ = madvise(base, mappedBytes, MADV_DONTNEED)
            for surface in surfaces { surface.markDirty() }
            for i in written.indices { written[i] = false }
            return
        }
        let page = pageBytes
        for (k, surface) in surfaces.enumerated() {
            surface.flush()
            let start = k * stripBytes + rows.lowerBound * stride, end = k * stripBytes + rows.upperBound * stride
            var pageStart = start / page * page
            while pageStart < end {
                let pageEnd = pageStart + page
                let cleared = max(start, pageStart)..<min(end, pageEnd)
                if cleared.count == page
                    || (isBlank(pageStart..<cleared.lowerBound) && isBlank(cleared.upperBound..<pageEnd)) {
                    _ = madvise(base + pageStart, page, MADV_DONTNEED)
                    written[pageStart / page] = false
                } else if !isBlank(cleared) {
                    memset(base + cleared.lowerBound, 0, cleared.count)
                }
                pageStart = pageEnd
            }
            surface.markDirty()
        }
    }

    /// The first half of a repair: makes `rows` of every strip transparent by zeroing the bytes
    /// of the pages that hold ink, giving none back yet, so that the strokes redrawn into the rows
    /// write into pages still resident. ``releaseBlankPages(rows:)`` must follow the redraw.
    func clearForRedraw(rows: Range<Int>) {
        let rows = rows.clamped(to: 0..<pixelHeight)
        guard !rows.isEmpty else { return }
        for (k, surface) in surfaces.enumerated() {
            surface.flush()
            forEachWrittenPage(strip: k, rows: rows) { pageStart in
                let cleared = max(k * stripBytes + rows.lowerBound * stride, pageStart)
                    ..< min(k * stripBytes + rows.upperBound * stride, pageStart + pageBytes)
                if !isBlank(cleared) { memset(base + cleared.lowerBound, 0, cleared.count) }
            }
            surface.markDirty()
        }
    }

    /// The second half of a repair: gives back the pages holding a byte of `rows` that are all
    /// zero after the redraw, as ``clear(rows:)`` would have given back before it and the redraw
    /// left untouched.
    func releaseBlankPages(rows: Range<Int>) {
        let rows = rows.clamped(to: 0..<pixelHeight)
        guard !rows.isEmpty else { return }
        for (k, surface) in surfaces.enumerated() {
            surface.flush()
            forEachWrittenPage(strip: k, rows: rows) { pageStart in
                guard isBlank(pageStart..<(pageStart + pageBytes)) else { return }
                _ = madvise(base + pageStart, pageBytes, MADV_DONTNEED)
                written[pageStart / pageBytes] = false
            }
            surface.markDirty()
        }
    }

    /// Calls `body` with the offset of each flagged page of strip `k` holding a byte of `rows`.
    private func forEachWrittenPage(strip k: Int, rows: Range<Int>, _ body: (Int) -> Void) {
        let start = k * stripBytes + rows.lowerBound * stride, end = k * stripBytes + rows.upperBound * stride
        for page in (start / pageBytes)...((end - 1) / pageBytes) where written[page] { body(page * pageBytes) }
    }

    /// Whether `bytes` (offsets into the mapping) are all zero. Reading an untouched page maps
    /// the kernel's shared zero page: it does not become resident.
    private func isBlank(_ bytes: Range<Int>) -> Bool {
        let p = UnsafeRawPointer(base + bytes.lowerBound)
        var i = 0
        while i + 8 <= bytes.count {
            if p.loadUnaligned(fromByteOffset: i, as: UInt64.self) != 0 { return false }
            i += 8
        }
        while i < bytes.count {
            if p.load(fromByteOffset: i, as: UInt8.self) != 0 { return false }
            i += 1
        }
        return true
    }
}
