/// A display that scans out at a fixed refresh, for tests that need to know when a commit really
/// reached the glass: frame callbacks and `wp_presentation_feedback` then follow a periodic tick
/// instead of answering each commit on its own.
///
/// At each tick the latest commit of every surface made since the previous tick is presented and
/// the ones it replaced are discarded, as on a real vblank-paced compositor. Ticks fall at whole
/// periods after the compositor started; nothing runs between them, so an idle compositor costs
/// nothing.
public struct VblankMode: Sendable, Equatable {
    /// The period between ticks, in nanoseconds (never 0).
    public let refreshNanoseconds: UInt64
    /// From the tick (when the commit is latched) to the moment the image is on the glass: the
    /// `presented` timestamp is the tick plus this, and the event is sent then, not before.
    public let scanoutDelayNanoseconds: UInt64
    /// What `presented` claims about how the time was measured.
    public let flags: PresentationFlags
    /// How long before a tick the compositor stops taking commits for it: one that arrives later
    /// waits for the next tick. 0 (the default) latches any commit made before the tick. Real
    /// compositors start composing ahead of the vblank (Weston's repaint window is 7 ms by
    /// default; Mutter and KWin learn theirs from how long they take), so a client's deadline
    /// is this much before the vblank. Less than one period.
    public let latchLeadNanoseconds: UInt64

    public init(refreshNanoseconds: UInt64, scanoutDelayNanoseconds: UInt64 = 0,
                flags: PresentationFlags = [.vsync, .hwClock, .hwCompletion], latchLeadNanoseconds: UInt64 = 0) {
        self.refreshNanoseconds = max(refreshNanoseconds, 1)
        self.scanoutDelayNanoseconds = scanoutDelayNanoseconds
        self.flags = flags
        self.latchLeadNanoseconds = min(latchLeadNanoseconds, self.refreshNanoseconds - 1)
    }

    /// A refresh rate in Hz (e.g. 60: a period of 16 666 667 ns).
    public init(hertz: Double, scanoutDelay: Duration = .zero,
                flags: PresentationFlags = [.vsync, .hwClock, .hwCompletion], latchLead: Duration = .zero) {
        let period = hertz.isFinite && hertz > 0 ? (1e9 / hertz).rounded() : 1e9
        self.init(refreshNanoseconds: period < 1 ? 1 : UInt64(min(period, 1e12)),
                  scanoutDelayNanoseconds: scanoutDelay.clampedNanoseconds, flags: flags,
                  latchLeadNanoseconds: latchLead.clampedNanoseconds)
    }

    public init(refresh: Duration, scanoutDelay: Duration = .zero,
                flags: PresentationFlags = [.vsync, .hwClock, .hwCompletion]) {
        self.init(refreshNanoseconds: refresh.clampedNanoseconds,
                  scanoutDelayNanoseconds: scanoutDelay.clampedNanoseconds, flags: flags)
    }
}

/// `wp_presentation_feedback.kind`, so drivers need not import the generated bindings.
public struct PresentationFlags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let vsync = PresentationFlags(rawValue: 1)
    public static let hwClock = PresentationFlags(rawValue: 2)
    public static let hwCompletion = PresentationFlags(rawValue: 4)
    public static let zeroCopy = PresentationFlags(rawValue: 8)
}

/// The known truth about one toplevel commit's way to the glass, whether or not the client asked
/// for feedback: what a client's own latency figures are checked against.
public struct PresentationRecord: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        /// Not latched yet, or latched and still in scanout.
        case pending
        /// On the glass at this CLOCK_MONOTONIC time; `sequence` is the `seq` sent (the tick
        /// number in vblank mode).
        case presented(nanoseconds: UInt64, sequence: UInt64)
        /// Replaced by a later commit before a tick, or its surface went away first.
        case discarded
    }

    /// `Commit.sequence` of the commit.
    public let commitSequence: Int
    /// CLOCK_MONOTONIC when the commit arrived (`Commit.uptimeNanoseconds`).
    public let committedNanoseconds: UInt64
    /// CLOCK_MONOTONIC when it was applied: when it arrived, unless a FIFO barrier or a
    /// timestamp held it in the surface's queue.
    public let appliedNanoseconds: UInt64
    /// The client asked for `wp_presentation_feedback` on this commit.
    public let feedbackRequested: Bool
    public internal(set) var outcome: Outcome
}

extension Duration {
    /// Negative durations are 0; ones beyond UInt64 nanoseconds saturate.
    var clampedNanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0 else { return 0 }
        guard seconds < Int64(UInt64.max / 1_000_000_000) - 1 else { return UInt64.max / 2 }
        return UInt64(seconds) * 1_000_000_000 + UInt64(max(attoseconds, 0) / 1_000_000_000)
    }
}
