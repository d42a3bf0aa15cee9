/// Arrays lent out for the length of one delivery and given back emptied with their capacity,
/// so that the machine's steady deliveries stop allocating once the buffers have grown to fit.
///
/// Lending, rather than keeping one buffer per use, keeps a re-entrant delivery correct: it
/// borrows buffers of its own instead of emptying the ones an outer delivery is still reading.
struct BufferPool<Element> {
    private var free: [[Element]] = []

    /// An empty buffer, with the storage of one given back earlier when there is one.
    mutating func borrow() -> [Element] {
        free.popLast() ?? []
    }

    /// Empties `buffer` keeping its storage, and takes it back; `buffer` is left empty.
    mutating func giveBack(_ buffer: inout [Element]) {
        buffer.removeAll(keepingCapacity: true)
        free.append(buffer)
        buffer = []
    }
}
