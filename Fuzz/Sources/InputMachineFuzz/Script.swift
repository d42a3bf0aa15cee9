import FuzzSupport
import TouchCanvasApp

/// An input decoded: the session's scene and options, then what happens to it.
struct Script: Equatable {
    var scene: Scene
    var singleTouch = false
    var showsOverlays = false
    var operations: [InputOperation]

    init(scene: Scene, singleTouch: Bool = false, showsOverlays: Bool = false, _ operations: [InputOperation]) {
        self.scene = scene
        self.singleTouch = singleTouch
        self.showsOverlays = showsOverlays
        self.operations = operations
    }

    /// Coordinates are read for the window's size at the time: 64×48, then what `configure`
    /// says.
    init(decoding bytes: [UInt8]) {
        var reader = ByteReader(bytes)
        scene = reader.pick(Scene.allCases)
        let options = reader.byte()
        singleTouch = options & 1 != 0
        showsOverlays = options & 2 != 0
        operations = []
        var (width, height) = (Double(SessionDriver.initialWidth), Double(SessionDriver.initialHeight))
        while !reader.isAtEnd {
            let operation = InputOperation(reading: &reader, width: width, height: height)
            if case let .configure(newWidth, newHeight, _) = operation { (width, height) = (Double(newWidth), Double(newHeight)) }
            operations.append(operation)
        }
    }

    /// The bytes that decode to this script.
    var bytes: [UInt8] {
        var writer = ByteWriter()
        writer.int(Scene.allCases.firstIndex(of: scene) ?? 0, in: 0...(Scene.allCases.count - 1))
        writer.byte((singleTouch ? 1 : 0) | (showsOverlays ? 2 : 0))
        for operation in operations { operation.write(to: &writer) }
        return writer.bytes
    }
}
