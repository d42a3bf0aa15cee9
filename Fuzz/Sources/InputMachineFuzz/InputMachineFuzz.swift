import FuzzSupport
import TouchCanvasApp
import TouchKit

/// The input-machine target: the bytes are a session's worth of input — fingers, the mouse,
/// pens, touchpad gestures, seats coming and going, time, display frames and keys — played
/// into a real ``AppSession`` of 64×48 (``SessionDriver``).
///
/// What it holds the session to, whatever the input: every delivery keeps the touch model's
/// promise (``DeliveryLog``: whole lives, nothing after an end, every live touch in every
/// delivery, no sample kept past its delivery); the gesture scene's recognizers move only as
/// UIKit's machine allows (``GestureStates``); the inspector's counters and rows agree with what
/// was delivered, and what is kept stays bounded (``SessionChecks``); once every touch is
/// cancelled, as the app does when it quits, nothing is left live.
public enum InputMachineFuzz {
    /// The first bytes choose the scene and the session's options; the rest are operations.
    @MainActor
    public static func run(_ bytes: [UInt8]) {
        let script = Script(decoding: bytes)
        let driver = SessionDriver(scene: script.scene, singleTouch: script.singleTouch, showsOverlays: script.showsOverlays)
        Trace.print("scene \(script.scene), single touch \(script.singleTouch), overlays \(script.showsOverlays)")
        for operation in script.operations {
            Trace.print("\(operation)")
            driver.perform(operation)
            SessionChecks.check(driver)
        }
        driver.finish()
    }
}
