import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// The first touch after idle: the swapchain's second buffer is created then and painted whole,
/// but the commit damages only what changed, as every later one does. At 1920×1080 and at
/// 3840×2160 (scale 1, the output's mode made as large), in the canvas scene (a 100 px spot and
/// a stroke) and the trace scene.
@Suite(.compositorSlot(timeLimit: .minutes(2)))
struct FirstTouchDamageEndToEndTests {
    @Test(arguments: ["canvas", "trace"], [1080, 2160])
    func noCommitOfAStrokeDamagesMoreThanFivePercent(_ scene: String, height: Int32) async throws {
        let width = height * 16 / 9
        let h = try await AppHarness(arguments: ["--scene", scene, "--decorations", "none"],
                               outputMode: (width, height), size: (width, height))
        let c = h.compositor
        #expect(await h.frame { $0.width == Int(width) && $0.height == Int(height) } != nil)
        await h.idle(quiet: 0.3)  // idle: one buffer shown, the others not made yet
        c.resetStats()
        c.touchDown(id: 0, x: 400, y: 500)
        c.touchFrame()
        for step in 1...40 {
            c.touchMotion(id: 0, x: 400 + Double(step) * 12, y: 500 + Double(step % 7) * 3)
            c.touchFrame()
            await c.pump(for: 0.008)
        }
        c.touchUp(id: 0)
        c.touchFrame()
        await h.idle()
        let commits = c.stats.perCommit.filter { $0.bufferPixels > 0 && $0.attachedBuffer }
        #expect(commits.count >= 10, "\(commits.count) commits")
        let fractions = commits.map { Double($0.damagedPixels) / Double($0.bufferPixels) }
        #expect(fractions.allSatisfy { $0 <= 0.05 }, "damaged fractions: \(fractions.map { ($0 * 1000).rounded() / 1000 })")
        // Painted whole all the same: the last frame shows the stroke on a white canvas, the
        // far corner included.
        let last = try #require(h.frame)
        let corner = last.logicalPixel(Double(width) - 20, Double(height) - 20)
        #expect(corner.r > 240 && corner.g > 240 && corner.b > 240, "\(corner)")
    }
}
