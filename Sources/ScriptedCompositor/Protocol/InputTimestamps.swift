internal import WaylandServer

/// `zwp_input_timestamps_manager_v1`: nanosecond event times, for clients that measure latency
/// finer than the core protocol's milliseconds. The times are readings of the same event clock
/// as the milliseconds (``ScriptedCompositor/eventNanoseconds``).
extension ScriptedCompositor {
    func offerInputTimestamps() throws(Failure) {
        try addGlobal(ZwpInputTimestampsManagerV1.self, version: 1) { [weak self] in self?.bindInputTimestamps($0) }
    }

    private func bindInputTimestamps(_ manager: ZwpInputTimestampsManagerV1) {
        manager.onRequest = { [weak self] request in
            guard let self else { return }
            switch request {
            case .destroy:
                break
            case .getTouchTimestamps(let id, let touch):
                follow(touch, with: id)
            case .getPointerTimestamps(let id, let pointer):
                follow(pointer, with: id)
            case .getKeyboardTimestamps(let id, let keyboard):
                follow(keyboard, with: id)
            }
        }
    }

    /// An input object already gone gets an inert timestamps object: the client could not have
    /// known, so it is no error.
    private func follow(_ input: Resource?, with id: NewResource<ZwpInputTimestampsV1>) {
        guard let timestamps = id.create() else { return }
        timestamps.onDestroy = { [weak self, unowned timestamps] in self?.inputTimestamps.remove(timestamps) }
        guard let input, input.isAlive else { return }
        inputTimestamps.add(timestamps, for: input)
    }

    /// Sent just before an event that carries a time, with that event's stamp.
    func sendInputTimestamp(before input: Resource) {
        guard let nanoseconds = lastEventNanoseconds else { return }
        for timestamps in inputTimestamps.timestamps(for: input) {
            let seconds = nanoseconds / 1_000_000_000
            timestamps.sendTimestamp(tvSecHi: UInt32(truncatingIfNeeded: seconds >> 32),
                                     tvSecLo: UInt32(truncatingIfNeeded: seconds),
                                     tvNsec: UInt32(truncatingIfNeeded: nanoseconds % 1_000_000_000))
        }
    }
}
