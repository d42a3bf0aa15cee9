import Rendering

extension AppSession {
    /// `s` and `--save-on-exit`: the picture as a PNG at `path` (atomically, replacing only that
    /// file) and the scene's strokes as SVG beside it, where the scene has strokes. Each file
    /// saved, and each failure, is one line for `report`; false when anything failed.
    public func save(to path: String, report: (String) -> Void) -> Bool {
        let pixels: PixelBuffer
        do {
            guard let picture = try picture() else {
                report("nothing to save yet: the window has not been drawn")
                return false
            }
            pixels = picture
        } catch {
            report("cannot save \(path): \(error)")
            return false
        }
        do {
            try PNGWriter().write(pixels, to: path)
        } catch {
            report("\(error)")
            return false
        }
        report("saved \(path)")
        // The strokes as vectors beside the pixels, for reuse elsewhere.
        guard let scene = rootView as? SVGExportable else { return true }
        let svgPath = SaveLocation.svgPath(besidePNG: path)
        do {
            try TextFileWriter(kind: "SVG").write(scene.svgDocument(), to: svgPath)
        } catch {
            report("\(error)")
            return false
        }
        report("saved \(svgPath)")
        return true
    }
}
