import Foundation
import Rendering
import Testing
import TouchKit
@testable import TouchCanvasApp
import TouchCanvasTesting

/// The coverage grid over the spots and targets scenes: cells fill as a finger passes, the
/// label and the HUD say the share and the cells never reached, and only what changes repaints.
@MainActor
@Suite struct CoverageGridTests {
    func harness(_ scene: Scene = .spots) throws -> SceneHarness {
        try SceneHarness(scene, width: 800, height: 600, showsOverlays: true)
    }

    @Test func onlyTheSweepingScenesHaveIt() throws {
        for scene in Scene.allCases {
            let h = try harness(scene)
            let toggled = h.session.toggleCoverageGrid()
            #expect((toggled != nil) == (scene == .spots || scene == .targets), "\(scene)")
        }
        let h = try harness()
        #expect(h.session.toggleCoverageGrid() == true && h.session.coverage != nil)
        h.session.perform(.scene(.targets))
        #expect(h.session.coverage == nil, "a new scene starts without it")
        #expect(h.session.toggleCoverageGrid() == true)
        #expect(h.session.toggleCoverageGrid() == false && h.session.coverage == nil)
    }

    @Test func aRowSweptFillsItsCellsAndTheRestAreNamed() throws {
        let h = try harness()
        h.render()
        h.session.toggleCoverageGrid()
        let overlay = try #require(h.session.coverage)
        #expect(overlay.grid.columns == 16 && overlay.grid.rows == 12, "50 px cells on 800×600")
        #expect(overlay.summary == "covered 0 % of 192 cells")
        h.render()
        // One finger across the top row's middle, samples 78 px apart: the cells between
        // samples fill too.
        h.stroke(stride(from: 10.0, through: 790, by: 78).map { Point(x: $0, y: 25) })
        #expect(overlay.grid.coveredFraction == 16.0 / 192)
        #expect(overlay.summary.hasPrefix("covered 8 % of 192 cells; never reached (column,row): 1,2 2,2 3,2"))
        #expect(overlay.summary.hasSuffix(" and 166 more"))
        #expect(InspectorHUDText.lines(for: h.session.inspector).contains { $0 == "coverage: covered 8 % of 192 cells, 176 never reached" })
        let damage = h.render()
        let reached = try #require(h.pixel(412, 25))
        #expect(reached != .white && reached.green > reached.red, "a reached cell is green: \(reached)")
        #expect(h.pixel(412, 75) == .white, "an unreached cell is not filled")
        // What repainted: the row's cells and the label, not the window.
        #expect(damage.area < 800 * 600 / 4, "\(damage.area) px repainted")
    }

    @Test func aWholeSweepCoversAll() throws {
        let h = try harness(.targets)
        h.session.toggleCoverageGrid()
        let overlay = try #require(h.session.coverage)
        for row in 0..<12 {
            h.stroke([Point(x: 1, y: Double(row) * 50 + 25), Point(x: 799, y: Double(row) * 50 + 25)], id: Int32(row))
        }
        #expect(overlay.grid.coveredFraction == 1)
        #expect(overlay.summary == "covered 100 % of 192 cells")
    }
}
