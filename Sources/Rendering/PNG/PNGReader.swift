import CCairo
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Loads PNG files into pixels, for tests that check what a person would see in a saved
/// screenshot.
///
/// ```swift
/// let image = try PNGReader.read("/tmp/shot.png")
/// #expect(image.pixel(x: 250, y: 200) == PixelColor(rgb: 0xAAAAAA))
/// ```
public enum PNGReader {
    /// Decodes the PNG at `path` into an owned buffer: `argb8888` if the file has alpha,
    /// `xrgb8888` otherwise.
    public static func read(_ path: String) throws(PNGError) -> PixelBuffer {
        let surface: CairoSurface
        do {
            surface = try .png(atPath: path)
        } catch {
            // cairo folds fopen's errno into these two statuses.
            let errno: Errno? = switch error {
            case CairoError(CAIRO_STATUS_FILE_NOT_FOUND): Errno(ENOENT)
            default: nil
            }
            throw PNGError(path: path, step: .read, errno: errno, cairo: errno == nil ? error : nil)
        }
        do {
            return try PixelBuffer(adopting: surface)
        } catch {
            throw PNGError(path: path, step: .read, cairo: CairoError(CAIRO_STATUS_INVALID_FORMAT))
        }
    }
}
