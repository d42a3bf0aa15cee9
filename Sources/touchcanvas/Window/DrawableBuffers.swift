import TouchCanvasConstants
import Rendering
import Wayland

/// A surface's shared-memory buffers with Cairo's view of each: the next free buffer at a size,
/// ready to draw into. The content and the window chrome each have one.
@MainActor
final class DrawableBuffers {
    let swapchain: ShmSwapchain
    private let format: PixelFormat
    /// Matched by identity (an ObjectIdentifier could be reused by a new buffer after a resize
    /// freed the old one).
    /// Unchecked for exclusivity: read on every frame on the main actor, never re-entered, and
    /// its runtime check showed up in the frame's profile.
    @exclusivity(unchecked) private var pixelBuffers: [(shm: ShmBuffer, pixels: PixelBuffer)] = []

    init(shm: WlShm, format: PixelFormat) {
        self.format = format
        swapchain = ShmSwapchain(shm: shm, format: format == .argb8888 ? .argb8888 : .xrgb8888,
                                 maximumSide: BufferLimits.maximumSide, memoryName: "touchcanvas-shm")
    }

    /// The next buffer of `width`×`height` device pixels, or nil while the compositor holds them
    /// all (a release comes with the next frame callback). Throws a readable reason when no
    /// buffer can be made.
    func next(width: Int, height: Int) throws(AppError) -> (shm: ShmBuffer, pixels: PixelBuffer)? {
        let buffer: ShmBuffer?
        do {
            buffer = try swapchain.nextBuffer(width: width, height: height)
        } catch {
            throw AppError(error.description)
        }
        guard let buffer else { return nil }
        forgetBuffersTheSwapchainDropped()
        for pair in pixelBuffers where pair.shm === buffer { return pair }
        do {
            let pixels = try PixelBuffer(borrowing: buffer.data, width: buffer.width, height: buffer.height,
                                         stride: buffer.stride, format: format)
            pixelBuffers.append((buffer, pixels))
            return (buffer, pixels)
        } catch {
            throw AppError("cannot draw into a \(buffer.width)×\(buffer.height) buffer: \(error)")
        }
    }

    func didCommit(_ buffer: ShmBuffer) { swapchain.didCommit(buffer) }
    func didDraw(_ buffer: ShmBuffer) { swapchain.didDraw(buffer) }
    func didAttach(_ buffer: ShmBuffer) { swapchain.didAttach(buffer) }

    /// Drops the Cairo views of buffers the swapchain no longer has (a resize replaced them).
    /// Loops rather than `removeAll(where:)` and `contains(where:)`: in Swift 6 a closure formed
    /// in this main-actor code and handed to the standard library checks on every call that it
    /// runs on the main actor, and every frame comes here (BENCHMARKS.md, part A).
    private func forgetBuffersTheSwapchainDropped() {
        let current = swapchain.buffers
        var kept = 0
        for index in pixelBuffers.indices {
            var held = false
            for buffer in current where buffer === pixelBuffers[index].shm {
                held = true
                break
            }
            guard held else { continue }
            if kept != index { pixelBuffers[kept] = pixelBuffers[index] }
            kept += 1
        }
        pixelBuffers.removeSubrange(kept...)
    }
}
