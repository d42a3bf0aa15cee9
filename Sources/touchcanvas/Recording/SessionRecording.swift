import Recording
import TouchCanvasApp
import TouchKit

/// `--record`: everything the session hears goes to a file that `touchcanvas replay` plays back.
@MainActor
final class SessionRecording {
    private let path: String
    private var writer: RecordingWriter?

    /// Starts the file with the window as it is now: the session's size, `scale`, the seats.
    init(path: String, session: AppSession, scale: Int, seats: [RecordedSeat]) throws(AppError) {
        self.path = path
        let writer: RecordingWriter
        do {
            writer = try RecordingWriter(path: path, width: Int(session.window.frame.width), height: Int(session.window.frame.height),
                                         scale: scale, seats: seats, scene: session.scene)
        } catch {
            throw AppError(error.description)
        }
        writer.onWriteError = { error in printError(error.description + "; recording stops here, the app goes on") }
        self.writer = writer
        // Tools the compositor announced as the app started came before the file: name them
        // first, or a replay would take an eraser among them for a pen.
        writer.recordTools(of: session, seats: seats.map(\.id))
        session.startRecording(into: writer, scale: scale)
    }

    /// Ends the file; one that could not be written fully says so, once. False then.
    @discardableResult
    func close() -> Bool {
        guard let writer else { return true }
        self.writer = nil
        // A failure before now was said when it happened; one now is said here, not as "the
        // app goes on".
        let alreadySaid = writer.writeError != nil
        writer.onWriteError = nil
        do {
            try writer.close()
        } catch {
            if !alreadySaid { printError(error.description) }
            return false
        }
        printError("recorded \(path)")
        return true
    }
}

/// `--play`: a recording's input fed into the live session at its own pace, as if from a seat
/// of its own.
@MainActor
final class SessionPlayback {
    private var playback: RecordingPlayback
    private var start: Double?
    private let session: AppSession
    /// The playback's seats that sent something, to let go of when it ends.
    private var seats: Set<SeatID> = []

    /// The recording's seats are named at once: its header names them, not its events.
    init(recording: Recording, session: AppSession) {
        playback = RecordingPlayback(recording: recording)
        self.session = session
        for seat in recording.seats { session.setSeatName(seat.name, for: RecordingPlayback.seat(seat.id)) }
    }

    /// Starts the clock at the first configure; false when it had started already.
    func startIfNeeded() -> Bool {
        guard start == nil else { return false }
        start = MonotonicClock.now()
        return true
    }

    /// Plays what is due; returns how many events that was, and the seconds until the next
    /// ones (nil when all are played).
    func playDueEvents() -> (played: Int, next: Double?) {
        guard let start else { return (0, nil) }
        let elapsed = (MonotonicClock.now() - start) * 1000
        let due = playback.take(until: elapsed)
        for timed in due {
            if let seat = timed.event.seat { seats.insert(seat) }
            session.play(timed.event, at: timed.time)
        }
        if playback.isFinished { finish() }
        return (due.count, playback.nextTime.map { max(0, $0 - elapsed) / 1000 })
    }

    /// The recording is over: its seats go, as a seat does, so nothing it had (a pen left in
    /// range, which would keep palm rejection on, or a hover ring) outlives it.
    private func finish() {
        for seat in seats.sorted(by: { $0.raw < $1.raw }) { session.seatRemoved(seat) }
        seats = []
    }
}
