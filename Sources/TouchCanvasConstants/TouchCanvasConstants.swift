// What several modules must agree on, kept in this leaf module because no other module is
// reachable from all of them (`Wayland` makes the buffers, `Recording` reads sizes from files,
// the app parses them from the command line, and none of these depend on one another).

/// The one place the version is written: `touchcanvas --version`, the `check` report and the
/// header of every recording say this, so a report or a file can be traced to the build that
/// made it.
public enum TouchCanvasVersion {
    public static let current = "0.1.0"
}

/// The size limits of the picture, from the shared-memory buffer up to the command line.
public enum BufferLimits {
    /// The longest side a buffer may have, in buffer pixels: more than any output has, and what
    /// GL renderers in compositors can take as one texture.
    public static let maximumSide = 16384

    /// The logical sides a window (or a recording of one) may have: at scale 1 a logical pixel
    /// is a buffer pixel, so no logical side can need more than a buffer can hold. Larger
    /// scales shrink this further, which the window works out from ``maximumSide``.
    public static let logicalSides = 1...maximumSide
}
