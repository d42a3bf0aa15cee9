import TouchKit

/// A view that records every handler call it receives, in order.
@MainActor
final class RecordingView: View {
    struct Call: Equatable {
        let phase: TouchPhase
        let numbers: [Int]
    }

    private(set) var calls: [Call] = []
    /// Extra work in `touchesMoved`, while the event is being dispatched.
    var onMoved: ((Set<Touch>, TouchEvent) -> Void)?
    /// Extra work in `touchesBegan`.
    var onBegan: ((Set<Touch>) -> Void)?

    var numbersByPhase: [TouchPhase: [Int]] {
        calls.reduce(into: [:]) { $0[$1.phase, default: []] += $1.numbers }
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        record(.began, touches)
        onBegan?(touches)
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        record(.moved, touches)
        onMoved?(touches, event)
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        record(.ended, touches)
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        record(.cancelled, touches)
    }

    private func record(_ phase: TouchPhase, _ touches: Set<Touch>) {
        calls.append(Call(phase: phase, numbers: touches.map(\.number).sorted()))
    }
}
