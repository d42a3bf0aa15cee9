import CWaylandClient
import Glibc
import ScriptedCompositor
import Testing
@testable import Wayland
import TouchCanvasTesting

/// The canvas's swapchain with a prefaulter: a large new buffer is held back until its pages
/// are in, then announced once; a small one is handed out at once; a buffer dropped by a resize
/// while it was being faulted in announces nothing.
@MainActor
@Suite(.compositorSlot)
struct PrefaultedSwapchainTests {
    /// A client of the scripted compositor with `wl_shm` bound, both run on this thread.
    @MainActor
    final class ShmClient {
        let compositor: ScriptedCompositor
        let connection: Connection
        var shm: WlShm?
        private var registry: WlRegistry?

        init() async throws {
            compositor = try ScriptedCompositor()
            connection = try Connection(name: compositor.socketName)
            let registry = try #require(connection.root.getRegistry())
            self.registry = registry
            registry.onEvent = { [unowned self, unowned registry] event in
                if case .global(let name, let interface, let version) = event, interface == WlShm.interfaceName {
                    shm = registry.bind(name: name, as: WlShm.self, version: min(version, 1))
                }
            }
            await exchange(until: { self.shm != nil })
        }

        /// Flushes, lets the compositor run, reads and dispatches, until `condition` or 2 s.
        func exchange(until condition: () -> Bool) async {
            let display = connection.display
            let deadline = ScriptedCompositor.monotonicNanoseconds + 20_000_000_000
            while !condition(), ScriptedCompositor.monotonicNanoseconds < deadline {
                wl_display_flush(display)
                await compositor.pump(for: 0.002)
                while wl_display_prepare_read(display) != 0 { wl_display_dispatch_pending(display) }
                var descriptor = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
                if poll(&descriptor, 1, 0) > 0 { wl_display_read_events(display) } else { wl_display_cancel_read(display) }
                wl_display_dispatch_pending(display)
            }
        }
    }

    /// Waits for the prefaulter's eventfd, as the event loop does, and runs what finished. The
    /// test gives the main actor back between looks (the worker needs milliseconds; 20 s is the
    /// deadline of a test that fails).
    func runWhenReadable(_ prefaulter: PagePrefaulter) async -> Bool {
        let deadline = ScriptedCompositor.monotonicNanoseconds + 20_000_000_000
        var descriptor = pollfd(fd: prefaulter.fileDescriptor, events: Int16(POLLIN), revents: 0)
        while poll(&descriptor, 1, 0) != 1 {
            guard ScriptedCompositor.monotonicNanoseconds < deadline else { return false }
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        prefaulter.runFinished()
        return true
    }

    /// A swapchain on the client's `wl_shm` with a prefaulter, counting its announcements.
    @MainActor
    final class Fixture {
        let client: ShmClient
        let swapchain: ShmSwapchain
        let prefaulter: PagePrefaulter
        var announced = 0

        init() async throws {
            client = try await ShmClient()
            swapchain = ShmSwapchain(shm: try #require(client.shm))
            prefaulter = try #require(PagePrefaulter())
            swapchain.prefaulter = prefaulter
            swapchain.onBufferReady = { [unowned self] in announced += 1 }
        }
    }

    @Test func aLargeNewBufferIsHandedOutOnlyOnceItsPagesAreIn() async throws {
        let f = try await Fixture()
        let (swapchain, prefaulter) = (f.swapchain, f.prefaulter)
        #expect(try swapchain.nextBuffer(width: 1024, height: 1024) == nil, "4 MiB: faulted in first")
        #expect(swapchain.isPreparing)
        #expect(try swapchain.nextBuffer(width: 1024, height: 1024) == nil, "still not ready, and no second one made")
        #expect(swapchain.buffers.count == 1)
        #expect(await runWhenReadable(prefaulter))
        #expect(f.announced == 1)
        let buffer = try #require(try swapchain.nextBuffer(width: 1024, height: 1024))
        #expect(!swapchain.isPreparing)
        #expect(buffer.memory.residentPageCount == buffer.memory.pageCount, "every page in before the first frame writes one")
    }

    @Test func aSmallBufferIsHandedOutAtOnce() async throws {
        let f = try await Fixture()
        let buffer = try f.swapchain.nextBuffer(width: 512, height: 512)
        #expect(buffer != nil && !f.swapchain.isPreparing, "1 MiB: faulted by its first frame, as before")
    }

    @Test func aBufferDroppedByAResizeWhileFaultingAnnouncesNothing() async throws {
        let f = try await Fixture()
        let (swapchain, prefaulter) = (f.swapchain, f.prefaulter)
        #expect(try swapchain.nextBuffer(width: 2048, height: 1024) == nil)
        // The size changes before the first is in: it is dropped, the new one is faulted in.
        #expect(try swapchain.nextBuffer(width: 2048, height: 1200) == nil)
        #expect(swapchain.buffers.count == 1 && swapchain.buffers.first?.height == 1200)
        prefaulter.waitForAll()
        #expect(f.announced == 1, "only the buffer still in the swapchain is announced")
        #expect(try swapchain.nextBuffer(width: 2048, height: 1200) != nil)
    }
}
