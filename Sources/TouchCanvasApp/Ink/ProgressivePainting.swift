import TouchKit

/// A scene whose drawing may take several frames to paint after a size or scale change: its
/// ink is rebuilt a slice per frame (``InkRebuild``) so the event loop keeps answering pings and
/// taking input.
///
/// The session sets the budget on each new scene and, after every frame, asks whether another
/// is needed; the shell keeps frames coming while it is. A save sets the budget to
/// ``InkPaintBudget/unlimited`` for its picture, so it always shows the whole drawing.
@MainActor
public protocol ProgressivePainting: AnyObject {
    /// How much of a long paint one frame may do.
    var paintBudget: InkPaintBudget { get set }
    /// The last frame did not paint everything, or its last slice is not on screen yet.
    var needsAnotherFrame: Bool { get }
    /// Strokes ended since the last frame and wait to be drawn into the completed ink: the next
    /// frame draws each again whole and repaints what it covers, far more than a frame of moves.
    var hasStrokesToSettle: Bool { get }
}

extension DrawingView: ProgressivePainting {
    public var paintBudget: InkPaintBudget {
        get { ink.paintBudget }
        set { ink.paintBudget = newValue }
    }

    public var needsAnotherFrame: Bool { ink.needsAnotherFrame }
    public var hasStrokesToSettle: Bool { !ink.pendingCommits.isEmpty }
}

extension TouchTrackerView: ProgressivePainting {
    public var paintBudget: InkPaintBudget {
        get { ink.paintBudget }
        set { ink.paintBudget = newValue }
    }

    public var needsAnotherFrame: Bool { ink.needsAnotherFrame }
    public var hasStrokesToSettle: Bool { !ink.pendingCommits.isEmpty }
}
