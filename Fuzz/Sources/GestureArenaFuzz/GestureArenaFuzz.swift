import FuzzSupport
import TouchKit

/// The gesture-arena target: the bytes build a window of four views with up to five custom
/// recognizers (``ArenaSetup``: their options, delegates, failure requirements and the tape of
/// state changes each asks for), then feed it fingers, the mouse, touchpad gestures, time and
/// changes to the window (``ArenaOperation``).
///
/// What it holds TouchKit to: recognizers move only as UIKit allows, and every change is
/// reported (``GestureStates``, ``ArenaChecks``); no two recognizers that may not recognize
/// together are under way over a touch both held when they recognized; deliveries keep the
/// machine's promise
/// (``DeliveryLog``); every view sees whole lives of its own touches, so a touch cancelled by a
/// recognizer gets nothing more (``WatchedView``); and once every touch is cancelled nothing is
/// left live.
public enum GestureArenaFuzz {
    @MainActor
    public static func run(_ bytes: [UInt8]) {
        let script = ArenaScript(decoding: bytes)
        Trace.print("\(script.setup)")
        let driver = ArenaDriver(script.setup)
        for operation in script.operations {
            Trace.print("\(operation)")
            driver.perform(operation)
            ArenaChecks.check(driver)
        }
        driver.finish()
    }
}
