import FuzzSupport
import TouchKit

/// A view that checks what it is told: every touch in its handlers is bound to it, shows the
/// handler's phase, and goes through one whole life here — began, moved any number of times,
/// then ended or cancelled, nothing after — whatever recognizers delayed, withheld or cancelled.
@MainActor
final class WatchedView: View {
    let index: Int
    private var lives: [Int: TouchLife] = [:]

    init(index: Int, frame: Rect) {
        self.index = index
        super.init(frame: frame)
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) { hear(touches, .began) }
    override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) { hear(touches, .moved) }
    override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) { hear(touches, .ended) }
    override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) { hear(touches, .cancelled) }

    private func hear(_ touches: Set<Touch>, _ phase: TouchPhase) {
        Trace.print("  view \(index) \(phase.name) \(touches.map(\.number).sorted())")
        invariant(!touches.isEmpty, "view \(index) told \(phase.name) of no touch")
        for touch in touches {
            invariant(touch.view === self, "view \(index) told \(phase.name) of touch \(touch.number), bound elsewhere")
            invariant(touch.phase == phase, "view \(index) told \(phase.name) of touch \(touch.number) in phase \(touch.phase.name)")
            switch (lives[touch.number] ?? .unborn).hearing(phase) {
            case let .success(next): lives[touch.number] = next
            case let .failure(error): invariant(false, "view \(index), touch \(touch.number): \(error)")
            }
        }
    }
}
