internal import WaylandServer

/// Touch events as sent, without the protocol checks: `Input.swift` checks before calling these,
/// `Misbehaviour.swift` deliberately does not, and both keep the seat's active touches in step
/// with what the client was told.
///
/// Down, motion, up, shape and orientation go out with the `frame` that closes them (which
/// flushes), as a compositor writes a whole frame at once, and as the pen's events do: flushed
/// one by one, a client slowed down (a sanitizer build) could read half a frame, find the
/// socket dry and rightly call it `events-without-frame`. Events sent with no frame (the
/// deliberate strays) go out with the next pump. A cancel, which has no frame, is flushed.
/// A frame too big for libwayland's buffer (thousands of touches) goes out as it fills, each
/// part waiting, when the socket is full, until the client has read enough (`keepRoom`):
/// queued whole, it overflowed the socket and cost the client its connection.
extension ScriptedCompositor {
    /// Window coordinates to surface-local ones: the window geometry's offset, if the surface is a
    /// window that set one.
    func surfaceLocal(x: Double, y: Double, on surface: SurfaceState) -> (x: Double, y: Double) {
        guard let geometry = surface.xdgSurface?.geometry else { return (x, y) }
        return (x + Double(geometry.x), y + Double(geometry.y))
    }

    /// The time to stamp on an input event, remembered in `lastEventTime` and, in nanoseconds
    /// from the same reading, `lastEventNanoseconds`, so both forms of the stamp agree.
    func stampEventTime() -> UInt32 {
        let nanoseconds = eventNanoseconds
        let time = UInt32(truncatingIfNeeded: nanoseconds / 1_000_000)
        lastEventTime = time
        lastEventNanoseconds = nanoseconds
        return time
    }

    func sendTouchDown(id: Int32, x: Double, y: Double, on surface: SurfaceState, seat: SeatState) {
        seat.activeTouches[id] = surface
        let serial = display.nextSerial
        seat.touchDownSerials[id] = serial
        let time = stampEventTime()
        keepRoom(for: surface.client)
        for touch in seat.touches(of: surface.client) {
            sendInputTimestamp(before: touch)
            touch.sendDown(serial: serial, time: time, surface: surface.resource, id: id, x: x, y: y)
        }
    }

    /// Events of one frame that fit in libwayland's 4 KiB buffer with room to spare: a touch
    /// event and the timestamp before it take 52 bytes at most, twice over for two touch objects.
    static let eventsPerFlush = 32

    /// Counts one more event for `client` and, every ``eventsPerFlush``, sends what is queued,
    /// waiting for the client to read when its socket is full (`ServerDisplay.flush`). A client
    /// that reads nothing for 20 s is left to libwayland, which disconnects it, and is not
    /// waited for again (a frame of thousands would otherwise wait 20 s a part).
    func keepRoom(for client: OpaquePointer) {
        let count = unflushedEvents[client, default: 0] + 1
        guard count >= Self.eventsPerFlush else {
            unflushedEvents[client] = count
            return
        }
        unflushedEvents[client] = 0
        guard !clientsNotReading.contains(client) else { return }
        if !ServerDisplay.flush(client, waitingUpTo: 20_000) { clientsNotReading.insert(client) }
    }

    func sendTouchMotion(id: Int32, x: Double, y: Double, to client: OpaquePointer, seat: SeatState) {
        let time = stampEventTime()
        keepRoom(for: client)
        for touch in seat.touches(of: client) {
            sendInputTimestamp(before: touch)
            touch.sendMotion(time: time, id: id, x: x, y: y)
        }
    }

    func sendTouchUp(id: Int32, to client: OpaquePointer, seat: SeatState) {
        let serial = display.nextSerial
        let time = stampEventTime()
        keepRoom(for: client)
        for touch in seat.touches(of: client) {
            sendInputTimestamp(before: touch)
            touch.sendUp(serial: serial, time: time, id: id)
        }
    }

    func sendTouchShape(id: Int32, major: Double, minor: Double, to client: OpaquePointer, seat: SeatState) {
        keepRoom(for: client)
        for touch in seat.touches(of: client) { touch.sendShape(id: id, major: major, minor: minor) }
    }

    func sendTouchOrientation(id: Int32, degrees: Double, to client: OpaquePointer, seat: SeatState) {
        keepRoom(for: client)
        for touch in seat.touches(of: client) { touch.sendOrientation(id: id, orientation: degrees) }
    }

    /// Sends `cancel` to every touch object of `clients` on the seat and forgets its active touches.
    func sendTouchCancel(to clients: [OpaquePointer], seat: SeatState) {
        seat.activeTouches.removeAll()
        for client in clients {
            for touch in seat.touches(of: client) { touch.sendCancel() }
        }
        display.flush()
    }

    func touchClients(_ seat: SeatState) -> [OpaquePointer] {
        var clients: [OpaquePointer] = []
        for surface in seat.activeTouches.values where !clients.contains(surface.client) { clients.append(surface.client) }
        if let focus = focusSurface, !clients.contains(focus.client) { clients.append(focus.client) }
        return clients
    }
}
