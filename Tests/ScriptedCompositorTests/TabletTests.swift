import ScriptedCompositor
import Testing
import Wayland
import TouchCanvasTesting

/// The tablet-v2 server: what a client bound to it sees of tablets, tools and pads, and of a pen
/// stroke, to the wl_fixed step and the millisecond.
@MainActor
@Suite(.compositorSlot(timeLimit: .minutes(1)))
struct TabletTests {
    @Test func theManagerIsOfferedUnlessLeftOut() async throws {
        let compositor = try ScriptedCompositor()
        let client = try await TestClient(compositor)
        #expect(client.global("zwp_tablet_manager_v2")?.version == 1)

        let weston = try ScriptedCompositor(offersTabletManager: false)
        let westonClient = try await TestClient(weston)
        #expect(westonClient.global("zwp_tablet_manager_v2") == nil)
        #expect(westonClient.global("wl_seat") != nil)
        // Devices may still be scripted there; nobody hears of them.
        let tool = try #require(weston.addTabletTool())
        #expect(weston.tabletSeatCount == 0)
        #expect(weston.removeTabletTool(tool))
    }

    @Test func devicesAreAnnouncedAtFirstAndWhenAddedLater() async throws {
        let compositor = try ScriptedCompositor()
        _ = try #require(compositor.addTablet(name: "Wacom Intuos Pro M", id: (vid: 0x056a, pid: 0x0357),
                                              path: "/dev/input/event7"))
        _ = try #require(compositor.addTabletTool(.pen, hardwareSerial: 0x1_0000_0002, hardwareIDWacom: 0x823,
                                                  capabilities: .pen))
        _ = try #require(compositor.addTabletPad(path: "/dev/input/event8", buttons: 4))
        let client = try await TestClient(compositor)
        let recorder = try TabletRecorder(client)
        #expect(await client.roundtrip())
        #expect(compositor.tabletSeatCount == 1)
        #expect(recorder.events == [
            "tablet0 added", "tablet0 name Wacom Intuos Pro M", "tablet0 id 1386 855",
            "tablet0 path /dev/input/event7", "tablet0 done",
            "tool0 added", "tool0 type 320", "tool0 serial 1 2", "tool0 wacom 0 2083",
            "tool0 capability 1", "tool0 capability 2", "tool0 capability 3", "tool0 done",
            "pad0 added", "pad0 group", "pad0 group buttons 4", "pad0 group done",
            "pad0 path /dev/input/event8", "pad0 buttons 4", "pad0 done",
        ])

        recorder.clear()
        let screen = try #require(compositor.addTablet(name: "Touch screen pen"))
        let eraser = try #require(compositor.addTabletTool(.eraser, capabilities: [.pressure, .rotation, .slider, .wheel]))
        #expect(await client.roundtrip())
        #expect(recorder.events == [
            "tablet1 added", "tablet1 name Touch screen pen", "tablet1 done",
            "tool1 added", "tool1 type 321", "tool1 capability 2", "tool1 capability 4",
            "tool1 capability 5", "tool1 capability 6", "tool1 done",
        ])
        #expect(compositor.addTablet(name: "elsewhere", seat: "seat9") == nil)

        recorder.clear()
        #expect(compositor.removeTabletTool(eraser))
        #expect(compositor.removeTablet(screen))
        #expect(!compositor.removeTablet(screen))
        #expect(compositor.tabletToolStatus(eraser) == nil)
        #expect(await client.roundtrip())
        #expect(recorder.events == ["tool1 removed", "tablet1 removed"])
        #expect(compositor.protocolErrors.isEmpty && !client.failed)
    }

    @Test func aPenStrokeArrivesWithExactValuesAndTimes() async throws {
        let compositor = try ScriptedCompositor()
        let client = try await TestClient(compositor)
        let window = try await TestWindow(client)
        let recorder = try TabletRecorder(client) { $0 === window.surface ? "window" : nil }
        try window.map(width: 80, height: 60)
        #expect(await client.exchange(until: { compositor.waitForMappedToplevel(timeout: 0) }))
        let tablet = try #require(compositor.addTablet(name: "Wacom"))
        let pen = try #require(compositor.addTabletTool(.pen, capabilities: [.tilt, .pressure, .distance, .rotation]))
        #expect(await client.roundtrip())
        recorder.clear()
        compositor.freezesEventTime = true
        compositor.eventTime = 1_000

        #expect(compositor.tabletToolProximityIn(pen, tablet: tablet, x: 10.3, y: 20.7))
        #expect(compositor.tabletToolDistance(pen, 1_200))
        #expect(compositor.tabletToolFrame(pen))
        compositor.eventTime = 1_005
        #expect(compositor.tabletToolDown(pen))
        #expect(compositor.tabletToolPressure(pen, 6_554))
        #expect(compositor.tabletToolTilt(pen, x: 45.1, y: -30.2))
        #expect(compositor.tabletToolFrame(pen))
        #expect(compositor.tabletToolStatus(pen)?.isDown == true)
        compositor.eventTime = 1_010
        #expect(compositor.tabletToolMotion(pen, x: 12.34, y: 56.78))
        #expect(compositor.tabletToolPressure(pen, 65_535))
        #expect(compositor.tabletToolRotation(pen, degrees: 90.5))
        #expect(compositor.tabletToolButton(pen, pressed: true))
        #expect(compositor.tabletToolFrame(pen))
        compositor.eventTime = 1_015
        #expect(compositor.tabletToolButton(pen, pressed: false))
        #expect(compositor.tabletToolUp(pen))
        #expect(compositor.tabletToolFrame(pen))
        compositor.eventTime = 1_020
        #expect(compositor.tabletToolProximityOut(pen))
        #expect(compositor.tabletToolFrame(pen))
        #expect(compositor.lastEventTime == 1_020)
        let status = try #require(compositor.tabletToolStatus(pen))
        #expect(!status.inProximity && !status.isDown && status.tablet == nil)
        #expect(compositor.removeTabletTool(pen))
        #expect(compositor.removeTablet(tablet))
        #expect(await client.roundtrip())

        #expect(recorder.events == [
            "tool0 proximity_in tablet0 window", "tool0 motion 10.30078125 20.69921875", "tool0 distance 1200", "tool0 frame",
            "tool0 down", "tool0 pressure 6554", "tool0 tilt 45.1015625 -30.19921875", "tool0 frame",
            "tool0 motion 12.33984375 56.78125", "tool0 pressure 65535", "tool0 rotation 90.5", "tool0 button 331 pressed",
            "tool0 frame",
            "tool0 button 331 released", "tool0 up", "tool0 frame",
            "tool0 proximity_out", "tool0 frame",
            "tool0 removed", "tablet0 removed",
        ])
        #expect(recorder.times == [1_000, 1_005, 1_010, 1_015, 1_020])
        // proximity_in, down, press, release: each a fresh serial, as the status reported them.
        #expect(recorder.serials.count == 4)
        #expect(recorder.serials == recorder.serials.sorted() && Set(recorder.serials).count == 4)
        #expect(status.proximitySerial == recorder.serials.first && status.downSerial == recorder.serials[1])
        #expect(compositor.protocolErrors.isEmpty && !client.failed)
    }

    @Test func everyTabletSeatOfTheClientHearsTheTool() async throws {
        let compositor = try ScriptedCompositor()
        let client = try await TestClient(compositor)
        let window = try await TestWindow(client)
        let first = try TabletRecorder(client) { $0 === window.surface ? "window" : nil }
        // A second manager binding, as a toolkit and the app might each make.
        let second = try TabletRecorder(client) { $0 === window.surface ? "window" : nil }
        try window.map()
        #expect(await client.exchange(until: { compositor.waitForMappedToplevel(timeout: 0) }))
        let tablet = try #require(compositor.addTablet(name: "A"))
        _ = try #require(compositor.addTablet(name: "B"))
        let pen = try #require(compositor.addTabletTool())
        #expect(compositor.tabletSeatCount == 2)
        #expect(compositor.tabletToolProximityIn(pen, tablet: tablet, x: 1, y: 2))
        #expect(compositor.tabletToolFrame(pen))
        #expect(await client.roundtrip())
        for recorder in [first, second] {
            #expect(recorder.events.suffix(3) == ["tool0 proximity_in tablet0 window", "tool0 motion 1.0 2.0", "tool0 frame"])
        }
        // Each proximity_in named the tablet object of its own tablet seat.
        #expect(first.tablets.count == 2 && second.tablets.count == 2 && first.tablets[0] !== second.tablets[0])

        // A tablet seat the client destroys hears nothing more.
        second.tabletSeat.destroy()
        #expect(await client.roundtrip())
        #expect(compositor.tabletSeatCount == 1)
        #expect(compositor.tabletToolProximityOut(pen))
        #expect(await client.roundtrip())
        #expect(first.events.last == "tool0 proximity_out")
        #expect(second.events.last == "tool0 frame")
        #expect(compositor.protocolErrors.isEmpty && !client.failed)
    }

    @Test func outOfOrderEventsAreSentAsAsked() async throws {
        let compositor = try ScriptedCompositor()
        let client = try await TestClient(compositor)
        let window = try await TestWindow(client)
        let recorder = try TabletRecorder(client) { $0 === window.surface ? "window" : nil }
        let tablet = try #require(compositor.addTablet(name: "A"))
        let pen = try #require(compositor.addTabletTool(.pen, capabilities: [.tilt]))
        // Nothing to send to before a window is mapped.
        #expect(!compositor.tabletToolProximityIn(pen, tablet: tablet, x: 1, y: 1))
        #expect(!compositor.tabletToolMotion(pen, x: 1, y: 1))
        try window.map()
        #expect(await client.exchange(until: { compositor.waitForMappedToplevel(timeout: 0) }))
        #expect(await client.roundtrip())
        recorder.clear()

        // Outside proximity: to the window's client all the same.
        #expect(compositor.tabletToolMotion(pen, x: 3, y: 4))
        #expect(compositor.tabletToolDown(pen))  // a down without proximity
        #expect(compositor.tabletToolPressure(pen, 100))  // not announced
        #expect(compositor.tabletToolFrame(pen))
        #expect(compositor.tabletToolUp(pen))
        #expect(compositor.tabletToolMotion(pen, x: 5, y: 6))  // after up, no frame between
        #expect(compositor.tabletToolUp(pen))  // up without down
        #expect(compositor.tabletToolProximityIn(pen, tablet: tablet, x: 7, y: 8))
        #expect(compositor.tabletToolProximityIn(pen, tablet: tablet, x: 7, y: 8))  // twice
        #expect(compositor.tabletToolDown(pen))
        // Removal while down and in proximity: only `removed`, and the handles are then dead.
        #expect(compositor.removeTablet(tablet))
        #expect(compositor.tabletToolMotion(pen, x: 9, y: 9))  // the tool outlives its tablet
        #expect(compositor.removeTabletTool(pen))
        #expect(!compositor.tabletToolFrame(pen))
        #expect(!compositor.tabletToolProximityIn(pen, tablet: tablet, x: 1, y: 1))
        #expect(await client.roundtrip())
        #expect(recorder.events == [
            "tool0 motion 3.0 4.0", "tool0 down", "tool0 pressure 100", "tool0 frame",
            "tool0 up", "tool0 motion 5.0 6.0", "tool0 up",
            "tool0 proximity_in tablet0 window", "tool0 motion 7.0 8.0",
            "tool0 proximity_in tablet0 window", "tool0 motion 7.0 8.0",
            "tool0 down", "tablet0 removed", "tool0 motion 9.0 9.0", "tool0 removed",
        ])
        #expect(compositor.protocolErrors.isEmpty && !client.failed)
    }

    @Test func aToolCursorTakesTheCursorRoleAndProximityCanLandOnIt() async throws {
        let compositor = try ScriptedCompositor()
        let client = try await TestClient(compositor)
        let window = try await TestWindow(client)
        let recorder = try TabletRecorder(client) { $0 === window.surface ? "window" : nil }
        try window.map()
        #expect(await client.exchange(until: { compositor.waitForMappedToplevel(timeout: 0) }))
        let tablet = try #require(compositor.addTablet(name: "A"))
        let pen = try #require(compositor.addTabletTool())
        #expect(compositor.tabletToolProximityIn(pen, tablet: tablet, x: 1, y: 1))
        #expect(await client.roundtrip())
        let serial = try #require(recorder.serials.last)
        let cursor = try #require(window.compositorGlobal.createSurface())
        recorder.tools[0].setCursor(serial: serial, surface: cursor, hotspotX: 0, hotspotY: 0)
        #expect(await client.roundtrip())
        #expect(compositor.tabletToolStatus(pen)?.cursorRequests == 1)
        let other = try #require(compositor.otherSurfaces.first)
        #expect(other.role == .cursor && other.objectID == cursor.id)

        recorder.clear()
        #expect(compositor.tabletToolProximityIn(pen, tablet: tablet, on: other, x: 2, y: 3))
        #expect(compositor.tabletToolMotion(pen, x: 4, y: 5))  // follows it there
        #expect(await client.roundtrip())
        #expect(recorder.events == [
            "tool0 proximity_in tablet0 wl_surface@\(cursor.id)", "tool0 motion 2.0 3.0", "tool0 motion 4.0 5.0",
        ])

        // The window already has a role: the client's protocol error.
        recorder.tools[0].setCursor(serial: serial, surface: window.surface, hotspotX: 0, hotspotY: 0)
        #expect(await client.exchange(until: { client.failed }))
        #expect(compositor.protocolErrors.last?.interface == "zwp_tablet_tool_v2")
        #expect(compositor.protocolErrors.last?.code == 0)
        if case .protocolError(let interface, _, let code)? = client.connection.error {
            #expect(interface == "zwp_tablet_tool_v2" && code == 0)
        } else {
            Issue.record("no protocol error")
        }
    }
}
