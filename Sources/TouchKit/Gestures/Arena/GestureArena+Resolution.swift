/// Who may recognize, who must wait, who loses: UIKit's rules between recognizers.
extension GestureArena {
    enum Admission { case admit, wait, refuse }

    /// The recognizers that shared a touch (or the touchpad gesture) with `recognizer`.
    func competitors(of recognizer: GestureRecognizer) -> [GestureRecognizer] {
        var found: [GestureRecognizer] = []
        for record in records where record.recognizers.contains(where: { $0 === recognizer }) {
            for other in record.recognizers where other !== recognizer && !found.contains(where: { $0 === other }) {
                found.append(other)
            }
        }
        return found
    }

    /// Either delegate lets the two recognize together.
    func areSimultaneous(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        (a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) ?? false)
            || (b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) ?? false)
    }

    /// Whether `winner` recognizing stops `loser`.
    func prevents(_ winner: GestureRecognizer, _ loser: GestureRecognizer) -> Bool {
        !areSimultaneous(winner, loser) && winner.canPrevent(loser) && loser.canBePrevented(by: winner)
    }

    /// Everything `recognizer` must see fail first: `require(toFail:)`, and what the subclass
    /// hooks and delegates ask for among the recognizers it meets.
    func failureRequirements(of recognizer: GestureRecognizer) -> [GestureRecognizer] {
        var required = recognizer.failureRequirements.compactMap(\.recognizer)
        for awaited in recognizer.awaitedFailures {
            guard let other = awaited.recognizer, !required.contains(where: { $0 === other }) else { continue }
            required.append(other)
        }
        for other in competitors(of: recognizer) where !required.contains(where: { $0 === other }) {
            let asked = recognizer.shouldRequireFailure(of: other)
                || other.shouldBeRequiredToFail(by: recognizer)
                || (recognizer.delegate?.gestureRecognizer(recognizer, shouldRequireFailureOf: other) ?? false)
                || (other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: recognizer) ?? false)
            if asked { required.append(other) }
        }
        return required
    }

    /// May `recognizer` leave `possible` for a recognized state now?
    func admission(of recognizer: GestureRecognizer) -> Admission {
        var mustWait = false
        for required in failureRequirements(of: recognizer) {
            if required.storedState.isInProgress || required.storedState == .ended { return .refuse }
            if required.storedState == .possible, required.isEnabled, required.isParticipating { mustWait = true }
        }
        if mustWait { return .wait }
        for other in competitors(of: recognizer) where other.storedState.isInProgress && prevents(other, recognizer) {
            return .refuse
        }
        if let delegate = recognizer.delegate, !delegate.gestureRecognizerShouldBegin(recognizer) { return .refuse }
        return .admit
    }

    func noteTransition(_ recognizer: GestureRecognizer, from old: GestureRecognizer.State,
                        to new: GestureRecognizer.State) {
        addParticipant(recognizer)
        transitions.append((recognizer, old, new))
        if !isDelivering { settle() }
    }

    /// Works through the state changes, and what they cause, until nothing more changes.
    func settle() {
        guard !isSettling else { return }
        isSettling = true
        defer { isSettling = false }
        repeat {
            while !transitions.isEmpty {
                let (recognizer, old, new) = transitions.removeFirst()
                onStateChange?(recognizer, new)
                if new == .began || (new == .ended && old == .possible) { recognized(recognizer) }
                if new != .failed { recognizer.sendActions() }
                if new == .failed || new == .cancelled { resolvePending() }
            }
            releaseHeldTouches()
            resetFinished()
        } while !transitions.isEmpty
    }

    /// `winner` recognized: those waiting for its failure fail, competitors it prevents fail or
    /// are cancelled, and with `cancelsTouchesInView` its touches are taken from the view.
    func recognized(_ winner: GestureRecognizer) {
        for other in participants where other !== winner && other.storedState == .possible
            && failureRequirements(of: other).contains(where: { $0 === winner }) {
            other.pendingState = nil
            other.apply(.failed)
        }
        for other in competitors(of: winner) where prevents(winner, other) {
            if other.storedState == .possible {
                other.pendingState = nil
                other.apply(.failed)
            } else if other.storedState.isInProgress {
                other.apply(.cancelled)
            }
        }
        if winner.cancelsTouchesInView { cancelViewTouches(of: winner) }
    }

    /// Recognizers that waited for others to fail: go ahead, keep waiting, or fail.
    func resolvePending() {
        for recognizer in participants {
            guard let pending = recognizer.pendingState else { continue }
            switch admission(of: recognizer) {
            case .wait:
                continue
            case .refuse:
                recognizer.pendingState = nil
                recognizer.apply(.failed)
            case .admit:
                recognizer.pendingState = nil
                recognizer.apply(pending)
            }
        }
    }

    /// Recognizers that finished and whose touches are all done go back to `possible`; so do
    /// those left undecided with nothing to decide on (no touch, no time-out, no wait).
    func resetFinished() {
        var resetAny = false
        for recognizer in participants {
            let idle = recognizer.trackedTouches.isEmpty && recognizer.touchpadContact == nil
            guard idle else { continue }
            let undecided = recognizer.storedState == .possible && recognizer.pendingState == nil
                && !clock.hasTimeouts(for: recognizer)
            guard recognizer.storedState.isFinished || undecided else { continue }
            reset(recognizer)
            resetAny = true
        }
        guard resetAny else { return }
        // A reset recognizer holds nothing back any more, and waits for nothing.
        resolvePending()
        releaseHeldTouches()
    }

    func reset(_ recognizer: GestureRecognizer) {
        recognizer.storedState = .possible
        recognizer.pendingState = nil
        recognizer.awaitedFailures.removeAll()
        recognizer.isParticipating = false
        recognizer.trackedTouches.removeAll()
        recognizer.touchpadContact = nil
        clock.cancel(for: recognizer)
        participants.removeAll { $0 === recognizer }
        for record in records { record.recognizers.removeAll { $0 === recognizer } }
        recognizer.reset()
    }

    /// The recognizers of `view` and its subviews that take part here leave the arena: the view
    /// is leaving the window. Called while it is still in it, so a gesture's cancellation is
    /// settled and reported as any other state change.
    func detachRecognizers(inSubtreeOf view: View) {
        guard !participants.isEmpty else { return }
        for recognizer in view.gestureRecognizers where participants.contains(where: { $0 === recognizer }) {
            detach(recognizer)
        }
        for subview in view.subviews { detachRecognizers(inSubtreeOf: subview) }
    }

    /// A recognizer leaves the arena (removed from its view, or its view from the window).
    func detach(_ recognizer: GestureRecognizer) {
        if recognizer.storedState.isInProgress {
            recognizer.apply(.cancelled)
        }
        reset(recognizer)
        releaseHeldTouches()
    }
}

extension GestureRecognizer {
    /// The setter of ``state``: refuses what UIKit refuses, holds a recognition back while a
    /// required recognizer decides, and fails it when it may not begin.
    func requestState(_ next: State) {
        if pendingState != nil {
            // Already decided and waiting: only giving up still counts.
            guard next == .failed || next == .cancelled else { return }
            pendingState = nil
            apply(.failed)
            return
        }
        guard storedState.canMove(to: next) else { return }
        if storedState == .possible, next == .began || next == .ended,
           let arena = view?.window?.gestureArena {
            switch arena.admission(of: self) {
            case .wait:
                pendingState = next
                awaitedFailures = arena.failureRequirements(of: self).map { WeakRecognizer(recognizer: $0) }
                return
            case .refuse:
                apply(.failed)
                return
            case .admit:
                break
            }
        }
        apply(next)
    }

    /// Sets the state and lets the arena settle what follows; a recognizer outside a window
    /// only tells its targets.
    func apply(_ next: State) {
        let old = storedState
        storedState = next
        if let arena = view?.window?.gestureArena {
            arena.noteTransition(self, from: old, to: next)
        } else if next != .failed {
            sendActions()
        }
    }
}
