import TouchCanvasApp
import TouchKit

extension RecordingWriter {
    /// Writes a `tool-added` line, at the writer's start, for every tool the session already
    /// knows on `seats`. A compositor announces the tablets and tools present at launch during
    /// the app's first roundtrips, before `--record` starts its writer; without these lines a
    /// replay would take such a tool for an unannounced pen with every axis, so an eraser would
    /// draw and a tool without pressure would press. Call it right after making the writer,
    /// before `CanvasSession.startRecording(into:scale:)`. Tools in order of their numbers, so
    /// the same session writes the same file.
    @MainActor
    public func recordTools(of session: CanvasSession, seats: [SeatID]) {
        for seat in seats {
            let tools = session.input.tabletTools(for: seat).sorted { $0.key.raw < $1.key.raw }
            for (tool, description) in tools {
                record(.tabletToolAdded(seat: seat, tool: tool, description), at: start)
            }
        }
    }
}
