internal import WaylandServer

/// Which `zwp_input_timestamps_v1` objects follow which `wl_touch`, `wl_pointer` or `wl_keyboard`.
///
/// The input object is held weakly: once it is gone its timestamps object is inert, as the
/// protocol says, and a new input object at the same address must not inherit it.
struct InputTimestampsRegistry {
    private struct Entry {
        weak var input: Resource?
        let timestamps: ZwpInputTimestampsV1
    }

    private var entries: [Entry] = []

    mutating func add(_ timestamps: ZwpInputTimestampsV1, for input: Resource) {
        entries.removeAll { $0.input == nil || !$0.timestamps.isAlive }
        entries.append(Entry(input: input, timestamps: timestamps))
    }

    mutating func remove(_ timestamps: ZwpInputTimestampsV1) {
        entries.removeAll { $0.timestamps === timestamps }
    }

    func timestamps(for input: Resource) -> [ZwpInputTimestampsV1] {
        guard !entries.isEmpty, input.isAlive else { return [] }
        return entries.compactMap { $0.input === input && $0.timestamps.isAlive ? $0.timestamps : nil }
    }
}
