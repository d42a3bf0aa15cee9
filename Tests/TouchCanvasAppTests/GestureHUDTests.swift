import Foundation
import Testing
import TouchKit
@testable import TouchCanvasApp
import TouchCanvasTesting

/// The inspector HUD's recognizer line: recognizers out of `possible`, with their states, fed
/// by the session beside `onGestureStateChange`.
@MainActor @Suite struct GestureHUDTests {
    @Test func theHUDListsTheRecognizersAtWorkAndDropsThemOnceReset() throws {
        let h = try SceneHarness(.gestures, width: 600, height: 400, showsOverlays: true)
        var logged: [String] = []
        h.session.onGestureStateChange = { recognizer, state in logged.append("\(recognizer.name ?? "?") \(state.name)") }
        h.session.setHUDVisible(true)
        h.render()
        #expect(!h.session.hud.lines.contains { $0.hasPrefix("gestures") }, "nothing at work yet")
        let c = Point(x: 516, y: 292)
        h.feed(.down(id: 0, time: 1, location: Point(x: c.x - 30, y: c.y)),
               .down(id: 1, time: 1, location: Point(x: c.x + 30, y: c.y)), .frame)
        for step in 1...3 {
            let spread = 30 + 8 * Double(step), angle = Double(step) * 0.08
            h.feed(.motion(id: 0, time: UInt32(1 + 8 * step), location: Point(x: c.x - spread * cos(angle), y: c.y - spread * sin(angle))),
                   .motion(id: 1, time: UInt32(1 + 8 * step), location: Point(x: c.x + spread * cos(angle), y: c.y + spread * sin(angle))),
                   .frame)
        }
        h.render()
        #expect(h.session.hud.lines.contains("gestures  pinch changed · rotation changed"), "\(h.session.hud.lines)")
        #expect(logged.contains("pinch changed"), "the shell's hook still hears every change")
        h.feed(.up(id: 0, time: 40), .up(id: 1, time: 40), .frame)
        h.render()
        #expect(!h.session.hud.lines.contains { $0.hasPrefix("gestures") }, "reset to possible: listed no more")
    }
}
