#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Rendering
import TouchCanvasApp
import TouchKit

/// Writes a recording (format in ``Recording``) as the app receives input.
///
/// ```swift
/// let writer = try RecordingWriter(path: "session.tcrec", width: 1024, height: 768, scale: 1,
///                                  seats: [RecordedSeat(id: seat, name: "seat0")], scene: .canvas)
/// // in the seat callbacks, beside input.handle(…):
/// writer.touch(raw, seat: seat)
/// // right where the app calls input.deliverHeldMoves() before rendering:
/// writer.displayFrame(predictionInterval: input.predictionInterval)
/// // on exit:
/// try writer.close()
/// ```
///
/// Each event is stamped with the writer's clock (monotonic seconds, injectable) in
/// milliseconds since the writer was made, rounded to the microsecond and never decreasing.
/// Lines collect in memory and go to the file at the end of each batch — a `frame`,
/// `pointer-frame`, `tool-frame`, `cancel`, `flush`, `display-frame`, a key's command, a tool
/// announced, a touchpad gesture event (complete in itself: no frame follows it) or any
/// device/seat loss — or on
/// ``flush()``. A failed write is kept in ``writeError`` and ends writing (input handling must
/// not throw); ``flush()`` and ``close()`` rethrow it.
///
/// With no file (``init(width:height:scale:seats:scene:writer:clock:)``) the text stays in
/// ``text``, for tests and generators.
///
/// The header names this build (``Recording/currentWriter``) unless told otherwise: a file
/// that stops making sense can be traced to the version that made it. Pass `writer: nil` for
/// files that must not change from one release to the next (the shipped recordings).
public final class RecordingWriter {
    /// Why a recording could not be written, one line: `cannot write recording "x": …`.
    public struct WriteError: Error, Hashable, Sendable, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "cannot write recording \"\(path)\": \(reason)" }

        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    private let clock: () -> TimeInterval
    /// The clock's time when the writer was made: time 0 of the file.
    let start: TimeInterval
    private var lastTime = 0.0
    private var pending = ""
    /// The file being written (``OutputFile``: an existing one is replaced only at ``close()``).
    private var output: OutputFile?
    /// A write failed (not the size limit): the file is not committed over an old one.
    private var writeFailed = false
    private let path: String
    /// Everything recorded so far, when writing to memory.
    public var text: String { written + pending }
    private var written = ""
    /// The first write failure; after it nothing more is written.
    public private(set) var writeError: WriteError? {
        didSet { if oldValue == nil, let writeError { onWriteError?(writeError) } }
    }
    /// Called once, when writing first fails, so the app can say so while the session goes on
    /// (nothing after it is recorded) rather than only at the end.
    public var onWriteError: ((WriteError) -> Void)?
    /// The file stops growing before this size, at the end of a batch, so it always stays one
    /// replay reads (``RecordingParser/maximumFileSize``): a session longer than that keeps its
    /// first part and says so, instead of leaving a file replay refuses whole.
    public var maximumFileSize = RecordingParser.maximumFileSize
    private var bytesWritten = 0

    /// Writes to memory only: read ``text``.
    public init(width: Int, height: Int, scale: Int, seats: [RecordedSeat] = [], scene: Scene? = nil,
                writer: String? = Recording.currentWriter, clock: @escaping () -> TimeInterval = MonotonicClock.now) {
        self.clock = clock
        start = clock()
        path = ""
        writeHeader(width: width, height: height, scale: scale, seats: seats, scene: scene, writer: writer)
    }

    /// Creates the file at `path` and writes the header to it.
    ///
    /// A new file is written under its own name as the session goes, so it can be read while
    /// it grows and survives a crash. An existing one is replaced only when the writer closes,
    /// keeping its mode, owner and links, and not at all if writing fails; what is not a regular
    /// file (a device, a FIFO) is refused here.
    public init(path: String, width: Int, height: Int, scale: Int, seats: [RecordedSeat] = [],
                scene: Scene? = nil, writer: String? = Recording.currentWriter,
                clock: @escaping () -> TimeInterval = MonotonicClock.now) throws(WriteError) {
        self.clock = clock
        start = clock()
        self.path = path
        do {
            output = try OutputFile(path: path, kind: "recording", growing: true)
        } catch {
            throw WriteError(path: path, reason: error.reason)
        }
        writeHeader(width: width, height: height, scale: scale, seats: seats, scene: scene, writer: writer)
        try flush()
    }

    deinit {
        if output != nil {
            writePending()
            finish()
        }
    }

    // MARK: Events

    /// Records a `wl_touch` event. Compositor timestamps are not kept (see ``Recording``).
    public func touch(_ input: RawTouchInput, seat: SeatID) {
        record(.touch(seat: seat, input))
    }

    /// Records a `wl_pointer` event.
    public func pointer(_ input: RawPointerInput, seat: SeatID) {
        record(.pointer(seat: seat, input))
    }

    public func touchCapabilityLost(seat: SeatID) { record(.capabilityLost(seat: seat, .touch)) }
    public func pointerCapabilityLost(seat: SeatID) { record(.capabilityLost(seat: seat, .pointer)) }
    public func seatRemoved(_ seat: SeatID) { record(.seatRemoved(seat: seat)) }
    public func seatName(_ name: String, for seat: SeatID) { record(.seatName(seat: seat, name)) }
    public func configure(width: Int, height: Int) { record(.configure(width: width, height: height)) }
    public func scale(_ scale: Int) { record(.scale(scale)) }
    /// The app called `flushPendingInput()`.
    public func flushedPendingInput() { record(.flush) }

    /// The app fired the recognizers' due time-outs at their timer.
    public func gestureTimeoutsFired() { record(.gestureTimeout) }
    public func command(_ command: RecordedCommand) { record(.command(command)) }

    // The pen's events, recorded so replay draws its ink (see ``Recording``, format version 3);
    // without these the protocol's empty defaults would leave a pen session's file without ink.

    /// Records a `zwp_tablet_tool_v2` event; a `frame`'s compositor timestamp is not kept.
    public func tabletTool(_ input: RawTabletToolInput, tool: TabletToolID, seat: SeatID) {
        record(.tabletTool(seat: seat, tool: tool, input))
    }

    /// Records the tool's description, which decides what replay expects of its axes.
    public func tabletToolAdded(_ tool: TabletToolID, description: TabletToolDescription, seat: SeatID) {
        record(.tabletToolAdded(seat: seat, tool: tool, description))
    }

    public func tabletToolRemoved(_ tool: TabletToolID, seat: SeatID) {
        record(.tabletToolRemoved(seat: seat, tool: tool))
    }

    public func tabletRemoved(_ tablet: TabletID, seat: SeatID) {
        record(.tabletRemoved(seat: seat, tablet: tablet))
    }

    public func tabletToolProximityInForeignSurface(_ tool: TabletToolID, seat: SeatID) {
        record(.tabletToolProximityInForeignSurface(seat: seat, tool: tool))
    }

    /// The app is about to render: call right before `deliverHeldMoves()`, with the prediction
    /// interval (seconds) it set.
    public func displayFrame(predictionInterval: TimeInterval? = nil) {
        record(.displayFrame(predictionMilliseconds: predictionInterval.map { $0 * 1000 }))
    }

    /// Records `event` at the clock's time, or at `seconds` (the clock's scale) when given.
    /// Values outside the format's ranges are clamped into them, so the file always reads back.
    public func record(_ event: RecordedEvent, at seconds: TimeInterval? = nil) {
        let raw = ((seconds ?? clock()) - start) * 1000
        let rounded = raw.isFinite ? (raw * 1000).rounded() / 1000 : lastTime
        let time = min(max(rounded, lastTime), RecordingFormat.times.upperBound)
        lastTime = time
        pending += RecordingFormat.number(time)
        pending += " "
        pending += Self.line(for: event)
        pending += "\n"
        if Self.endsBatch(event) { writePending() }
    }

    /// Writes what is collected; throws the first write failure, if any.
    public func flush() throws(WriteError) {
        writePending()
        if let writeError { throw writeError }
    }

    /// Flushes and closes the file; the writer records nothing afterwards.
    public func close() throws(WriteError) {
        writePending()
        finish()
        if let writeError { throw writeError }
    }

    // MARK: Lines

    private func writeHeader(width: Int, height: Int, scale: Int, seats: [RecordedSeat], scene: Scene?,
                             writer: String?) {
        pending += "\(Recording.magic) \(Recording.currentVersion)\n"
        // Right under the magic, where `head -2` shows it; an empty name says nothing.
        if let writer, !RecordingFormat.sanitizedName(writer).isEmpty { pending += Self.nameLine("writer", writer) }
        pending += "size \(Self.clamp(width, RecordingFormat.sides)) \(Self.clamp(height, RecordingFormat.sides))\n"
        pending += "scale \(Self.clamp(scale, RecordingFormat.scales))\n"
        for seat in seats {
            pending += Self.nameLine("seat \(seat.id.raw)", seat.name)
        }
        if let scene { pending += "scene \(scene.rawValue)\n" }
    }

    /// `prefix NAME\n`, or `prefix\n` for an empty name.
    static func nameLine(_ prefix: String, _ name: String) -> String {
        let name = RecordingFormat.sanitizedName(name)
        return name.isEmpty ? prefix + "\n" : prefix + " " + name + "\n"
    }

    private static func endsBatch(_ event: RecordedEvent) -> Bool {
        switch event {
        case .touch(_, .frame), .touch(_, .cancel), .pointer(_, .frame), .capabilityLost, .seatRemoved,
             .flush, .displayFrame, .command, .gestureTimeout, .tabletTool(_, _, .frame), .tabletToolAdded, .tabletToolRemoved,
             .tabletRemoved, .tabletToolProximityInForeignSurface, .touchpad:
            true
        default:
            false
        }
    }

    static func clamp(_ value: Int, _ range: ClosedRange<Int>) -> Int {
        min(max(value, range.lowerBound), range.upperBound)
    }

    private func writePending() {
        guard !pending.isEmpty else { return }
        defer { pending.removeAll(keepingCapacity: true) }
        guard let output else {
            if path.isEmpty { written += pending }
            return
        }
        guard writeError == nil else { return }
        let utf8 = Array(pending.utf8)
        guard bytesWritten + utf8.count <= maximumFileSize else {
            writeError = WriteError(path: path, reason: "it reached the most a recording holds "
                + "(\(maximumFileSize) bytes); it keeps everything up to then and replays")
            return
        }
        bytesWritten += utf8.count
        let failure: PNGError? = utf8.withUnsafeBytes { bytes in
            do throws(PNGError) {
                try output.write(bytes)
                return nil
            } catch {
                return error
            }
        }
        if let failure {
            writeFailed = true
            writeError = WriteError(path: path, reason: failure.reason)
        }
    }

    /// Puts the file in place, unless a write failed: then an old file under the name stays as
    /// it was (a new one keeps what was written before the failure).
    private func finish() {
        guard let output else { return }
        self.output = nil
        if writeFailed {
            output.discard()
            return
        }
        do {
            try output.commit()
        } catch {
            if writeError == nil { writeError = WriteError(path: path, reason: error.reason) }
        }
    }
}
