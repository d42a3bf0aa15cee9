/// What the compositor said of one commit that carried input: shown at a vblank, or discarded
/// (replaced before it was shown). The shell learns it from `wp_presentation`; the session hands
/// it to everything that reads touch→glass (``AppSession/notePresentation(_:)``).
///
/// Times are on the presentation clock, the one the compositor named, on which the input's
/// event times are read too: that is what makes them subtractable.
public struct PresentationReport: Sendable, Equatable {
    /// When the commit was shown, in nanoseconds; nil: discarded.
    public let presentedNanoseconds: UInt64?
    /// The oldest input the commit carried, in nanoseconds.
    public let inputNanoseconds: UInt64
    /// The output's refresh period, 0 when the compositor does not know it.
    public let refreshNanoseconds: UInt32
    /// Seconds from the input to the vblank that showed it (nil: discarded).
    public let inputToPresent: Double?
    /// Seconds from the input to the commit.
    public let inputToCommit: Double
    /// Seconds from the commit to the vblank (nil: discarded).
    public let commitToPresent: Double?
    /// Whole refresh periods from the commit to the screen (0 when the refresh is unknown).
    public let frames: Int
    /// The presentation's flags by their protocol names (`vsync`, `hw_clock`, …).
    public let flags: [String]
    /// The touches whose change the commit carried, by their numbers (as `--log phases` has them).
    public let touches: [Int]
    /// Seconds from each input frame the commit carried to the vblank that showed it: this
    /// commit's, or for a discarded one the later commit's that replaced it (empty when that is
    /// not shown yet; that commit's report then carries them). Per sample, not per commit: the
    /// oldest input hides how long the newest waited.
    public let sampleToPresent: [Double]

    public var isDiscarded: Bool { presentedNanoseconds == nil }

    public init(presentedNanoseconds: UInt64?, inputNanoseconds: UInt64, refreshNanoseconds: UInt32,
                inputToPresent: Double?, inputToCommit: Double, commitToPresent: Double?, frames: Int,
                flags: [String], touches: [Int], sampleToPresent: [Double] = []) {
        self.presentedNanoseconds = presentedNanoseconds
        self.inputNanoseconds = inputNanoseconds
        self.refreshNanoseconds = refreshNanoseconds
        self.inputToPresent = inputToPresent
        self.inputToCommit = inputToCommit
        self.commitToPresent = commitToPresent
        self.frames = frames
        self.flags = flags
        self.touches = touches
        self.sampleToPresent = sampleToPresent
    }
}
