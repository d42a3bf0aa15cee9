internal import WaylandServer

/// A `wl_surface` with its double-buffered state: requests fill `pending`, `commit` applies it.
final class SurfaceState {
    struct Pending {
        /// `.some(nil)` is an explicit attach of no buffer; `nil` means no attach since the last commit.
        var attach: WlBuffer??
        var surfaceDamage: [Rect] = []
        var bufferDamage: [Rect] = []
        var callbacks: [WlCallback] = []
        /// `wp_presentation.feedback` asked before this commit belongs to it.
        var feedbacks: [WpPresentationFeedback] = []
        var scale: Int32?
        var transform: UInt32?
        var inputRegion: Region??
        var opaqueRegion: Region??
        /// `.some(nil)` unsets the viewport destination (or the viewport was destroyed).
        var viewportDestination: (width: Int32, height: Int32)??
        /// `wp_fifo_v1.set_barrier` and `wait_barrier` for this commit.
        var setsBarrier = false
        var waitsForBarrier = false
        /// `wp_commit_timer_v1.set_timestamp`: CLOCK_MONOTONIC nanoseconds it must not be shown before.
        var timestamp: UInt64?
        /// When the client committed it; set by the commit, which may be applied later (a queued update).
        var committedAt: UInt64 = 0
    }

    let resource: WlSurface
    var pending = Pending()
    private(set) var buffer: WlBuffer?
    var bufferInfo: ShmBufferInfo?
    var scale: Int32 = 1
    var transform: UInt32 = 0
    var inputRegion: Region?
    var opaqueRegion: Region?
    /// Set once an `xdg_surface` is made for it; the role stays for the surface's life.
    weak var xdgSurface: XdgSurfaceState?
    /// As a subsurface: its position in the parent (`set_position`) and whether it was placed
    /// below the parent. Recorded as asked, without the wait for the parent's commit.
    var subsurfacePosition: SubsurfacePosition?
    var placedBelowParent = false
    /// Given by the first request that assigns one; a surface never changes role.
    var role: SurfaceRole?
    var hasRole: Bool { role != nil }
    /// Order of creation among all surfaces, so other surfaces can be listed oldest first.
    let sequence: Int
    /// `wp_viewport` and `wp_fractional_scale_v1`, when the client made them.
    var viewport: WpViewport?
    var fractionalScale: WpFractionalScaleV1?
    /// The size the buffer is shown at, in logical pixels, when a viewport sets one.
    var viewportDestination: (width: Int32, height: Int32)?
    /// Outputs (resource identities) this surface was told it entered.
    var enteredOutputs: Set<ObjectIdentifier> = []
    /// `wp_fifo_v1` and `wp_commit_timer_v1`, when the client made them.
    var fifo: WpFifoV1?
    var commitTimer: WpCommitTimerV1?
    /// A FIFO barrier is up until this moment (just after the latch that follows the commit that set it).
    var barrierLiftsAt: UInt64?
    /// Commits not applied yet, oldest first: one waiting for the barrier or its timestamp, and
    /// every commit after it (a surface's updates are applied in order).
    var queuedUpdates: [Pending] = []

    init(resource: WlSurface, sequence: Int) {
        self.resource = resource
        self.sequence = sequence
    }

    var client: OpaquePointer { resource.client }

    func show(_ newBuffer: WlBuffer?, info: ShmBufferInfo?) {
        buffer = newBuffer
        bufferInfo = info
    }
}

/// A `wl_region`, copied into surface state when set (later edits do not leak into the surface).
final class RegionState {
    var region = Region()
}

/// wl_compositor, wl_surface, wl_region and wl_callback.
extension ScriptedCompositor {
    func bindCompositor(_ compositor: WlCompositor) {
        compositor.onRequest = { [weak self] request in
            guard let self else { return }
            switch request {
            case .createSurface(let id): createSurface(id)
            case .createRegion(let id): createRegion(id)
            }
        }
    }

    private func createRegion(_ id: NewResource<WlRegion>) {
        guard let resource = id.create() else { return }
        let state = RegionState()
        let key = ObjectIdentifier(resource)
        regions[key] = state
        resource.onDestroy = { [weak self] in self?.regions[key] = nil }
        resource.onRequest = { [weak state] request in
            guard let state else { return }
            switch request {
            case .add(let x, let y, let width, let height):
                state.region.operations.append((true, Rect(x: x, y: y, width: width, height: height)))
            case .subtract(let x, let y, let width, let height):
                state.region.operations.append((false, Rect(x: x, y: y, width: width, height: height)))
            case .destroy:
                break
            }
        }
    }

    private func createSurface(_ id: NewResource<WlSurface>) {
        guard let resource = id.create() else { return }
        surfacesCreated += 1
        let state = SurfaceState(resource: resource, sequence: surfacesCreated)
        let key = ObjectIdentifier(resource)
        surfaces[key] = state
        resource.onDestroy = { [weak self] in self?.surfaceDestroyed(key) }
        resource.onRequest = { [weak self, weak state] request in
            guard let self, let state else { return }
            handle(request, on: state)
        }
    }

    private func handle(_ request: WlSurface.Request, on surface: SurfaceState) {
        switch request {
        case .destroy:
            break  // onDestroy cleans up
        case .attach(let buffer, let x, let y):
            // Since wl_surface v5 the offset moved to `offset`; a non-zero one here is an error.
            if surface.resource.version >= 5 && (x != 0 || y != 0) {
                postError(surface.resource, code: WlSurface.Error_.invalidOffset.rawValue,
                          "attach with a non-zero offset on wl_surface v5")
                return
            }
            surface.pending.attach = .some(buffer)
        case .damage(let x, let y, let width, let height):
            let rect = Rect(x: x, y: y, width: width, height: height)
            if !rect.isEmpty { surface.pending.surfaceDamage.append(rect) }
        case .damageBuffer(let x, let y, let width, let height):
            let rect = Rect(x: x, y: y, width: width, height: height)
            if !rect.isEmpty { surface.pending.bufferDamage.append(rect) }
        case .frame(let id):
            if let callback = id.create() { surface.pending.callbacks.append(callback) }
        case .setOpaqueRegion(let region):
            surface.pending.opaqueRegion = .some(region.flatMap { regions[ObjectIdentifier($0)]?.region })
        case .setInputRegion(let region):
            surface.pending.inputRegion = .some(region.flatMap { regions[ObjectIdentifier($0)]?.region })
        case .setBufferScale(let scale):
            guard scale >= 1 else {
                postError(surface.resource, code: WlSurface.Error_.invalidScale.rawValue, "buffer scale \(scale)")
                return
            }
            surface.pending.scale = scale
        case .setBufferTransform(let transform):
            guard transform.rawValue <= 7 else {
                postError(surface.resource, code: WlSurface.Error_.invalidTransform.rawValue,
                          "buffer transform \(transform.rawValue)")
                return
            }
            surface.pending.transform = transform.rawValue
        case .offset:
            break  // surface offsets move nothing in a compositor without a scene
        case .commit:
            var update = surface.pending
            surface.pending = SurfaceState.Pending()
            update.committedAt = nowNanoseconds
            enqueue(update, on: surface)
        }
    }

    private func surfaceDestroyed(_ key: ObjectIdentifier) {
        guard let surface = surfaces.removeValue(forKey: key) else { return }
        // Uncommitted frame callbacks die with the surface, as in weston and wlroots, and so do
        // those of commits still queued; their feedback is discarded.
        for callback in surface.pending.callbacks { callback.destroy() }
        discardQueuedUpdates(of: surface)
        discardPresentations(of: surface)
        if let buffer = surface.buffer, buffer.isAlive { buffer.sendRelease() }
        surfaceWentAway(surface)
    }

    /// Applies a committed update: the heart of the compositor. Commits are applied as they
    /// come unless the FIFO barrier or a timestamp holds them (``enqueue(_:on:)``).
    func apply(_ pending: SurfaceState.Pending, on surface: SurfaceState) {
        let xdg = surface.xdgSurface

        if let xdg, xdg.toplevel == nil, !xdg.isPopup {
            postError(xdg.resource, code: XdgSurface.Error_.notConstructed.rawValue, "commit before the role object")
            return
        }

        let newScale = pending.scale ?? surface.scale
        var attachedInfo: ShmBufferInfo?
        if case .some(.some(let buffer)) = pending.attach {
            // Every wl_buffer is made by our create_buffer, so a miss means the buffer is already gone.
            guard let info = shmBuffers[ObjectIdentifier(buffer)] else { return }
            if let xdg, xdg.lastAckedSerial == nil {
                postError(xdg.resource, code: XdgSurface.Error_.unconfiguredBuffer.rawValue,
                          "buffer committed before the first configure was acked")
                return
            }
            if xdg?.toplevel != nil, info.width % Int(newScale) != 0 || info.height % Int(newScale) != 0 {
                postError(surface.resource, code: WlSurface.Error_.invalidSize.rawValue,
                          "buffer \(info.width)x\(info.height) is not a multiple of scale \(newScale)")
                return
            }
            attachedInfo = info
        }

        surface.scale = newScale
        if let geometry = xdg?.pendingGeometry {
            xdg?.geometry = geometry
            xdg?.pendingGeometry = nil
        }
        if let transform = pending.transform { surface.transform = transform }
        if case .some(let region) = pending.inputRegion { surface.inputRegion = region }
        if case .some(let region) = pending.opaqueRegion { surface.opaqueRegion = region }
        if case .some(let destination) = pending.viewportDestination { surface.viewportDestination = destination }

        // Buffer release like a real compositor: the buffer shown until now is handed back when
        // another one replaces it; the buffer now shown is kept.
        var attachedBuffer = false
        if case .some(let newBuffer) = pending.attach {
            if let old = surface.buffer, old !== newBuffer, old.isAlive {
                if holdsAllBuffers || (holdsSubsurfaceBuffers && surface.role == .subsurface) {
                    heldBuffers.append(old)
                } else {
                    old.sendRelease()
                }
            }
            surface.show(newBuffer, info: attachedInfo)
            attachedBuffer = newBuffer != nil
        }

        let now = nowNanoseconds
        if pending.setsBarrier { surface.barrierLiftsAt = barrierLift(appliedAt: now) }
        let due = frameCallbackDue(committedAt: now)
        let isToplevel = xdg?.toplevel != nil && xdg?.toplevel === currentToplevel
        for callback in pending.callbacks {
            frameCallbacks.append(PendingFrameCallback(callback: callback, due: due, counted: isToplevel))
        }

        if let toplevel = xdg?.toplevel, let xdg {
            toplevelCommitted(toplevel, xdg: xdg, surface: surface, attachedBuffer: attachedBuffer)
        }
        if isToplevel {
            if !pending.callbacks.isEmpty { stats.frameCallbacksRequested += pending.callbacks.count }
            recordCommit(surface, attachedBuffer: attachedBuffer, hadAttach: pending.attach != nil,
                         surfaceDamage: pending.surfaceDamage, bufferDamage: pending.bufferDamage, at: pending.committedAt)
        }
        queuePresentation(of: surface, feedbacks: pending.feedbacks, committedAt: pending.committedAt, appliedAt: now,
                          latch: due, toplevelCommit: isToplevel ? commitCount : nil)
    }

    private func recordCommit(_ surface: SurfaceState, attachedBuffer: Bool, hadAttach: Bool,
                              surfaceDamage: [Rect], bufferDamage: [Rect], at now: UInt64) {
        commitCount += 1
        stats.commits += 1
        if attachedBuffer { stats.buffersAttached += 1 }
        var frame: Frame?
        var damage: [(x: Int32, y: Int32, width: Int32, height: Int32)] = []
        var bufferPixels = 0
        if let info = surface.bufferInfo {
            bufferPixels = info.width * info.height
            let all = surfaceDamage.map { $0.scaled(by: surface.scale) } + bufferDamage
            damage = all.compactMap { $0.clipped(width: info.width, height: info.height)?.tuple }
            if captureFrames && (attachedBuffer || !damage.isEmpty), let pixels = info.copyPixels() {
                frame = Frame(width: info.width, height: info.height, stride: info.width * 4, scale: surface.scale,
                              format: info.format, pixels: pixels, damage: damage)
                lastFrame = frame
            }
        } else if hadAttach {
            lastFrame = nil  // a null attach unmaps: nothing is shown any more
        }
        let area = unionArea(damage)
        stats.damageRects += damage.count
        stats.damagedPixels += area
        stats.perCommit.append(CommitRecord(sequence: commitCount, uptimeNanoseconds: now, attachedBuffer: attachedBuffer,
                                            damageRects: damage.count, damagedPixels: area,
                                            summedDamagePixels: damage.reduce(0) { $0 + Int($1.width) * Int($1.height) },
                                            bufferPixels: bufferPixels))
        let commit = Commit(sequence: commitCount, hasBuffer: attachedBuffer, frame: frame, time: eventTime,
                            uptimeNanoseconds: now)
        if awaitedCommits.count < commitsAwaited { awaitedCommits.append(commit) }
    }

    /// Answers frame callbacks whose delay has passed, in commit order.
    func answerDueFrameCallbacks() {
        guard answersFrameCallbacks, !frameCallbacks.isEmpty else { return }
        let now = nowNanoseconds
        let time = eventTime
        var remaining: [PendingFrameCallback] = []
        for entry in frameCallbacks {
            guard entry.due <= now else { remaining.append(entry); continue }
            guard entry.callback.isAlive else { continue }
            entry.callback.sendDone(callbackData: time)
            // `done` is a destructor event: the object is gone for the client, free it here too.
            entry.callback.destroy()
            if entry.counted { stats.frameCallbacksAnswered += 1 }
        }
        frameCallbacks = remaining
    }

    /// The next moment a frame callback or a presentation outcome is due: the round wakes for it.
    var nextFrameCallbackDue: UInt64? {
        let callbacks = answersFrameCallbacks ? frameCallbacks.lazy.map(\.due).min() : nil
        guard let presentation = presentationQueue.nextSendDue else { return callbacks }
        return min(callbacks ?? presentation, presentation)
    }

    /// Releases every buffer ``holdsSubsurfaceBuffers`` kept back, oldest first.
    public func releaseHeldBuffers() {
        for buffer in heldBuffers where buffer.isAlive { buffer.sendRelease() }
        heldBuffers.removeAll()
        display.flush()
    }
}

struct PendingFrameCallback {
    let callback: WlCallback
    let due: UInt64
    /// Requested by the toplevel's surface, so it counts in `stats`.
    let counted: Bool
}
