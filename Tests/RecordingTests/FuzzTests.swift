import Rendering
import Testing
import TouchKit
@testable import Recording
import TouchCanvasTesting

/// Thousands of damaged files: each one parses or is refused with a line number, never a trap
/// or a hang; those that parse replay without trapping either.
@MainActor
@Suite struct FuzzTests {
    /// A small recording with every kind of line, on a small surface so replays are cheap.
    static let base = """
        touchcanvas-recording 1
        # fuzz base
        size 120 90
        scale 1
        seat 1 seat0
        seat 2 second seat
        scene canvas
        0 1 down 0 10.5 20.25
        0 1 shape 0 8 6.5
        0 1 orientation 0 45
        0 1 down 1 60 40
        0 1 frame
        4 1 motion 0 12.125 22
        4 1 motion 1 62 41
        4 1 frame
        8 2 pointer-enter 30 30
        8 2 pointer-frame
        9 2 pointer-button 272 pressed
        9 2 pointer-frame
        10 2 pointer-motion 35.5 31
        10 2 pointer-frame
        16.667 - display-frame 8.5
        20 1 motion 0 30 40
        20 1 up 1
        20 1 frame
        24 1 cancel
        25 2 pointer-button 272 released
        25 2 pointer-frame
        30 2 seat-name renamed seat
        33.333 - display-frame
        34 - configure 100 80
        35 - scale 2
        36 1 down 5 50 50
        37 - flush
        40 2 capability pointer lost
        41 1 capability touch lost
        42 2 seat-removed
        50 - display-frame

        """

    /// The pen's lines (format version 3), every kind, around one stroke that is lifted and one
    /// cut short by the tool's removal; then the touchpad's, every kind.
    static let penBase = """
        touchcanvas-recording 3
        writer fuzz 1
        size 120 90
        scale 1
        seat 1 seat0
        scene trace
        0 1 tool-added 1 pen 42 2050 tilt,pressure,distance,rotation
        0 1 tool-added 2 eraser - - pressure
        1 1 tool-proximity-in 1 3
        1 1 tool-motion 1 10 20
        1 1 tool-distance 1 100
        1 1 tool-frame 1
        2 1 tool-down 1
        2 1 tool-pressure 1 6553
        2 1 tool-tilt 1 30 -12.5
        2 1 tool-rotation 1 45
        2 1 tool-frame 1
        4 1 tool-motion 1 40 30.5
        4 1 tool-pressure 1 65535
        4 1 tool-button 1 331 pressed
        4 1 tool-frame 1
        6 1 tool-button 1 331 released
        6 1 tool-up 1
        6 1 tool-frame 1
        8 - display-frame 4
        9 1 tool-down 1
        9 1 tool-frame 1
        10 1 tool-motion 1 60 60
        10 1 tool-frame 1
        11 1 tool-proximity-out 1
        11 1 tool-frame 1
        12 1 tool-foreign-proximity-in 2
        12 1 tool-proximity-in 2 3
        12 1 tool-down 2
        12 1 tool-frame 2
        13 1 tool-motion 2 70 70
        13 1 tool-frame 2
        14 1 tool-removed 2
        15 1 tablet-removed 3
        15.1 1 pointer-enter 60 45
        15.1 1 pointer-frame
        15.2 1 touchpad pinch began 2
        15.3 1 touchpad pinch changed 2 0.5 -1 1.5 10
        15.4 1 touchpad pinch ended 2
        15.5 1 touchpad swipe began 3
        15.6 1 touchpad swipe changed 3 4 2 1 0
        15.7 1 touchpad swipe cancelled 3
        15.8 1 touchpad hold began 3
        15.9 1 touchpad hold ended 3 0 0 1 0
        16.667 - display-frame

        """

    static let tokens = ["1e308", "-1e308", "99999999999999999999", "-2147483649", "2147483647", "-1", "-7",
                         "nan", "inf", "-inf", "0x1p3", "1e-400", "-0", "4294967295", "16384", "0", "8", "-",
                         "", "é", "\u{0}", "9e9", "8388609"]

    static func mutate(_ bytes: [UInt8], using rng: inout SplitMix64) -> [UInt8] {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
        var bytes = bytes
        func join() -> [UInt8] { Array(lines.joined(separator: [UInt8(ascii: "\n")])) }
        func split() { lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init) }
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            guard !lines.isEmpty else { break }
            let i = Int.random(in: 0..<lines.count, using: &rng)
            switch Int.random(in: 0..<9, using: &rng) {
            case 0: lines.remove(at: i)
            case 1: lines.insert(lines[i], at: i)
            case 2: lines.swapAt(i, Int.random(in: 0..<lines.count, using: &rng))
            case 3, 4:  // replace one token of a line
                var words = lines[i].split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false).map(Array.init)
                let w = Int.random(in: 0..<words.count, using: &rng)
                words[w] = Array(tokens[Int.random(in: 0..<tokens.count, using: &rng)].utf8)
                lines[i] = Array(words.joined(separator: [UInt8(ascii: " ")]))
            default:
                bytes = join()
                guard !bytes.isEmpty else { break }
                let at = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: bytes[at] = UInt8.random(in: 0...255, using: &rng)
                case 1: bytes.insert(Array("0123456789.-e #\n\t x".utf8)[Int.random(in: 0..<19, using: &rng)], at: at)
                case 2: bytes[at] ^= 1 << UInt8.random(in: 0..<8, using: &rng)
                default: bytes.removeSubrange(at...)  // truncated
                }
                split()
            }
            bytes = join()
        }
        return join()
    }

    // Patience, not a figure: the limit is there so that a parser that loops fails the run
    // instead of hanging it. The clock runs from when the run starts every test together, and
    // the replays share the main actor with every other test on it, so on a loaded machine the
    // test may begin its work minutes after its clock did.
    @Test(.timeLimit(.minutes(15)))
    func damagedFilesParseOrFailWithALineNumber() async throws {
        var rng = SplitMix64(seed: 0x7C4E_C0DE)
        let pinch = RecordingGenerator.pinchCancel().split(separator: "\n").prefix(80).joined(separator: "\n") + "\n"
        let seeds = [Array(Self.base.utf8), Array(pinch.utf8), Array(Self.penBase.utf8)]
        var parsed = 0, refused = 0, replayed = 0
        for iteration in 0..<4000 {
            // Seconds on the main actor in all: given back every few files, so the other tests
            // there, whose time limits are running, are not kept waiting behind all of it.
            if iteration % 50 == 0 { await Task.yield() }
            let bytes = Self.mutate(seeds[iteration % seeds.count], using: &rng)
            let recording: Recording
            do {
                recording = try RecordingParser.parse(bytes: bytes, file: "fuzz")
            } catch {
                refused += 1
                #expect(error.line >= 1, "\(error)")
                #expect(!error.message.isEmpty && !error.message.contains("\n"), "\(error)")
                continue
            }
            parsed += 1
            let replayer = Replayer(recording: recording)
            replayer.maximumBufferPixels = 500_000
            do {
                _ = try replayer.run()
                replayed += 1
            } catch {
                #expect(!error.description.isEmpty)
            }
        }
        // Both outcomes are exercised in quantity.
        #expect(parsed > 100 && refused > 1000, "parsed \(parsed), refused \(refused), replayed \(replayed)")
    }

    @Test(arguments: 0..<2)
    func everyTruncationOfAFileIsHandled(seed: Int) {
        let bytes = Array([Self.base, Self.penBase][seed].utf8)
        for end in 0..<bytes.count {
            do {
                _ = try RecordingParser.parse(bytes: Array(bytes[..<end]))
                // Only a cut right after a newline can parse.
                #expect(end == 0 ? false : bytes[end - 1] == UInt8(ascii: "\n"), "cut at \(end) parsed")
            } catch {
                #expect(error.line >= 1)
            }
        }
    }
}
