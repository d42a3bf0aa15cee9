import Canvas
import Wayland

/// A surface's shared-memory buffers with Cairo's view of each: the next free buffer at a size,
/// ready to draw into. The canvas and the window frame each have one.
@MainActor
final class DrawableBuffers {
    let swapchain: ShmSwapchain
    private let format: PixelFormat
    /// Matched by identity (an ObjectIdentifier could be reused by a new buffer after a resize
    /// freed the old one).
    private var pixelBuffers: [(shm: ShmBuffer, pixels: PixelBuffer)] = []

    init(shm: WlShm, format: PixelFormat) {
        self.format = format
        swapchain = ShmSwapchain(shm: shm, format: format == .argb8888 ? .argb8888 : .xrgb8888)
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
        pixelBuffers.removeAll { pair in !swapchain.buffers.contains { $0 === pair.shm } }
        if let existing = pixelBuffers.first(where: { $0.shm === buffer }) { return existing }
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
}
