import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// A finger lifted at the end of a stroke across a 4K window: the commit that turns the
/// in-progress ink into completed ink damages the pixels along the stroke, not its bounding box
/// (a corner-to-corner diagonal's box is nearly all of the buffer). The real app under the
/// scripted compositor, in the trace and canvas scenes at 3840×2160, scale 1: both diagonals are
/// drawn and lifted in turn, and every commit's damage, as the compositor receives it, is
/// measured. The figures are printed for BENCHMARKS.md ("The lift of a long stroke at 4K").
///
/// Damage that small is only right if nothing that changed was left out: the picture shown after
/// the lifts must be the one a full repaint gives. A resize away and back makes the app rebuild
/// its ink from the strokes and paint new buffers whole; that picture must equal the one shown.
@Suite(.compositorSlot(timeLimit: .minutes(5)))
struct LiftDamageEndToEndTests {
    static let width: Int32 = 3840, height: Int32 = 2160
    /// The most of the buffer one commit may damage, its rectangles' areas added up.
    static let damageLimit = 0.05
    /// `#34329C`, the completed ink of both scenes (in progress it is the same at 50 %).
    static let completedInk: (UInt8, UInt8, UInt8) = (0x34, 0x32, 0x9C)

    typealias Diagonal = (from: (x: Double, y: Double), to: (x: Double, y: Double))

    /// Corner to corner, 40 px in from the window's edges: top left to bottom right, then top
    /// right to bottom left.
    static let diagonals: [Diagonal] = [
        ((40, 40), (Double(width) - 40, Double(height) - 40)),
        ((Double(width) - 40, 40), (40, Double(height) - 40)),
    ]

    @Test(arguments: ["trace", "canvas"])
    func noCommitOfACornerToCornerStrokeDamagesMoreThanFivePercent(_ scene: String) async throws {
        let (width, height) = (Self.width, Self.height)
        let h = try await AppHarness(arguments: ["--scene", scene, "--decorations", "none"],
                                     outputMode: (width, height), size: (width, height))
        let c = h.compositor
        #expect(await h.frame { $0.width == Int(width) && $0.height == Int(height) } != nil)
        await h.idle(quiet: 0.3)
        c.resetStats()

        var lifts: [[CommitRecord]] = []
        for (index, diagonal) in Self.diagonals.enumerated() {
            let id = Int32(index)
            c.touchDown(id: id, x: diagonal.from.x, y: diagonal.from.y)
            c.touchFrame()
            // 19.6 px a step, 8 ms apart: 2.5 px/ms, a quick stroke.
            let steps = 220
            for step in 1...steps {
                let t = Double(step) / Double(steps)
                c.touchMotion(id: id, x: diagonal.from.x + (diagonal.to.x - diagonal.from.x) * t,
                              y: diagonal.from.y + (diagonal.to.y - diagonal.from.y) * t)
                c.touchFrame()
                await c.pump(for: 0.008)
            }
            // Every frame of the stroke is in, so the commits after the lift are the lift's own
            // (and, in the canvas scene, the spot's fading).
            await h.idle()
            let beforeLift = c.stats.perCommit.count
            c.touchUp(id: id)
            c.touchFrame()
            // The lift's frame may take the app a while on a busy machine (it compares the
            // stroke's pixels with what was shown): wait for it, then for the rest to settle.
            _ = await c.waitUntil(timeout: AppHarness.patience) { !Self.shown(c.stats.perCommit[beforeLift...]).isEmpty }
            await h.idle(quiet: 0.5)
            lifts.append(Self.shown(c.stats.perCommit[beforeLift...]))
        }

        let commits = Self.shown(c.stats.perCommit[...])
        let fractions = commits.map(\.summedDamageFraction)
        let stroke = commits.filter { commit in !lifts.contains { $0.contains { $0.sequence == commit.sequence } } }
        print("lift damage end to end: \(scene) \(width)×\(height): \(commits.count) commits; during the strokes at most "
              + "\(Self.percent(stroke.map(\.summedDamageFraction).max() ?? 0)); the lifts "
              + lifts.map { lift in
                  lift.map { "\(Self.percent($0.summedDamageFraction)) in \($0.damageRects) rects" }.joined(separator: " + ")
              }.joined(separator: ", then "))
        #expect(commits.count >= 20, "\(commits.count) commits")
        #expect(fractions.allSatisfy { $0 <= Self.damageLimit },
                "damaged over 5 %: \(commits.filter { $0.summedDamageFraction > Self.damageLimit }.map { "commit \($0.sequence): \(Self.percent($0.summedDamageFraction))" })")
        for (index, lift) in lifts.enumerated() {
            // The lift does change pixels: the half-transparent ink turns into full colour.
            #expect(lift.contains { $0.summedDamagePixels > 0 }, "diagonal \(index + 1): the lift was committed")
            #expect(lift.allSatisfy { $0.summedDamageFraction <= Self.damageLimit }, "diagonal \(index + 1)")
        }

        // What the lifts left on screen: both diagonals in the completed colour along their
        // length, white beside them.
        let shown = try #require(h.frame)
        #expect(shown.width == Int(width) && shown.height == Int(height))
        for diagonal in Self.diagonals {
            for t in stride(from: 0.05, through: 0.95, by: 0.05) {
                let x = diagonal.from.x + (diagonal.to.x - diagonal.from.x) * t
                let y = diagonal.from.y + (diagonal.to.y - diagonal.from.y) * t
                #expect(Colors.matches(shown.logicalPixel(x, y), Self.completedInk), "(\(x), \(y)): \(shown.logicalPixel(x, y))")
                #expect(shown.isWhite(at: x, y - 30) || abs(t - 0.5) < 0.05, "(\(x), \(y - 30)) is off the strokes")
            }
        }

        // A full repaint of the same drawing: another size, where the ink is rebuilt from the
        // strokes, then this size again, rebuilt once more and painted into new buffers whole.
        c.configure(width: width, height: height - 160)
        #expect(await h.frame { $0.height == Int(height - 160) }?.height == Int(height - 160))
        c.configure(width: width, height: height)
        // The rebuild is drawn a slice per frame within a budget: the frames show less ink until
        // its last slice. (Each commit is compared until the first difference: a frame that
        // took seconds to look at would hold up the compositor's answers to the app.)
        let repainted = try #require(await h.frame { $0.height == Int(height) && Self.differingPixels($0, shown, upTo: 1) == 0 })
        let differing = Self.differingPixels(repainted, shown)
        #expect(differing == 0, "\(differing) pixels differ between the frame after the lifts and a full repaint")
        if differing != 0 {
            shown.keep(as: "lift-damage-\(scene)-shown")
            repainted.keep(as: "lift-damage-\(scene)-repainted")
        }
    }

    /// The commits that showed a buffer.
    static func shown(_ commits: ArraySlice<CommitRecord>) -> [CommitRecord] {
        commits.filter { $0.attachedBuffer && $0.bufferPixels > 0 }
    }

    /// Pixels whose red, green or blue differ between two frames of one size (the fourth byte of
    /// xrgb is padding), counted up to `limit`; `Int.max` when the sizes differ. Rows are
    /// compared whole first: a pixel at a time is slow in a debug build.
    static func differingPixels(_ a: Frame, _ b: Frame, upTo limit: Int = .max) -> Int {
        guard a.width == b.width, a.height == b.height, a.stride == b.stride, a.pixels.count == b.pixels.count,
              a.stride >= a.width * 4, a.pixels.count >= a.stride * a.height
        else { return Int.max }
        var count = 0
        a.pixels.withUnsafeBytes { pa in
            b.pixels.withUnsafeBytes { pb in
                guard let rowsA = pa.baseAddress, let rowsB = pb.baseAddress else { return }
                for y in 0..<a.height where count < limit {
                    let rowA = rowsA + y * a.stride, rowB = rowsB + y * b.stride
                    if memcmp(rowA, rowB, a.width * 4) == 0 { continue }
                    for x in 0..<a.width where count < limit {
                        let p = rowA.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                        let q = rowB.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                        if (p ^ q) & 0x00FF_FFFF != 0 { count += 1 }
                    }
                }
            }
        }
        return count
    }

    static func percent(_ fraction: Double) -> String {
        String(format: "%.2f %%", fraction * 100)
    }
}
