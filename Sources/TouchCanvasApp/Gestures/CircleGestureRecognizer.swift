import TouchKit

/// Recognizes a circle drawn with one finger: the Event Handling Guide's example of writing
/// your own recognizer, on ``CircleDetector`` as its building block.
///
/// Discrete, as the guide's own example is: it stays `possible` while the finger draws, then
/// goes to `ended` (recognized) when the finger lifts having closed a round path, or to
/// `failed` as soon as the touches cannot be one (a second finger, a cancel) or when the
/// finger lifts on anything else. The targets hear only the recognition, with ``circle`` set.
///
/// It reads every coalesced sample, not only the newest location, so a circle drawn quickly is
/// judged on the path the finger really took.
///
/// ```swift
/// let circle = CircleGestureRecognizer { recognizer in
///     if let found = recognizer.circle { mark.showCircle(found) }
/// }
/// scene.addGestureRecognizer(circle)
/// ```
public final class CircleGestureRecognizer: GestureRecognizer {
    /// The circle of the last recognition, in the recognizer's view's coordinates; nil until
    /// one is recognized, and again from the next touch.
    public private(set) var circle: CircleDetector.Circle?

    private var detector = CircleDetector()
    private var finger: Touch?

    /// The first finger starts a path; a second finger means this is not a one-finger circle.
    public override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        guard finger == nil, touches.count == 1, let touch = touches.first else {
            state = .failed
            return
        }
        finger = touch
        circle = nil
        detector.reset()
        detector.add(touch.location(in: view))
    }

    /// Adds every sample since the last delivery to the path.
    public override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let finger, touches.contains(finger) else { return }
        for sample in event.coalescedTouches(for: finger) {
            detector.add(sample.location(in: view))
        }
    }

    /// Judges the path as the finger lifts: a circle is recognized, anything else fails.
    public override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let finger, touches.contains(finger) else { return }
        if let found = detector.detect() {
            circle = found
            state = .ended
        } else {
            state = .failed
        }
    }

    /// A cancelled finger drew nothing.
    public override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        state = .failed
    }

    /// Forgets the finger and its path (the recognized ``circle`` stays for the targets to read
    /// until the next touch).
    public override func reset() {
        super.reset()
        finger = nil
        detector.reset()
    }
}
