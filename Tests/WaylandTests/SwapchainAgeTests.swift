import Testing
@testable import Wayland
import TouchCanvasTesting

/// Buffer ages count frames drawn, not commits: a frame held for its deadline and drawn into
/// again before it is committed makes every other buffer one frame older each time, so the
/// next buffer repaints what both drawings changed.
@MainActor
@Suite(.compositorSlot)
struct SwapchainAgeTests {
    @Test func eachDrawingAgesTheOtherBuffersAndTheCommitOnlyHoldsIt() async throws {
        let client = try await PrefaultedSwapchainTests.ShmClient()
        let swapchain = ShmSwapchain(shm: try #require(client.shm))
        let first = try #require(try swapchain.nextBuffer(width: 64, height: 64))
        #expect(first.age == 0, "a new buffer's contents are unknown")
        swapchain.didCommit(first)
        #expect(first.age == 1 && first.isBusy)
        let second = try #require(try swapchain.nextBuffer(width: 64, height: 64))
        #expect(second !== first, "the committed buffer is the compositor's until released")
        // Drawn, held, drawn into again, then committed: two frames for the first buffer.
        swapchain.didDraw(second)
        #expect(second.age == 1 && first.age == 2 && !second.isBusy)
        swapchain.didDraw(second)
        #expect(second.age == 1 && first.age == 3, "the first buffer missed both drawings")
        swapchain.didAttach(second)
        #expect(second.isBusy && second.age == 1 && first.age == 3, "the commit itself ages nothing")
    }
}
