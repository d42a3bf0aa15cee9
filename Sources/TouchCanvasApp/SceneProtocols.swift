import TouchKit

/// What the app asks of a scene's root view, when the root view can do it.
///
/// The keys map onto these: `c` clear, `u` / Ctrl+Z undo, `d` debug overlay; SVG export is for
/// saving a drawing as vectors. The app tests the root view with `as?`.

/// A scene whose drawing can be wiped (the `c` key, the draw scene's Clear button).
@MainActor
public protocol Clearable: AnyObject {
    /// Removes every completed stroke. Strokes still being drawn go on.
    func clear()
}

/// A scene that can take back its last completed stroke.
@MainActor
public protocol Undoable: AnyObject {
    /// Removes the newest completed stroke; `false` when there is none.
    @discardableResult func undo() -> Bool
}

/// A scene whose strokes an eraser can take out (the pen's eraser end, or its first barrel
/// button held).
@MainActor
public protocol Erasable: AnyObject {
    /// Removes, whole, every completed stroke within `radius` of the segment from `start` to
    /// `end`; undo brings them back. `false` when none was there.
    @discardableResult func eraseStrokes(from start: Point, to end: Point, radius: Double) -> Bool
}

/// A scene that can write its drawing as SVG.
@MainActor
public protocol SVGExportable: AnyObject {
    /// A standalone SVG document: `viewBox` is the view's logical size, a white background,
    /// then one `<path>` per completed stroke with its colour, width and round caps and joins.
    func svgDocument() -> String
}

/// A scene with a debug overlay (the `d` key).
@MainActor
public protocol DebugOverlayToggling: AnyObject {
    func toggleDebugOverlay()
}

/// A scene with a handle the window can be dragged by (a stand-in for a title bar).
///
/// The scene only says which touch grabbed the handle; it knows nothing of the compositor. The
/// app turns the request into an interactive move (`xdg_toplevel.move`) with the serial of that
/// touch's `down`, which it kept. What the compositor does with the touch afterwards — cancel it,
/// keep sending it, or end it — reaches the scene as ordinary phases.
@MainActor
public protocol WindowMoving: AnyObject {
    /// Set by the app: called once per touch that goes down on the handle.
    var onBeginWindowMove: (@MainActor (Touch) -> Void)? { get set }
}

/// A scene that gives figures in millimetres where it can (the inspect and targets scenes):
/// the size of a pixel is the output's, which only the app knows.
@MainActor
public protocol PhysicalSizeReading: AnyObject {
    /// Set by the app: millimetres per logical pixel (x, y) where the output gives its size.
    var millimetresPerPoint: (@MainActor () -> (x: Double, y: Double)?)? { get set }
}

/// A scene that shows each contact's figures beside it (the inspect scene), read from the
/// session's ``InputInspector`` so they are counted once, whoever shows them.
@MainActor
public protocol ContactFiguresShowing: PhysicalSizeReading {
    /// Set by the app: the figures of the contact with this touch number, nil while unknown.
    var contactFigures: (@MainActor (Int) -> ContactFigures?)? { get set }
}

/// The scenes whose finished strokes live in a ``StrokeInk`` over a ``StrokeCollection`` (draw,
/// trace, and the canvas and inspect scenes built on trace): clearing, undoing, erasing and SVG
/// export are the same for each, written once here.
@MainActor
protocol StrokeInkScene: View, Clearable, Undoable, SVGExportable, Erasable {
    var ink: StrokeInk { get }
    /// The strokes the ink shows.
    var inkedStrokes: StrokeCollection { get }
}

extension StrokeInkScene {
    /// Removes, whole, every finished stroke within `radius` of the segment; undo brings them back.
    @discardableResult
    public func eraseStrokes(from start: Point, to end: Point, radius: Double) -> Bool {
        guard ink.erase(from: start, to: end, radius: radius, of: inkedStrokes) else { return false }
        setNeedsDisplay()
        return true
    }

    /// Removes every finished stroke; strokes being drawn go on.
    public func clear() {
        ink.clearCompletedStrokes(of: inkedStrokes)
        setNeedsDisplay()
    }

    /// Takes back the newest finished stroke; false when there is none.
    @discardableResult
    public func undo() -> Bool {
        guard ink.undoLastStroke(of: inkedStrokes) else { return false }
        setNeedsDisplay()
        return true
    }

    /// The finished strokes as an SVG document the size of the view.
    public func svgDocument() -> String {
        SVGWriter.document(size: bounds.size, strokes: inkedStrokes.strokes)
    }
}

/// A scene that changes with the display frame itself, not only with input or time: the
/// latency scene's one-frame flash.
@MainActor
public protocol FrameFollowing: AnyObject {
    /// Called once per display frame, after its input and animations, before it is drawn.
    func displayFrameWillDraw()
    /// The scene will look different at the next frame with no input (the flash's black frame
    /// follows its white one): the shell keeps frames coming while this is true.
    var needsAnotherFrame: Bool { get }
    /// The frame just drawn must reach the screen before another is committed (the flash's
    /// white frame): the shell waits for its frame callback instead of committing the next
    /// frame ahead of the vblank, where the compositor would replace it unseen.
    var mustShowLastFrame: Bool { get }
}

/// A scene that shows the measured touch→glass (the latency scene, beside its lag rings).
@MainActor
public protocol TouchToGlassShowing: AnyObject {
    /// Set by the app: the median input→presentation over the last second, in seconds; nil
    /// while nothing has been measured (no `wp_presentation`, or no input yet).
    var touchToGlassMedian: (@MainActor () -> Double?)? { get set }
}
