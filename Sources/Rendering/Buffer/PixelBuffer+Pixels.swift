/// Direct pixel access, for tests, PNG checks and the foot-style "copy old damage" path.
extension PixelBuffer {
    /// The colour at (`x`, `y`), unpremultiplied, or `nil` outside the buffer.
    ///
    /// This is the helper end-to-end tests use on saved screenshots: read a PNG with
    /// ``PNGReader`` and ask what a person would see at a point.
    public func pixel(x: Int, y: Int) -> PixelColor? {
        rawPixel(x: x, y: y).map { PixelColor(stored: $0, format: format) }
    }

    /// The stored 32-bit value at (`x`, `y`) (premultiplied for `argb8888`), or `nil` outside.
    public func rawPixel(x: Int, y: Int) -> UInt32? {
        guard bounds.contains(x: x, y: y) else { return nil }
        surface.flush()
        return baseAddress.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
    }

    /// Sets every pixel of `rect` (clipped to the buffer) to the stored value `value`.
    ///
    /// Tests use this to fill a buffer with a sentinel and prove later that a frame left
    /// everything outside its damage alone.
    public func fill(_ value: UInt32, in rect: PixelRect? = nil) {
        let area = (rect ?? bounds).intersection(bounds)
        guard !area.isEmpty else { return }
        surface.flush()
        for row in area.minY..<area.maxY {
            let start = baseAddress + row * stride + area.minX * 4
            start.initializeMemory(as: UInt32.self, repeating: value, count: area.width)
        }
        markDirty()
    }

    /// Copies the pixels of `region` from `source`, which must have the same size and format.
    ///
    /// This is foot's `reapply_old_damage`: when the compositor still holds the newest buffer,
    /// the glue can bring an older buffer up to date by copying what changed since, instead of
    /// repainting. Returns `false` (and copies nothing) if the buffers do not match.
    @discardableResult
    public func copy(_ region: DamageRegion, from source: PixelBuffer) -> Bool {
        guard source !== self, source.width == width, source.height == height,
              source.format == format else { return false }
        source.surface.flush()
        surface.flush()
        for rect in region.rects {
            let area = rect.intersection(bounds)
            guard !area.isEmpty else { continue }
            for row in area.minY..<area.maxY {
                let offset = area.minX * 4
                (baseAddress + row * stride + offset).copyMemory(
                    from: source.baseAddress + row * source.stride + offset, byteCount: area.width * 4)
            }
        }
        markDirty()
        return true
    }
}
