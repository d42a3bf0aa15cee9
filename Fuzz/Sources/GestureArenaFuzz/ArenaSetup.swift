import FuzzSupport

/// The window an input builds before its operations: four views (a full-window container, its
/// left and right halves, and a square inside the left half) and up to five recognizers on
/// them, with the options, delegates and failure requirements the bytes choose.
struct ArenaSetup: Equatable {
    /// Per view: whether it takes more than one touch, and whether it takes touches only alone.
    var multipleTouch: [Bool] = Array(repeating: true, count: Self.viewCount)
    var exclusiveTouch: [Bool] = Array(repeating: false, count: Self.viewCount)
    var recognizers: [RecognizerSetup] = []
    /// Pairs (i < j) whose delegates let them recognize together, as bit `pairIndex(i, j)`.
    var simultaneous: UInt32 = 0
    /// Ordered pairs: `i` requires `j` to fail (`require(toFail:)`), bit `i * 5 + j`.
    var requiresFailure: UInt32 = 0
    /// Ordered pairs: `i`'s delegate asks it to wait for `j` to fail, bit `i * 5 + j`.
    var delegateRequiresFailure: UInt32 = 0
    /// The input machine holds moves for the display frame, as the app's does.
    var holdsMoves = true

    static let viewCount = 4
    static let maximumRecognizers = 5

    static func pairIndex(_ i: Int, _ j: Int) -> Int {
        let (low, high) = (min(i, j), max(i, j))
        return low * maximumRecognizers + high
    }

    init(recognizers: [RecognizerSetup] = []) {
        self.recognizers = recognizers
    }

    init(reading reader: inout ByteReader) {
        for view in 0..<Self.viewCount {
            let flags = reader.byte()
            multipleTouch[view] = flags & 1 == 0
            exclusiveTouch[view] = flags & 2 != 0
        }
        let count = reader.int(in: 1...Self.maximumRecognizers)
        recognizers = (0..<count).map { _ in RecognizerSetup(reading: &reader) }
        simultaneous = reader.uint32()
        requiresFailure = reader.uint32()
        delegateRequiresFailure = reader.uint32()
        holdsMoves = !reader.bool()
    }

    func write(to writer: inout ByteWriter) {
        for view in 0..<Self.viewCount {
            writer.byte((multipleTouch[view] ? 0 : 1) | (exclusiveTouch[view] ? 2 : 0))
        }
        writer.int(recognizers.count, in: 1...Self.maximumRecognizers)
        for recognizer in recognizers { recognizer.write(to: &writer) }
        writer.uint32(simultaneous)
        writer.uint32(requiresFailure)
        writer.uint32(delegateRequiresFailure)
        writer.bool(!holdsMoves)
    }
}

/// One recognizer: its view, its options, and the tape of actions it takes, one per call of a
/// touch hook, a touchpad event or a time-out (``ScriptedRecognizer``).
struct RecognizerSetup: Equatable {
    var view = 0
    var cancelsTouchesInView = true
    var delaysTouchesBegan = false
    var delaysTouchesEnded = true
    /// Fingers only, or every kind of touch (the mouse's too).
    var fingersOnly = false
    var canPrevent = true
    var canBePrevented = true
    var acceptsTouchpad = false
    /// Has a delegate (``ScriptedDelegate``); without one, every delegate question has UIKit's
    /// default answer.
    var hasDelegate = false
    /// The delegate's answer to "should begin".
    var shouldBegin = true
    /// The delegate lets it receive only touches of even number (else every touch).
    var receivesEvenTouchesOnly = false
    var tape: [ScriptedRecognizer.Action] = []

    static let maximumTape = 8

    init(view: Int = 0, tape: [ScriptedRecognizer.Action] = []) {
        self.view = view
        self.tape = tape
    }

    init(reading reader: inout ByteReader) {
        view = reader.int(in: 0...(ArenaSetup.viewCount - 1))
        let flags = reader.uint16()
        cancelsTouchesInView = flags & 1 == 0
        delaysTouchesBegan = flags & 2 != 0
        delaysTouchesEnded = flags & 4 == 0
        fingersOnly = flags & 8 != 0
        canPrevent = flags & 16 == 0
        canBePrevented = flags & 32 == 0
        acceptsTouchpad = flags & 64 != 0
        hasDelegate = flags & 128 != 0
        shouldBegin = flags & 256 == 0
        receivesEvenTouchesOnly = flags & 512 != 0
        let length = reader.int(in: 0...Self.maximumTape)
        tape = (0..<length).map { _ in reader.pick(ScriptedRecognizer.Action.allCases) }
    }

    func write(to writer: inout ByteWriter) {
        writer.int(view, in: 0...(ArenaSetup.viewCount - 1))
        var flags: UInt16 = 0
        if !cancelsTouchesInView { flags |= 1 }
        if delaysTouchesBegan { flags |= 2 }
        if !delaysTouchesEnded { flags |= 4 }
        if fingersOnly { flags |= 8 }
        if !canPrevent { flags |= 16 }
        if !canBePrevented { flags |= 32 }
        if acceptsTouchpad { flags |= 64 }
        if hasDelegate { flags |= 128 }
        if !shouldBegin { flags |= 256 }
        if receivesEvenTouchesOnly { flags |= 512 }
        writer.uint16(flags)
        writer.int(tape.count, in: 0...Self.maximumTape)
        let actions = ScriptedRecognizer.Action.allCases
        for action in tape { writer.int(actions.firstIndex(of: action) ?? 0, in: 0...(actions.count - 1)) }
    }
}
