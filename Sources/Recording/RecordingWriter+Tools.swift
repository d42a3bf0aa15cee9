import TouchCanvasApp
import TouchKit

extension RecordingWriter {
    /// Writes a `tool-added` line, at the writer's start, for every tool the session already
    /// knows on `seats`. A compositor announces the tablets and tools present at launch during
    /// the app's first roundtrips, before `--record` starts its writer; without these lines a
    /// replay would take such a tool for an unannounced pen with every axis, so an eraser would
    /// draw and a tool without pressure would press. Call it right after making the writer,
    /// before `AppSession.startRecording(into:scale:)`. Tools in order of their numbers, so
    /// the same session writes the same file.
    ///
    /// A tool in range over the window then is written as in range: its `proximity_in`, where it
    /// is, its axes, its buttons and its tip if down, in one frame. Without these a replay would
    /// ignore all it did until it left and came back (events outside proximity), and a pen
    /// hovering as the recording began would draw nothing on replay when it touched down.
    @MainActor
    public func recordTools(of session: AppSession, seats: [SeatID]) {
        for seat in seats {
            let tools = session.input.tabletTools(for: seat).sorted { $0.key.raw < $1.key.raw }
            for (tool, description) in tools {
                record(.tabletToolAdded(seat: seat, tool: tool, description), at: start)
            }
            for inRange in session.input.tabletToolsInRange(for: seat) {
                let tool = inRange.tool
                // The axes the tool announced: others would be reported as unannounced on replay.
                let axes = tools.first { $0.key == tool }?.value.capabilities ?? []
                func write(_ event: RawTabletToolInput) { record(.tabletTool(seat: seat, tool: tool, event), at: start) }
                write(.proximityIn(tablet: inRange.tablet))
                if let location = inRange.location { write(.motion(location: location)) }
                if axes.contains(.pressure) { write(.pressure(inRange.pressure)) }
                if axes.contains(.distance) { write(.distance(inRange.distance)) }
                if axes.contains(.tilt) { write(.tilt(x: inRange.tiltX, y: inRange.tiltY)) }
                if axes.contains(.rotation) { write(.rotation(inRange.rotation)) }
                for button in inRange.buttons { write(.button(code: button, pressed: true)) }
                if inRange.isDown { write(.down) }
                write(.frame(time: 0))
            }
        }
    }
}
