import Testing
import TouchCanvasApp
@testable import touchcanvas

/// The key table, with no process and no compositor: keysyms as xkbcommon gives them for the
/// keys on the caps.
@MainActor
@Suite struct KeyBindingsTests {
    private func command(_ keysym: UInt32, control: Bool = false) -> KeyCommand? {
        KeyBindings.command(for: KeyPress(keysym: keysym, control: control))
    }

    @Test func escapeAndQQuitInEitherCase() {
        #expect(command(0xff1b) == .quit)
        #expect(command(UInt32(Character("q").asciiValue ?? 0)) == .quit)
        #expect(command(UInt32(Character("Q").asciiValue ?? 0)) == .quit)
    }

    @Test func lettersWorkWithOrWithoutCapsLockAndControl() {
        for (letter, expected) in [("c", KeyCommand.perform(.clear)), ("s", .save), ("u", .perform(.undo)),
                                   ("d", .toggleDebugOverlay), ("h", .toggleHUD)] {
            for variant in [letter, letter.uppercased()] {
                let keysym = UInt32(Character(variant).asciiValue ?? 0)
                #expect(command(keysym) == expected, "\(variant)")
                #expect(command(keysym, control: true) == expected, "Ctrl+\(variant)")
            }
        }
    }

    @Test func zUndoesOnlyWithControl() {
        #expect(command(0x7a, control: true) == .perform(.undo))
        #expect(command(0x5a, control: true) == .perform(.undo))
        #expect(command(0x7a) == nil)
        #expect(command(0x5a) == nil)
    }

    @Test func digitsOneToEightSwitchScenesInTheHelpsOrder() {
        let scenes = (0x31...0x38).map { command(UInt32($0)) }
        #expect(scenes == [.perform(.scene(.canvas)), .perform(.scene(.spots)), .perform(.scene(.draw)),
                           .perform(.scene(.trace)), .perform(.scene(.gestures)), .perform(.scene(.inspect)),
                           .perform(.scene(.targets)), .perform(.scene(.latency))])
        #expect(command(0x30) == nil && command(0x39) == nil)
    }

    @Test func fMovesTheLatencyFlash() {
        #expect(command(0x66) == .toggleFlashArea && command(0x46) == .toggleFlashArea)
    }

    @Test func gTogglesTheCoverageGrid() {
        #expect(command(0x67) == .toggleCoverageGrid && command(0x47) == .toggleCoverageGrid)
    }

    @Test func pTogglesPalmRejection() {
        #expect(command(0x70) == .togglePalmRejection && command(0x50) == .togglePalmRejection)
    }

    @Test func f11TogglesFullscreen() {
        #expect(command(0xffc8) == .toggleFullscreen)
    }

    @Test func unboundKeysDoNothing() {
        for keysym: UInt32 in [0x61, 0x20, 0xff0d, 0xffbe, 0] { #expect(command(keysym) == nil) }
    }

    @Test func everyKeysymIsBoundOnce() {
        var seen: [String: Int] = [:]
        for binding in KeyBindings.table {
            for keysym in binding.keysyms { seen["\(keysym) \(String(describing: binding.control))", default: 0] += 1 }
        }
        #expect(seen.values.allSatisfy { $0 == 1 }, "\(seen.filter { $0.value > 1 })")
    }
}
