internal import WaylandServer

/// `zwp_pointer_gestures_v1`: touchpad swipes, pinches and holds, which no real compositor here
/// can be made to send (no `/dev/uinput`), so the scripted one is where a client's gesture code
/// is tested.
///
/// Offered by default at version 3, the newest; a lower `pointerGesturesVersion` makes an older
/// compositor (no `release` below 2, no hold below 3) for a client's fallbacks.
extension ScriptedCompositor {
    static let newestPointerGesturesVersion = min(ZwpPointerGesturesV1.maxVersion, 3)

    func offerPointerGestures(version: UInt32) throws(Failure) {
        let version = min(max(version, 1), Self.newestPointerGesturesVersion)
        try addGlobal(ZwpPointerGesturesV1.self, version: version) { [weak self] in self?.bindPointerGestures($0) }
    }

    private func bindPointerGestures(_ manager: ZwpPointerGesturesV1) {
        manager.onRequest = { [weak self] request in
            guard let self else { return }
            switch request {
            case .getSwipeGesture(let id, let pointer):
                if let swipe = id.create() { track(.swipe(swipe), pointer: pointer) }
            case .getPinchGesture(let id, let pointer):
                if let pinch = id.create() { track(.pinch(pinch), pointer: pointer) }
            case .getHoldGesture(let id, let pointer):
                if let hold = id.create() { track(.hold(hold), pointer: pointer) }
            case .release:
                // The objects made through it stay valid, as the protocol says: nothing to do.
                break
            }
        }
    }

    /// A pointer already gone gives an inert gesture object: the client could not have known, so
    /// it is no error (as for `zwp_input_timestamps_v1`).
    private func track(_ gesture: PointerGestureResource, pointer: WlPointer?) {
        let object = PointerGestureObject(gesture, pointer: pointer?.isAlive == true ? pointer : nil)
        pointerGestures.add(object)
        let resource = gesture.resource
        resource.onDestroy = { [weak self, unowned resource] in self?.pointerGestures.remove(resource) }
    }
}
