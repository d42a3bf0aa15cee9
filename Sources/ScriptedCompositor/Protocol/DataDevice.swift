internal import WaylandServer

/// A `wl_data_source` a client made: what it offered, and whether it was used yet.
final class DataSourceState {
    let resource: WlDataSource
    var mimeTypes: [String] = []
    /// Set once by `set_actions` (v3), which marks the source as meant for drag-and-drop.
    var actions: WlDataDeviceManager.DndAction?
    /// Handed to `start_drag` or `set_selection`: its actions may no longer change.
    var used = false

    init(resource: WlDataSource) { self.resource = resource }
}

/// Every data device and data source clients made, and each seat's selection source.
///
/// Nothing here ever reaches another client: the compositor sends no `data_offer`, `selection`,
/// `enter` or `drop`, and a drag is cancelled at once. The objects exist because clients insist on
/// them: GDK (GTK 4) does not bind `wl_seat` until `wl_data_device_manager` is advertised, so
/// without this global GTK never gets a touch.
final class DataDeviceRegistry {
    var devices: [WlDataDevice] = []
    var sources: [ObjectIdentifier: DataSourceState] = [:]
    /// The source of the last `set_selection` per seat name; replaced ones get `cancelled`.
    var selections: [String: DataSourceState] = [:]
}

/// wl_data_device_manager, wl_data_device and wl_data_source: inert, but protocol-correct.
extension ScriptedCompositor {
    /// v3 adds drag-and-drop actions; GTK 4 binds 3.
    static let dataDeviceManagerVersion = min(WlDataDeviceManager.maxVersion, 3)

    func bindDataDeviceManager(_ manager: WlDataDeviceManager) {
        manager.onRequest = { [weak self] request in
            guard let self else { return }
            switch request {
            case .createDataSource(let id):
                createDataSource(id)
            case .getDataDevice(let id, let seat):
                createDataDevice(id, seat: seat)
            }
        }
    }

    private func createDataSource(_ id: NewResource<WlDataSource>) {
        guard let resource = id.create() else { return }
        let state = DataSourceState(resource: resource)
        let key = ObjectIdentifier(resource)
        dataDevices.sources[key] = state
        resource.onDestroy = { [weak self] in
            guard let self else { return }
            dataDevices.sources[key] = nil
            dataDevices.selections = dataDevices.selections.filter { $0.value !== state }
        }
        resource.onRequest = { [weak self, weak state] request in
            guard let self, let state else { return }
            switch request {
            case .offer(let mimeType):
                state.mimeTypes.append(mimeType)
            case .destroy:
                break  // onDestroy forgets it
            case .setActions(let actions):
                setActions(actions, on: state)
            }
        }
    }

    /// The rules weston, wlroots and mutter all enforce, with the same error code for each.
    private func setActions(_ actions: WlDataDeviceManager.DndAction, on source: DataSourceState) {
        let all: WlDataDeviceManager.DndAction = [.copy, .move, .ask]
        let code = WlDataSource.Error_.invalidActionMask.rawValue
        if source.actions != nil {
            postError(source.resource, code: code, "set_actions may be sent once only")
        } else if !all.isSuperset(of: actions) {
            postError(source.resource, code: code, "invalid action mask \(actions.rawValue)")
        } else if source.used {
            postError(source.resource, code: code, "set_actions after the source was used")
        } else {
            source.actions = actions
        }
    }

    private func createDataDevice(_ id: NewResource<WlDataDevice>, seat: WlSeat?) {
        guard let resource = id.create() else { return }
        // The seat argument is not nullable, so libwayland has checked it; a seat whose global is
        // gone still gets a device, which simply never hears anything (as with any removed seat).
        let seatName = seat.flatMap { seat in seats.first { $0.seats.contains { $0 === seat } }?.name }
        dataDevices.devices.append(resource)
        resource.onDestroy = { [weak self, unowned resource] in
            self?.dataDevices.devices.removeAll { $0 === resource }
        }
        resource.onRequest = { [weak self, unowned resource] request in
            guard let self else { return }
            switch request {
            case .startDrag(let source, _, let icon, _):
                startDrag(source: source, icon: icon, device: resource)
            case .setSelection(let source, _):
                setSelection(source, seat: seatName)
            case .release:
                break  // a destructor: the bindings destroy the resource after this
            }
        }
    }

    /// There is no pointer grab to drag with, so every drag is refused the way a real compositor
    /// refuses one whose serial matches no grab: the source is told `cancelled`.
    private func startDrag(source: WlDataSource?, icon: WlSurface?, device: WlDataDevice) {
        if let icon, let surface = surfaces[ObjectIdentifier(icon)] {
            if let role = surface.role, role != .dragIcon {
                postError(device, code: WlDataDevice.Error_.role.rawValue, "wl_surface@\(icon.id) already has a role")
                return
            }
            surface.role = .dragIcon
        }
        guard let source, let state = dataDevices.sources[ObjectIdentifier(source)] else { return }
        state.used = true
        source.sendCancelled()
        display.flush()
    }

    /// Takes the selection (never offered to anyone); the source it replaces is `cancelled`, which
    /// is how a client learns it may free it.
    private func setSelection(_ source: WlDataSource?, seat: String?) {
        guard let seat else { return }
        var state: DataSourceState?
        if let source {
            guard let known = dataDevices.sources[ObjectIdentifier(source)] else { return }
            if known.actions != nil {
                postError(source, code: WlDataSource.Error_.invalidSource.rawValue,
                          "a drag-and-drop source cannot be the selection")
                return
            }
            known.used = true
            state = known
        }
        let previous = dataDevices.selections[seat]
        dataDevices.selections[seat] = state
        if let previous, previous !== state {
            previous.resource.sendCancelled()
            display.flush()
        }
    }

    // MARK: Public state

    /// `wl_data_device` objects alive, over all clients and seats.
    public var dataDeviceCount: Int { dataDevices.devices.count }
    /// `wl_data_source` objects alive, over all clients.
    public var dataSourceCount: Int { dataDevices.sources.count }
    /// MIME types offered by the source currently holding `seat`'s selection (nil: no selection).
    public func selectionMimeTypes(seat: String = "seat0") -> [String]? { dataDevices.selections[seat]?.mimeTypes }
}
