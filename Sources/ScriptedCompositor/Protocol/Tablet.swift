internal import WaylandServer

/// A tablet the driver plugged in; it lives in the registry until `removeTablet`.
final class TabletDevice {
    let handle: TabletHandle
    let seat: String
    let name: String
    let usbID: (vid: UInt32, pid: UInt32)?
    let path: String?

    init(handle: TabletHandle, seat: String, name: String, usbID: (vid: UInt32, pid: UInt32)?, path: String?) {
        self.handle = handle
        self.seat = seat
        self.name = name
        self.usbID = usbID
        self.path = path
    }
}

/// A tool and what its client was last told about it.
final class TabletTool {
    let handle: TabletToolHandle
    let seat: String
    let type: TabletToolType
    let hardwareSerial: UInt64?
    let hardwareIDWacom: UInt64?
    let capabilities: TabletToolCapabilities
    /// Set by `proximity_in`: the tablet it named and the surface later events are about.
    var proximity: (tablet: TabletDevice, surface: SurfaceState)?
    var isDown = false
    var proximitySerial: UInt32?
    var downSerial: UInt32?
    var cursorRequests = 0

    init(handle: TabletToolHandle, seat: String, type: TabletToolType, hardwareSerial: UInt64?,
         hardwareIDWacom: UInt64?, capabilities: TabletToolCapabilities) {
        self.handle = handle
        self.seat = seat
        self.type = type
        self.hardwareSerial = hardwareSerial
        self.hardwareIDWacom = hardwareIDWacom
        self.capabilities = capabilities
    }
}

final class TabletPad {
    let handle: TabletPadHandle
    let seat: String
    let path: String?
    let buttons: UInt32

    init(handle: TabletPadHandle, seat: String, path: String?, buttons: UInt32) {
        self.handle = handle
        self.seat = seat
        self.path = path
        self.buttons = buttons
    }
}

/// One `zwp_tablet_seat_v2` a client made, with the objects announced through it.
///
/// A client that binds the manager twice, or asks twice for the same seat, gets a second set of
/// objects for the same devices; every event goes to each set, as each is a full view of the seat.
/// `proximity_in` must name the tablet object of the same set as the tool object it is sent on.
final class TabletSeatBinding {
    let resource: ZwpTabletSeatV2
    let seat: String
    var tablets: [TabletHandle: ZwpTabletV2] = [:]
    var tools: [TabletToolHandle: ZwpTabletToolV2] = [:]
    var pads: [TabletPadHandle: ZwpTabletPadV2] = [:]

    init(resource: ZwpTabletSeatV2, seat: String) {
        self.resource = resource
        self.seat = seat
    }

    var client: OpaquePointer { resource.client }
}

/// The devices the driver added and every tablet seat clients made.
final class TabletRegistry {
    private var handlesIssued = 0
    var tablets: [TabletDevice] = []
    var tools: [TabletTool] = []
    var pads: [TabletPad] = []
    var bindings: [TabletSeatBinding] = []

    /// One counter for all three kinds, so a handle never names a removed device's successor.
    func nextNumber() -> Int {
        handlesIssued += 1
        return handlesIssued
    }

    func tablet(_ handle: TabletHandle) -> TabletDevice? { tablets.first { $0.handle == handle } }
    func tool(_ handle: TabletToolHandle) -> TabletTool? { tools.first { $0.handle == handle } }

    func bindings(of seat: String) -> [TabletSeatBinding] {
        bindings.filter { $0.seat == seat && $0.resource.isAlive }
    }
}

/// zwp_tablet_manager_v2, zwp_tablet_seat_v2, and the announcements of tablets, tools and pads.
///
/// Offered by default, as Mutter, KWin and Sway do; `offersTabletManager: false` makes a
/// compositor like Weston 10 that has none. Devices are announced to every tablet seat of their
/// seat, at once when added and in full to a tablet seat made later.
extension ScriptedCompositor {
    func offerTabletManager() throws(Failure) {
        try addGlobal(ZwpTabletManagerV2.self, version: 1) { [weak self] in self?.bindTabletManager($0) }
    }

    private func bindTabletManager(_ manager: ZwpTabletManagerV2) {
        manager.onRequest = { [weak self] request in
            guard let self, case .getTabletSeat(let id, let seatResource) = request else { return }
            guard let resource = id.create() else { return }
            // A seat whose global was withdrawn still has live objects; its tablet seat is inert.
            guard let seatResource, let seat = seats.first(where: { $0.seats.contains { $0 === seatResource } }) else { return }
            let binding = TabletSeatBinding(resource: resource, seat: seat.name)
            tablets.bindings.append(binding)
            resource.onDestroy = { [weak self, weak binding] in
                self?.tablets.bindings.removeAll { $0 === binding }
            }
            for tablet in tablets.tablets where tablet.seat == seat.name { announce(tablet, to: binding) }
            for tool in tablets.tools where tool.seat == seat.name { announce(tool, to: binding) }
            for pad in tablets.pads where pad.seat == seat.name { announce(pad, to: binding) }
            display.flush()
        }
    }

    func announce(_ tablet: TabletDevice, to binding: TabletSeatBinding) {
        guard let resource = Resource.create(ZwpTabletV2.self, client: binding.client,
                                             version: binding.resource.version, id: 0) else { return }
        let handle = tablet.handle
        binding.tablets[handle] = resource
        resource.onDestroy = { [weak binding, unowned resource] in
            if binding?.tablets[handle] === resource { binding?.tablets[handle] = nil }
        }
        binding.resource.sendTabletAdded(id: resource)
        resource.sendName(name: tablet.name)
        if let usbID = tablet.usbID { resource.sendId(vid: usbID.vid, pid: usbID.pid) }
        if let path = tablet.path { resource.sendPath(path: path) }
        resource.sendDone()
    }

    func announce(_ tool: TabletTool, to binding: TabletSeatBinding) {
        guard let resource = Resource.create(ZwpTabletToolV2.self, client: binding.client,
                                             version: binding.resource.version, id: 0) else { return }
        let handle = tool.handle
        binding.tools[handle] = resource
        resource.onDestroy = { [weak binding, unowned resource] in
            if binding?.tools[handle] === resource { binding?.tools[handle] = nil }
        }
        resource.onRequest = { [weak self, weak tool, unowned resource] request in
            guard let self, case .setCursor(_, let surface, _, _) = request else { return }
            tool?.cursorRequests += 1
            if let surface { setToolCursor(surface, tool: resource) }
        }
        binding.resource.sendToolAdded(id: resource)
        resource.sendType(toolType: ZwpTabletToolV2.Type_(rawValue: tool.type.rawValue))
        if let serial = tool.hardwareSerial {
            resource.sendHardwareSerial(hardwareSerialHi: UInt32(truncatingIfNeeded: serial >> 32),
                                        hardwareSerialLo: UInt32(truncatingIfNeeded: serial))
        }
        if let id = tool.hardwareIDWacom {
            resource.sendHardwareIdWacom(hardwareIdHi: UInt32(truncatingIfNeeded: id >> 32),
                                         hardwareIdLo: UInt32(truncatingIfNeeded: id))
        }
        for value in tool.capabilities.protocolValues {
            resource.sendCapability(capability: ZwpTabletToolV2.Capability(rawValue: value))
        }
        resource.sendDone()
    }

    /// A pad gets the single group the protocol requires, holding all its buttons and no modes:
    /// clients only bind and log pads, and a real pad's layout would add nothing they read.
    func announce(_ pad: TabletPad, to binding: TabletSeatBinding) {
        guard let resource = Resource.create(ZwpTabletPadV2.self, client: binding.client,
                                             version: binding.resource.version, id: 0),
              let group = Resource.create(ZwpTabletPadGroupV2.self, client: binding.client,
                                          version: binding.resource.version, id: 0) else { return }
        let handle = pad.handle
        binding.pads[handle] = resource
        resource.onDestroy = { [weak binding, unowned resource] in
            if binding?.pads[handle] === resource { binding?.pads[handle] = nil }
        }
        binding.resource.sendPadAdded(id: resource)
        resource.sendGroup(padGroup: group)
        group.sendButtons(buttons: encodeStates(Array(0..<pad.buttons)))
        group.sendDone()
        if let path = pad.path { resource.sendPath(path: path) }
        if pad.buttons > 0 { resource.sendButtons(buttons: pad.buttons) }
        resource.sendDone()
    }

    /// As `wl_pointer.set_cursor`: nothing is drawn, but the surface takes the cursor role, and
    /// a surface with another role is the client's protocol error.
    private func setToolCursor(_ resource: WlSurface, tool: ZwpTabletToolV2) {
        guard let surface = surfaces[ObjectIdentifier(resource)] else { return }
        if let role = surface.role, role != .cursor {
            postError(tool, code: ZwpTabletToolV2.Error_.role.rawValue, "wl_surface@\(resource.id) already has a role")
            return
        }
        surface.role = .cursor
    }
}
