import ScriptedCompositor
import Testing
import Wayland
import TouchCanvasTesting

/// The inert `wl_data_device_manager`: there so GDK binds `wl_seat`, and strict where the protocol
/// is (the rules weston, wlroots and mutter share).
@MainActor
@Suite(.compositorSlot(timeLimit: .minutes(1)))
struct DataDeviceTests {
    @Test func aClientBindsTheManagerAndMakesADeviceAndASource() async throws {
        let compositor = try ScriptedCompositor()
        let client = try await TestClient(compositor)
        #expect(client.global("wl_data_device_manager")?.version == 3)
        let manager = try #require(client.bind(WlDataDeviceManager.self, version: 3))
        let seat = try #require(client.bind(WlSeat.self, version: 8))
        let device = try #require(manager.getDataDevice(seat: seat))
        let source = try #require(manager.createDataSource())
        var deviceEvents = 0
        var sourceEvents = 0
        device.onEvent = { _ in deviceEvents += 1 }
        source.onEvent = { _ in sourceEvents += 1 }
        source.offer(mimeType: "text/plain;charset=utf-8")
        source.offer(mimeType: "text/plain")
        source.setActions(dndActions: [.copy, .move])
        #expect(await client.roundtrip())
        #expect(compositor.dataDeviceCount == 1 && compositor.dataSourceCount == 1)
        #expect(compositor.protocolErrors.isEmpty)
        #expect(deviceEvents == 0 && sourceEvents == 0)  // inert: no offer, no selection, nothing

        // release and destroy are destructors: the objects go on both sides.
        device.release()
        source.destroy()
        #expect(await client.roundtrip())
        #expect(compositor.dataDeviceCount == 0 && compositor.dataSourceCount == 0)
        #expect(!client.failed)
    }

    @Test func aReplacedSelectionSourceIsCancelled() async throws {
        let compositor = try ScriptedCompositor()
        let client = try await TestClient(compositor)
        let manager = try #require(client.bind(WlDataDeviceManager.self, version: 3))
        let seat = try #require(client.bind(WlSeat.self, version: 8))
        let device = try #require(manager.getDataDevice(seat: seat))
        let first = try #require(manager.createDataSource())
        let second = try #require(manager.createDataSource())
        var cancelled: [String] = []
        first.onEvent = { if case .cancelled = $0 { cancelled.append("first") } }
        second.onEvent = { if case .cancelled = $0 { cancelled.append("second") } }
        first.offer(mimeType: "text/plain")
        device.setSelection(source: first, serial: 0)
        #expect(await client.roundtrip())
        #expect(cancelled.isEmpty)
        #expect(compositor.selectionMimeTypes() == ["text/plain"])

        device.setSelection(source: second, serial: 0)
        #expect(await client.roundtrip())
        #expect(cancelled == ["first"])  // the client may free it now
        device.setSelection(source: nil, serial: 0)
        #expect(await client.roundtrip())
        #expect(cancelled == ["first", "second"])
        #expect(compositor.selectionMimeTypes() == nil)
    }

    @Test func aDragIsCancelledAtOnce() async throws {
        let compositor = try ScriptedCompositor()
        let client = try await TestClient(compositor)
        let window = try await TestWindow(client)
        let manager = try #require(client.bind(WlDataDeviceManager.self, version: 3))
        let seat = try #require(client.bind(WlSeat.self, version: 8))
        let device = try #require(manager.getDataDevice(seat: seat))
        let source = try #require(manager.createDataSource())
        var cancelled = false
        source.onEvent = { if case .cancelled = $0 { cancelled = true } }
        source.setActions(dndActions: .copy)
        device.startDrag(source: source, origin: window.surface, icon: nil, serial: 0)
        #expect(await client.exchange(until: { cancelled }))
        #expect(compositor.protocolErrors.isEmpty)
    }

    @Test func setActionsTwiceIsAnError() async throws {
        try await expectDataSourceError(code: 0) { source, _ in
            source.setActions(dndActions: .copy)
            source.setActions(dndActions: .move)
        }
    }

    @Test func anUnknownActionBitIsAnError() async throws {
        try await expectDataSourceError(code: 0) { source, _ in
            source.setActions(dndActions: WlDataDeviceManager.DndAction(rawValue: 8))
        }
    }

    @Test func aDragSourceCannotBeTheSelection() async throws {
        try await expectDataSourceError(code: 1) { source, device in
            source.setActions(dndActions: .copy)
            device.setSelection(source: source, serial: 0)
        }
    }

    /// Runs `offend` on a fresh source and device and expects `wl_data_source` error `code`.
    private func expectDataSourceError(code: UInt32, _ offend: (WlDataSource, WlDataDevice) -> Void) async throws {
        let compositor = try ScriptedCompositor()
        let client = try await TestClient(compositor)
        let manager = try #require(client.bind(WlDataDeviceManager.self, version: 3))
        let seat = try #require(client.bind(WlSeat.self, version: 8))
        let device = try #require(manager.getDataDevice(seat: seat))
        let source = try #require(manager.createDataSource())
        offend(source, device)
        #expect(await client.exchange(until: { client.failed }))
        guard case .protocolError(let interface, _, let got)? = client.connection.error else {
            Issue.record("no protocol error: \(String(describing: client.connection.error))")
            return
        }
        #expect(interface == "wl_data_source" && got == code)
    }
}
