import FuzzSupport

/// An input decoded: the window's setup, then what happens to it.
struct ArenaScript: Equatable {
    var setup: ArenaSetup
    var operations: [ArenaOperation]

    init(_ setup: ArenaSetup, _ operations: [ArenaOperation]) {
        self.setup = setup
        self.operations = operations
    }

    init(decoding bytes: [UInt8]) {
        var reader = ByteReader(bytes)
        setup = ArenaSetup(reading: &reader)
        operations = []
        while !reader.isAtEnd {
            operations.append(ArenaOperation(reading: &reader, width: ArenaDriver.width, height: ArenaDriver.height))
        }
    }

    /// The bytes that decode to this script.
    var bytes: [UInt8] {
        var writer = ByteWriter()
        setup.write(to: &writer)
        for operation in operations { operation.write(to: &writer) }
        return writer.bytes
    }
}
