import CWaylandClient
import Glibc
import ScriptedCompositor
import Testing
import Wayland
import TouchCanvasTesting

/// The compositor against an in-process client (see `TestClient` for how both run on one thread).
@MainActor
@Suite(.compositorSlot(timeLimit: .minutes(1)))
struct CompositorTests {
    @Test func globalsAreAdvertisedWithTheirVersions() async throws {
        let compositor = try ScriptedCompositor(seats: ["seat0", "seat1"])
        let client = try await TestClient(compositor)
        let versions = Dictionary(client.globals.map { ($0.interface, $0.version) }, uniquingKeysWith: max)
        #expect(versions["wl_compositor"] == 5)
        #expect(versions["wl_shm"] == 1)
        #expect(versions["xdg_wm_base"] == 5)
        #expect(versions["wl_output"] == 4)
        #expect(versions["wl_seat"] == 8)
        #expect(client.globals.filter { $0.interface == "wl_seat" }.count == 2)
        #expect(compositor.clientConnected)

        let shm = try #require(client.bind(WlShm.self, version: 1))
        var formats: [UInt32] = []
        shm.onEvent = { if case .format(let f) = $0 { formats.append(f.rawValue) } }
        await client.roundtrip()
        #expect(formats.sorted() == [0, 1])  // argb8888, xrgb8888
    }

    @Test func committedPixelsAndDamageAreCaptured() async throws {
        let compositor = try ScriptedCompositor()
        let client = try await TestClient(compositor)
        let window = try await TestWindow(client, title: "pixels")
        try window.map(width: 40, height: 30, argb: 0xFF33_66CC)
        #expect(await client.exchange(until: { compositor.waitForMappedToplevel(timeout: 0) }))
        let first = try #require(compositor.lastFrame)
        #expect(first.width == 40 && first.height == 30 && first.scale == 1 && first.format == 0)
        let p = first.pixel(x: 39, y: 29)
        #expect(p.r == 0x33 && p.g == 0x66 && p.b == 0xCC && p.a == 0xFF)
        let outside = first.pixel(x: 40, y: -1)
        #expect(outside.r == 0 && outside.a == 0)  // outside the buffer: zeros, no trap
        #expect(first.damage.count == 1 && first.damage[0] == (0, 0, 40, 30))

        // Surface damage is scaled into buffer pixels; damage_buffer is taken as is; both clipped.
        let (buffer, pool) = try window.makeBuffer(width: 80, height: 60, argb: 0xFF00_FF00)
        pool.fill(offset: (10 * 80 + 20) * 4, width: 1, height: 1, stride: 320, argb: 0x80FF_0000)
        window.surface.setBufferScale(scale: 2)
        window.surface.attach(buffer: buffer, x: 0, y: 0)
        window.surface.damage(x: 1, y: 2, width: 3, height: 4)
        window.surface.damageBuffer(x: 70, y: 50, width: 100, height: 100)
        window.surface.commit()
        let commit = try #require(await waitForCommit(compositor, client))
        let frame = try #require(commit.frame)
        #expect(commit.hasBuffer)
        #expect(frame.scale == 2 && frame.width == 80 && frame.stride == 320)
        #expect(frame.damage.map { [$0.x, $0.y, $0.width, $0.height] } == [[2, 4, 6, 8], [70, 50, 10, 10]])
        #expect(frame.damagedArea == 48 + 100)
        let red = frame.pixel(x: 20, y: 10)
        #expect(red.r == 0xFF && red.g == 0 && red.b == 0 && red.a == 0x80)
        #expect(frame.pixel(x: 21, y: 10).g == 0xFF)

        #expect(compositor.toplevel?.title == "pixels")
        #expect(compositor.toplevel?.appID == "org.touchcanvas.test")
        #expect(compositor.toplevel?.bufferScale == 2)
        #expect(compositor.stats.commits == compositor.commitCount)
        #expect(compositor.stats.buffersAttached == 2)
        #expect(compositor.stats.perCommit.last?.damagedPixels == 148)
        #expect(compositor.stats.perCommit.last?.bufferPixels == 80 * 60)
        _ = pool
    }

    @Test func frameCallbacksAreAnsweredOnlyAfterTheCommit() async throws {
        let compositor = try ScriptedCompositor()
        let client = try await TestClient(compositor)
        let window = try await TestWindow(client)
        try window.map()
        await client.roundtrip()

        var doneTime: UInt32?
        let callback = try #require(window.surface.frame())
        callback.onEvent = { if case .done(let time) = $0 { doneTime = time } }
        for _ in 0..<10 { await client.exchange() }
        #expect(doneTime == nil)  // requested but not committed: pending state

        let before = compositor.eventTime
        window.surface.commit()
        #expect(await client.exchange(until: { doneTime != nil }))
        let time = try #require(doneTime)
        // Stamped on the event clock after the commit: not before it, and within the wait (a
        // busy machine can take seconds to get here, so no tighter bound holds).
        #expect(time &- before <= UInt32(patience * 1000))
        #expect(compositor.stats.frameCallbacksRequested == 1)
        #expect(compositor.stats.frameCallbacksAnswered == 1)
    }

    @Test func onlyThePreviouslyShownBufferIsReleased() async throws {
        let compositor = try ScriptedCompositor()
        let client = try await TestClient(compositor)
        let window = try await TestWindow(client)
        let a = try window.map()
        let (b, _) = try window.makeBuffer(width: 64, height: 48, argb: 0xFF00_0000)
        var released: [String] = []
        a.onEvent = { _ in released.append("a") }
        b.onEvent = { _ in released.append("b") }
        await client.roundtrip()
        #expect(released.isEmpty)  // A is on screen

        window.surface.attach(buffer: b, x: 0, y: 0)
        window.surface.commit()
        await client.roundtrip()
        #expect(released == ["a"])

        // Committing without a new attach keeps B; re-attaching B keeps B.
        window.surface.damageBuffer(x: 0, y: 0, width: 1, height: 1)
        window.surface.commit()
        window.surface.attach(buffer: b, x: 0, y: 0)
        window.surface.commit()
        await client.roundtrip()
        #expect(released == ["a"])

        window.surface.attach(buffer: a, x: 0, y: 0)
        window.surface.commit()
        await client.roundtrip()
        #expect(released == ["a", "b"])
    }

    @Test func touchEventsArriveInOrderWithExactCoordinates() async throws {
        let compositor = try ScriptedCompositor()
        let client = try await TestClient(compositor)
        let window = try await TestWindow(client)
        let seat = try #require(client.bind(WlSeat.self, version: 8))
        let touch = try #require(seat.getTouch())
        var events: [String] = []
        touch.onEvent = { event in
            switch event {
            case .down(_, _, let surface, let id, let x, let y):
                events.append("down \(id) \(x) \(y) \(surface === window.surface)")
            case .motion(_, let id, let x, let y): events.append("motion \(id) \(x) \(y)")
            case .up(_, _, let id): events.append("up \(id)")
            case .frame: events.append("frame")
            case .cancel: events.append("cancel")
            case .shape(let id, let major, let minor): events.append("shape \(id) \(major) \(minor)")
            case .orientation(let id, let degrees): events.append("orientation \(id) \(degrees)")
            }
        }
        // Before the window maps there is no surface to touch: nothing is sent.
        compositor.touchDown(id: 9, x: 1, y: 1)
        try window.map()
        #expect(await client.exchange(until: { compositor.waitForMappedToplevel(timeout: 0) }))

        compositor.touchDown(id: 0, x: 12.5, y: 30.25)
        compositor.touchDown(id: 1, x: 40, y: 8)
        compositor.touchShape(id: 0, major: 10, minor: 6.5)
        compositor.touchOrientation(id: 0, degrees: 45)
        compositor.touchFrame()
        compositor.touchMotion(id: 0, x: 13.75, y: 31)
        compositor.touchFrame()
        compositor.touchUp(id: 1)
        compositor.touchFrame()
        compositor.touchMotion(id: 1, x: 5, y: 5)  // id 1 is up: ignored
        compositor.touchCancel()
        await client.roundtrip()
        #expect(events == [
            "down 0 12.5 30.25 true", "down 1 40.0 8.0 true", "shape 0 10.0 6.5", "orientation 0 45.0", "frame",
            "motion 0 13.75 31.0", "frame",
            "up 1", "frame",
            "cancel",
        ])
        #expect(compositor.stats.touchFrameUptimeNanoseconds.count == 3)
    }

    @Test func eventTimeCanBeSetToWrap() async throws {
        let compositor = try ScriptedCompositor()
        let client = try await TestClient(compositor)
        let window = try await TestWindow(client)
        let seat = try #require(client.bind(WlSeat.self, version: 8))
        let touch = try #require(seat.getTouch())
        var times: [UInt32] = []
        touch.onEvent = { event in
            switch event {
            case .down(_, let time, _, _, _, _), .motion(let time, _, _, _), .up(_, let time, _): times.append(time)
            default: break
            }
        }
        try window.map()
        #expect(await client.exchange(until: { compositor.waitForMappedToplevel(timeout: 0) }))
        compositor.eventTime = UInt32.max - 5
        compositor.touchDown(id: 0, x: 1, y: 1)
        await compositor.pump(for: 0.02)
        compositor.touchMotion(id: 0, x: 2, y: 2)
        compositor.touchUp(id: 0)
        await client.roundtrip()
        #expect(times.count == 3)
        #expect(times.first.map { $0 >= UInt32.max - 5 } == true)
        #expect(times.last.map { $0 < 1000 } == true)  // wrapped past zero
    }

    @Test func capabilityChangesAndSeatNamesAreAnnounced() async throws {
        let compositor = try ScriptedCompositor()
        let client = try await TestClient(compositor)
        let seat = try #require(client.bind(WlSeat.self, version: 8))
        var capabilities: [UInt32] = []
        var name: String?
        seat.onEvent = { event in
            switch event {
            case .capabilities(let caps): capabilities.append(caps.rawValue)
            case .name(let n): name = n
            }
        }
        await client.roundtrip()
        #expect(capabilities == [7])
        #expect(name == "seat0")
        compositor.setCapabilities([.pointer])
        await client.roundtrip()
        #expect(capabilities == [7, 1])
        #expect(compositor.capabilities(of: "seat0") == [.pointer])
        compositor.setCapabilities([.touch, .keyboard])
        await client.roundtrip()
        #expect(capabilities == [7, 1, 6])
    }

    @Test func seatsComeAndGo() async throws {
        let compositor = try ScriptedCompositor()
        let client = try await TestClient(compositor)
        compositor.addSeat("tablet", capabilities: [.touch])
        await client.roundtrip()
        let added = try #require(client.globals.last)
        #expect(added.interface == "wl_seat")
        let seat = try #require(client.bind(WlSeat.self, version: 8, name: added.name))
        var names: [String] = []
        seat.onEvent = { if case .name(let n) = $0 { names.append(n) } }
        await client.roundtrip()
        #expect(names == ["tablet"])
        #expect(compositor.seatNames == ["seat0", "tablet"])
        compositor.removeSeat("tablet")
        await client.roundtrip()
        #expect(client.removedGlobals == [added.name])
        #expect(compositor.seatNames == ["seat0"])
        compositor.touchDown(id: 0, x: 1, y: 1, seat: "tablet")  // unknown seat: ignored
    }

    @Test func badCreateBufferIsAProtocolErrorAndTheCompositorCarriesOn() async throws {
        let compositor = try ScriptedCompositor()
        for (stride, offset, what) in [(Int32(100), Int32(0), "stride too small"), (400, 4, "outside the pool"),
                                       (400, -4, "negative offset")] {
            let client = try await TestClient(compositor)
            let shm = try #require(client.bind(WlShm.self, version: 1))
            let pool = try TestPool(shm: shm, size: 400 * 100)
            let buffer = pool.pool.createBuffer(offset: offset, width: 100, height: 100, stride: stride, format: .argb8888)
            #expect(await client.exchange(until: { client.failed }), "\(what)")
            guard case .protocolError(let interface, _, let code)? = client.connection.error else {
                Issue.record("no protocol error for \(what): \(String(describing: client.connection.error))")
                continue
            }
            #expect(interface == "wl_shm_pool")
            #expect(code == 1)  // WL_SHM_ERROR_INVALID_STRIDE
            _ = buffer
        }
        #expect(await compositor.waitUntil(timeout: patience) { compositor.clientDisconnected && !compositor.clientConnected })
        #expect(compositor.protocolErrors.count == 3)

        // Bad format, then a healthy client on the same compositor.
        let client = try await TestClient(compositor)
        let shm = try #require(client.bind(WlShm.self, version: 1))
        let pool = try TestPool(shm: shm, size: 400)
        _ = pool.pool.createBuffer(offset: 0, width: 10, height: 10, stride: 40, format: .rgb565)
        #expect(await client.exchange(until: { client.failed }))
        if case .protocolError(_, _, let code)? = client.connection.error { #expect(code == 0) } else { Issue.record("no error") }

        let healthy = try await TestClient(compositor)
        let window = try await TestWindow(healthy)
        try window.map()
        #expect(await healthy.exchange(until: { compositor.waitForMappedToplevel(timeout: 0) }))
        #expect(compositor.lastFrame != nil)
    }

    @Test func aBufferBeforeTheFirstAckIsAnError() async throws {
        let compositor = try ScriptedCompositor()
        let client = try await TestClient(compositor)
        let window = try await TestWindow(client)
        let (buffer, _) = try window.makeBuffer(width: 8, height: 8, argb: 0xFFFF_FFFF)
        window.surface.attach(buffer: buffer, x: 0, y: 0)
        window.surface.commit()  // no ack_configure
        #expect(await client.exchange(until: { client.failed }))
        guard case .protocolError(let interface, _, let code)? = client.connection.error else {
            Issue.record("no protocol error")
            return
        }
        #expect(interface == "xdg_surface" && code == 3)
        #expect(compositor.commitCount == 1)  // only the initial, buffer-less commit
        #expect(compositor.lastFrame == nil)
    }

    @Test func bufferSizeMustBeAMultipleOfTheScale() async throws {
        let compositor = try ScriptedCompositor()
        let client = try await TestClient(compositor)
        let window = try await TestWindow(client)
        window.ackConfigure()
        let (buffer, _) = try window.makeBuffer(width: 33, height: 32, argb: 0xFFFF_FFFF)
        window.surface.setBufferScale(scale: 2)
        window.surface.attach(buffer: buffer, x: 0, y: 0)
        window.surface.commit()
        #expect(await client.exchange(until: { client.failed }))
        if case .protocolError(let interface, _, let code)? = client.connection.error {
            #expect(interface == "wl_surface" && code == 2)
        } else {
            Issue.record("no protocol error")
        }
    }

    @Test func configureAckAndCloseRoundTrip() async throws {
        let compositor = try ScriptedCompositor()
        compositor.configure(width: 320, height: 200)  // before any toplevel: the initial configure
        let client = try await TestClient(compositor)
        let window = try await TestWindow(client)
        #expect(window.configures.first?.width == 320 && window.configures.first?.height == 200)
        try window.map(width: 320, height: 200)
        #expect(await client.exchange(until: { compositor.waitForMappedToplevel(timeout: 0) }))
        #expect(compositor.toplevel?.configuredSize.map { [$0.width, $0.height] } == [320, 200])

        compositor.configure(width: 500, height: 400, fullscreen: true)
        #expect(await !compositor.waitForMappedToplevel(timeout: 0))  // has not caught up yet
        #expect(await client.exchange(until: { window.pendingSerial != nil }))
        let states = try #require(window.configures.last?.states)
        let words = stride(from: 0, to: states.count, by: 4).map { i in
            states[i..<i + 4].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        }
        #expect(Set(words) == [2, 4])  // fullscreen, activated
        try window.map(width: 500, height: 400)
        #expect(await client.exchange(until: { compositor.waitForMappedToplevel(timeout: 0) }))
        #expect(compositor.toplevel?.configuredFullscreen == true)
        #expect(compositor.toplevel?.bufferSize.map { [$0.width, $0.height] } == [500, 400])

        window.toplevel.setFullscreen(output: nil)
        window.toplevel.setMinSize(width: 100, height: 80)
        #expect(await client.exchange(until: { window.configures.last?.width == 1920 }))
        #expect(compositor.toplevel?.fullscreenRequested == true)
        #expect(compositor.toplevel?.minSize.width == 100)

        let serial = compositor.ping()
        #expect(await client.exchange(until: { compositor.lastPongSerial == serial }))

        compositor.close()
        #expect(await client.exchange(until: { window.closed }))
    }

    @Test func anUnknownAckSerialIsAnError() async throws {
        let compositor = try ScriptedCompositor()
        let client = try await TestClient(compositor)
        let window = try await TestWindow(client)
        window.xdgSurface.ackConfigure(serial: 123_456)
        #expect(await client.exchange(until: { client.failed }))
        if case .protocolError(let interface, _, let code)? = client.connection.error {
            #expect(interface == "xdg_surface" && code == 4)
        } else {
            Issue.record("no protocol error")
        }
    }

    @Test func outputScaleAndEnter() async throws {
        let compositor = try ScriptedCompositor(outputScale: 1)
        let client = try await TestClient(compositor)
        let output = try #require(client.bind(WlOutput.self, version: 4))
        var scales: [Int32] = []
        var dones = 0
        var mode: (Int32, Int32)?
        output.onEvent = { event in
            switch event {
            case .scale(let factor): scales.append(factor)
            case .done: dones += 1
            case .mode(_, let width, let height, _): mode = (width, height)
            default: break
            }
        }
        let window = try await TestWindow(client)
        try window.map()
        #expect(await client.exchange(until: { window.enteredOutputs == 1 }))
        #expect(scales == [1] && dones == 1)
        #expect(mode.map { [$0.0, $0.1] } == [1920, 1080])
        compositor.setOutputScale(2)
        await client.roundtrip()
        #expect(scales == [1, 2] && dones == 2)
        #expect(window.enteredOutputs == 1)  // already on it: no second enter
        #expect(compositor.outputScale == 2)
    }

    @Test func keyboardGetsAKeymapFocusKeysAndModifiers() async throws {
        let compositor = try ScriptedCompositor()
        let client = try await TestClient(compositor)
        let seat = try #require(client.bind(WlSeat.self, version: 8))
        let keyboard = try #require(seat.getKeyboard())
        var keymapText = ""
        var keymapFormat: UInt32?
        var log: [String] = []
        keyboard.onEvent = { event in
            switch event {
            case .keymap(let format, let fd, let size):
                keymapFormat = format.rawValue
                if let map = mmap(nil, Int(size), PROT_READ, MAP_PRIVATE, fd, 0), map != UnsafeMutableRawPointer(bitPattern: -1) {
                    keymapText = String(cString: map.assumingMemoryBound(to: CChar.self))
                    munmap(map, Int(size))
                }
                close(fd)
            case .enter: log.append("enter")
            case .leave: log.append("leave")
            case .key(_, _, let key, let state): log.append("key \(key) \(state.rawValue)")
            case .modifiers(_, let depressed, _, _, _): log.append("mods \(depressed)")
            case .repeatInfo(let rate, _): log.append("repeat \(rate)")
            }
        }
        let window = try await TestWindow(client)
        try window.map()
        #expect(await client.exchange(until: { log.contains("enter") }))
        #expect(keymapFormat == 1)
        #expect(keymapText.contains("xkb_keymap") && keymapText.contains("xkb_symbols"))
        compositor.key(42, pressed: true)  // KEY_LEFTSHIFT
        compositor.tapKey(30)  // KEY_A
        compositor.key(42, pressed: false)
        await client.roundtrip()
        #expect(log == ["repeat 25", "enter", "mods 0", "key 42 1", "mods 1", "key 30 1", "key 30 0", "key 42 0", "mods 0"])
    }

    @Test func pointerEnterMotionButtonFrameLeave() async throws {
        let compositor = try ScriptedCompositor()
        let client = try await TestClient(compositor)
        let seat = try #require(client.bind(WlSeat.self, version: 8))
        let pointer = try #require(seat.getPointer())
        var log: [String] = []
        pointer.onEvent = { event in
            switch event {
            case .enter(_, _, let x, let y): log.append("enter \(x) \(y)")
            case .motion(_, let x, let y): log.append("motion \(x) \(y)")
            case .button(_, _, let button, let state): log.append("button \(button) \(state.rawValue)")
            case .frame: log.append("frame")
            case .leave: log.append("leave")
            default: break
            }
        }
        let window = try await TestWindow(client)
        try window.map()
        #expect(await client.exchange(until: { compositor.waitForMappedToplevel(timeout: 0) }))
        compositor.pointerEnter(x: 10.5, y: 20)
        compositor.pointerFrame()
        compositor.pointerButton(pressed: true)
        compositor.pointerMotion(x: 11, y: 21.25)
        compositor.pointerButton(pressed: false)
        compositor.pointerFrame()
        compositor.pointerLeave()
        await client.roundtrip()
        #expect(log == ["enter 10.5 20.0", "frame", "button 272 1", "motion 11.0 21.25", "button 272 0", "frame", "leave"])
    }

    /// Two commits sent in one flush reach the compositor in one round: a wait for both keeps
    /// both, in order, where the second of two waits for the next commit would miss it.
    @Test func commitsThatComeInOneRoundAreAllKept() async throws {
        let compositor = try ScriptedCompositor()
        let client = try await TestClient(compositor)
        let window = try await TestWindow(client)
        try window.map(width: 20, height: 10, argb: 0xFF00_0000)
        #expect(await client.exchange(until: { compositor.waitForMappedToplevel(timeout: 0) }))
        let (white, whitePool) = try window.makeBuffer(width: 20, height: 10, argb: 0xFFFF_FFFF)
        let (black, blackPool) = try window.makeBuffer(width: 20, height: 10, argb: 0xFF00_0000)
        for buffer in [white, black] {
            window.surface.attach(buffer: buffer, x: 0, y: 0)
            window.surface.damageBuffer(x: 0, y: 0, width: 20, height: 10)
            window.surface.commit()
        }
        client.flush()
        let commits = await compositor.waitForCommits(2, timeout: patience)
        #expect(commits.map { $0.frame?.pixel(x: 5, y: 5).r } == [0xFF, 0])
        #expect(commits.count == 2 && commits[1].sequence == commits[0].sequence + 1)
        // Once returned, nothing more is gathered.
        #expect(await compositor.waitForCommits(1, timeout: 0.05).isEmpty)
        _ = (whitePool, blackPool)
    }

    @Test func waitsReturnAtTheirDeadline() async throws {
        let compositor = try ScriptedCompositor()
        let start = ScriptedCompositor.monotonicNanoseconds
        #expect(await compositor.waitForNextCommit(timeout: 0.05) == nil)
        #expect(await !compositor.waitForMappedToplevel(timeout: 0.05))
        #expect(await !compositor.waitUntil(timeout: 0.05) { false })
        let elapsed = Double(ScriptedCompositor.monotonicNanoseconds - start) / 1e9
        // Each wait lasts its deadline at least, and returns (a loaded machine may be late to
        // wake it, so the upper bound is only that it does not hang).
        #expect(elapsed >= 0.15 && elapsed < patience)
        #expect(await compositor.pump(for: 0.02) >= 1)
        #expect(await compositor.pump(for: 0) == 1)
        #expect(!compositor.clientConnected && !compositor.clientDisconnected)
        #expect(compositor.environmentForClient["WAYLAND_DISPLAY"] == compositor.socketName)
        #expect(compositor.socketName.hasPrefix("tc-scripted-\(getpid())-"))
    }

    @Test func aClientThatQuitsIsNoticed() async throws {
        let compositor = try ScriptedCompositor()
        do {
            let client = try await TestClient(compositor)
            let window = try await TestWindow(client)
            try window.map()
            #expect(await client.exchange(until: { compositor.waitForMappedToplevel(timeout: 0) }))
        }
        #expect(await compositor.waitUntil(timeout: patience) { compositor.clientDisconnected })
        #expect(compositor.toplevel == nil)
        compositor.touchDown(id: 0, x: 1, y: 1)  // nothing to send to: must not crash
        compositor.key(30, pressed: true)
    }

    @Test func droppingTheCompositorDisconnectsItsClients() async throws {
        var compositor: ScriptedCompositor? = try ScriptedCompositor()
        let connection = try Connection(name: try #require(compositor?.socketName))
        let registry = try #require(connection.root.getRegistry())
        var globals = 0
        registry.onEvent = { if case .global = $0 { globals += 1 } }
        wl_display_flush(connection.display)
        #expect(await compositor?.waitUntil(timeout: patience) { compositor?.clientConnected == true } == true)
        compositor = nil  // tears down with a client still connected: must not crash
        // The client now sees the registry globals, then the hang-up.
        var status: Int32 = 0
        for _ in 0..<100 where status >= 0 {
            status = wl_display_dispatch(connection.display)
        }
        #expect(status < 0)
        #expect(connection.error != nil)
    }

    private func waitForCommit(_ compositor: ScriptedCompositor, _ client: TestClient) async -> Commit? {
        client.flush()  // the compositor reads them inside the wait
        return await compositor.waitForNextCommit(timeout: patience)
    }
}
