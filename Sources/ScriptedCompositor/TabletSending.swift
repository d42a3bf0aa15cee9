internal import WaylandServer

/// Tablets, tools and pads, and the pen input a test scripts through them (tablet-v2).
///
/// Unlike `Input.swift`, these calls do not keep the protocol's order: a pen's anomalies are what
/// the client under test must detect, so sending them is the ordinary API and not a separate
/// misbehaviour call. What is enforced is only what the compositor needs to address an event:
///
/// - a device must have been added and not removed yet (its client objects are forgotten at
///   removal, and a removed handle sends nothing);
/// - `proximity_in` needs a mapped toplevel (the surface it names) and a live tablet;
/// - every call needs a client to send to: the client of the surface of the tool's last
///   `proximity_in`, or, out of proximity, the mapped toplevel's client.
///
/// Let through, for tests of the client's anomaly detection: tool events outside proximity
/// (motion, pressure, frame… before `proximity_in` or after `proximity_out`), `down` without
/// proximity, `down` twice or `up` without `down`, motion after `up` with no frame between,
/// missing frames, a second `proximity_in`, axes the tool did not announce (pressure without
/// the pressure capability), values outside the protocol's ranges, and removal of a tool or a
/// tablet while down or in proximity (removal sends only `removed`: a well-behaved driver sends
/// `up`, `proximity_out` and a frame first).
///
/// Coordinates are window coordinates, as in `Input.swift`, so a pen and a finger sent to the
/// same point land on the same pixel; they reach the client as surface-local `wl_fixed`.
/// Each call returns whether it sent anything. A tool's events go out together with its
/// `tabletToolFrame` (which flushes), as a compositor writes a whole frame at once: flushed one
/// by one, a client slowed down (a sanitizer build) could read half a frame, find the socket
/// dry and rightly call it `tool-events-without-frame`. Events sent with no frame go out with the
/// next pump. Devices and tools are announced at once.
extension ScriptedCompositor {
    // MARK: Devices

    /// Plugs in a tablet on `seat`; nil when there is no such seat. `id` is the USB vendor and
    /// product (sent only when given, as the protocol sends it only for USB devices).
    @discardableResult
    public func addTablet(name: String, id: (vid: UInt32, pid: UInt32)? = nil, path: String? = nil,
                          seat: String = "seat0") -> TabletHandle? {
        guard self.seat(named: seat) != nil else { return nil }
        let tablet = TabletDevice(handle: TabletHandle(number: tablets.nextNumber()), seat: seat,
                                  name: name, usbID: id, path: path)
        tablets.tablets.append(tablet)
        for binding in tablets.bindings(of: seat) { announce(tablet, to: binding) }
        display.flush()
        return tablet.handle
    }

    /// Brings a tool into use on `seat`; nil when there is no such seat. The serial and the Wacom
    /// id are sent only when given, as for a tool that has none.
    @discardableResult
    public func addTabletTool(_ type: TabletToolType = .pen, hardwareSerial: UInt64? = nil,
                              hardwareIDWacom: UInt64? = nil, capabilities: TabletToolCapabilities = .pen,
                              seat: String = "seat0") -> TabletToolHandle? {
        guard self.seat(named: seat) != nil else { return nil }
        let tool = TabletTool(handle: TabletToolHandle(number: tablets.nextNumber()), seat: seat, type: type,
                              hardwareSerial: hardwareSerial, hardwareIDWacom: hardwareIDWacom,
                              capabilities: capabilities)
        tablets.tools.append(tool)
        for binding in tablets.bindings(of: seat) { announce(tool, to: binding) }
        display.flush()
        return tool.handle
    }

    /// Plugs in a pad (a tablet's button panel) with one group holding all its buttons.
    @discardableResult
    public func addTabletPad(path: String? = nil, buttons: UInt32 = 0, seat: String = "seat0") -> TabletPadHandle? {
        guard self.seat(named: seat) != nil else { return nil }
        let pad = TabletPad(handle: TabletPadHandle(number: tablets.nextNumber()), seat: seat, path: path, buttons: buttons)
        tablets.pads.append(pad)
        for binding in tablets.bindings(of: seat) { announce(pad, to: binding) }
        display.flush()
        return pad.handle
    }

    /// `zwp_tablet_v2.removed` to every client. Tools in proximity over it stay so: their
    /// events still reach the client, which must cope with a tablet that is gone.
    @discardableResult
    public func removeTablet(_ handle: TabletHandle) -> Bool {
        guard let tablet = tablets.tablet(handle) else { return false }
        tablets.tablets.removeAll { $0 === tablet }
        for binding in tablets.bindings { binding.tablets.removeValue(forKey: handle)?.sendRemoved() }
        display.flush()
        return true
    }

    /// `zwp_tablet_tool_v2.removed` to every client, and nothing else, even while down.
    @discardableResult
    public func removeTabletTool(_ handle: TabletToolHandle) -> Bool {
        guard let tool = tablets.tool(handle) else { return false }
        tablets.tools.removeAll { $0 === tool }
        for binding in tablets.bindings { binding.tools.removeValue(forKey: handle)?.sendRemoved() }
        display.flush()
        return true
    }

    @discardableResult
    public func removeTabletPad(_ handle: TabletPadHandle) -> Bool {
        guard tablets.pads.contains(where: { $0.handle == handle }) else { return false }
        tablets.pads.removeAll { $0.handle == handle }
        for binding in tablets.bindings { binding.pads.removeValue(forKey: handle)?.sendRemoved() }
        display.flush()
        return true
    }

    /// Nil once the tool is removed (or for a handle of another compositor).
    public func tabletToolStatus(_ handle: TabletToolHandle) -> TabletToolStatus? {
        guard let tool = tablets.tool(handle) else { return nil }
        return TabletToolStatus(type: tool.type, capabilities: tool.capabilities,
                                inProximity: tool.proximity != nil, isDown: tool.isDown,
                                tablet: tool.proximity?.tablet.handle, proximitySerial: tool.proximitySerial,
                                downSerial: tool.downSerial, cursorRequests: tool.cursorRequests)
    }

    /// Live `zwp_tablet_seat_v2` objects of all clients, for `waitUntil` before adding devices
    /// a test wants announced live rather than in the tablet seat's first burst.
    public var tabletSeatCount: Int { tablets.bindings.count { $0.resource.isAlive } }

    // MARK: Proximity

    /// `proximity_in` on the mapped toplevel (its serial, the tablet, the surface), then `motion`
    /// to `x`, `y`: a tool never enters proximity without a position. No frame: call
    /// `tabletToolFrame`, as after every group of events.
    @discardableResult
    public func tabletToolProximityIn(_ handle: TabletToolHandle, tablet tabletHandle: TabletHandle,
                                      x: Double, y: Double) -> Bool {
        guard let surface = focusSurface else { return false }
        return sendProximityIn(handle, tablet: tabletHandle, on: surface, x: x, y: y)
    }

    /// `proximity_out`. The tool counts as up afterwards, but no `up` is sent for a tool that
    /// was down: that is the anomaly a client must cancel on.
    @discardableResult
    public func tabletToolProximityOut(_ handle: TabletToolHandle) -> Bool {
        guard let (tool, tools) = toolTarget(handle) else { return false }
        tool.proximity = nil
        tool.isDown = false
        for resource in tools { resource.sendProximityOut() }
        return true
    }

    // MARK: Contact

    @discardableResult
    public func tabletToolDown(_ handle: TabletToolHandle) -> Bool {
        guard let (tool, tools) = toolTarget(handle) else { return false }
        let serial = display.nextSerial
        tool.isDown = true
        tool.downSerial = serial
        for resource in tools { resource.sendDown(serial: serial) }
        return true
    }

    @discardableResult
    public func tabletToolUp(_ handle: TabletToolHandle) -> Bool {
        guard let (tool, tools) = toolTarget(handle) else { return false }
        tool.isDown = false
        for resource in tools { resource.sendUp() }
        return true
    }

    // MARK: Axes

    @discardableResult
    public func tabletToolMotion(_ handle: TabletToolHandle, x: Double, y: Double) -> Bool {
        guard let (tool, tools) = toolTarget(handle) else { return false }
        let local = toolLocal(tool, x: x, y: y)
        for resource in tools { resource.sendMotion(x: local.x, y: local.y) }
        return true
    }

    /// 0…65535 on the wire; larger values are sent as given.
    @discardableResult
    public func tabletToolPressure(_ handle: TabletToolHandle, _ pressure: UInt32) -> Bool {
        sendToTool(handle) { $0.sendPressure(pressure: pressure) }
    }

    /// 0…65535 on the wire, as pressure.
    @discardableResult
    public func tabletToolDistance(_ handle: TabletToolHandle, _ distance: UInt32) -> Bool {
        sendToTool(handle) { $0.sendDistance(distance: distance) }
    }

    /// Degrees from the perpendicular, −90…90, positive x to the right and y towards the user.
    @discardableResult
    public func tabletToolTilt(_ handle: TabletToolHandle, x: Double, y: Double) -> Bool {
        sendToTool(handle) { $0.sendTilt(tiltX: x, tiltY: y) }
    }

    /// Degrees clockwise from the tool's logical neutral position.
    @discardableResult
    public func tabletToolRotation(_ handle: TabletToolHandle, degrees: Double) -> Bool {
        sendToTool(handle) { $0.sendRotation(degrees: degrees) }
    }

    /// −65535…65535, for an airbrush's finger wheel.
    @discardableResult
    public func tabletToolSlider(_ handle: TabletToolHandle, position: Int32) -> Bool {
        sendToTool(handle) { $0.sendSlider(position: position) }
    }

    @discardableResult
    public func tabletToolWheel(_ handle: TabletToolHandle, degrees: Double, clicks: Int32) -> Bool {
        sendToTool(handle) { $0.sendWheel(degrees: degrees, clicks: clicks) }
    }

    // MARK: Buttons and frames

    /// A barrel button, with a Linux input code: 0x14b BTN_STYLUS (the first), 0x14c
    /// BTN_STYLUS2, 0x149 BTN_STYLUS3.
    @discardableResult
    public func tabletToolButton(_ handle: TabletToolHandle, _ button: UInt32 = 0x14b, pressed: Bool) -> Bool {
        guard let (_, tools) = toolTarget(handle) else { return false }
        let serial = display.nextSerial
        for resource in tools {
            resource.sendButton(serial: serial, button: button, state: pressed ? .pressed : .released)
        }
        return true
    }

    /// `frame` with the event clock's time (see `eventTime`, `freezesEventTime`), remembered in
    /// `lastEventTime`: the one tablet-tool event that carries a time.
    @discardableResult
    public func tabletToolFrame(_ handle: TabletToolHandle) -> Bool {
        guard let (_, tools) = toolTarget(handle) else { return false }
        let time = stampEventTime()
        for resource in tools { resource.sendFrame(time: time) }
        display.flush()
        return true
    }
}

/// Addressing, shared with the misbehaviour calls.
extension ScriptedCompositor {
    /// `proximity_in` + `motion` on `surface`, through every tool object of its client that has
    /// the tablet's object beside it (the event must name the tablet of the same tablet seat).
    func sendProximityIn(_ handle: TabletToolHandle, tablet tabletHandle: TabletHandle, on surface: SurfaceState,
                         x: Double, y: Double) -> Bool {
        guard let tool = tablets.tool(handle), let tablet = tablets.tablet(tabletHandle) else { return false }
        let serial = display.nextSerial
        tool.proximity = (tablet, surface)
        tool.proximitySerial = serial
        let local = surfaceLocal(x: x, y: y, on: surface)
        for binding in tablets.bindings(of: tool.seat) where binding.client == surface.client {
            guard let resource = binding.tools[handle], let tabletResource = binding.tablets[tabletHandle] else { continue }
            resource.sendProximityIn(serial: serial, tablet: tabletResource, surface: surface.resource)
            resource.sendMotion(x: local.x, y: local.y)
        }
        return true
    }

    /// The tool and its objects in the client its events go to: that of its proximity surface,
    /// else (out of proximity) the mapped toplevel's.
    private func toolTarget(_ handle: TabletToolHandle) -> (TabletTool, [ZwpTabletToolV2])? {
        guard let tool = tablets.tool(handle) else { return nil }
        let surface = tool.proximity.map(\.surface).flatMap { $0.resource.isAlive ? $0 : nil } ?? focusSurface
        guard let client = surface?.client else { return nil }
        let resources = tablets.bindings(of: tool.seat).filter { $0.client == client }.compactMap { $0.tools[handle] }
        return (tool, resources)
    }

    private func sendToTool(_ handle: TabletToolHandle, _ send: (ZwpTabletToolV2) -> Void) -> Bool {
        guard let (_, tools) = toolTarget(handle) else { return false }
        for resource in tools { send(resource) }
        return true
    }

    /// Window coordinates relative to the surface the tool's events are about.
    private func toolLocal(_ tool: TabletTool, x: Double, y: Double) -> (x: Double, y: Double) {
        guard let surface = tool.proximity?.surface ?? focusSurface else { return (x, y) }
        return surfaceLocal(x: x, y: y, on: surface)
    }
}
