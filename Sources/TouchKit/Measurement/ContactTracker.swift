/// Keeps ``ContactFigures`` for every live contact from the deliveries, and the count of
/// contacts at once, for whoever shows or logs them (the inspector's rows, `--log phases`'
/// summary lines, a replay's report).
///
/// Fed with each delivered event, as a view is; it reads every coalesced sample the event
/// carries without making snapshot objects, so following ten fingers allocates nothing after
/// their first sample. Fingers, pens and the mouse are tracked alike, each touch by its
/// ``Touch/number``; the end and cancel samples (which repeat the last position) are not
/// counted as samples, but the contact's duration runs to them.
///
/// ```swift
/// let tracker = ContactTracker()
/// tracker.onContactEnded = { touch, figures in print(touch.number, figures.medianRate ?? 0) }
/// session.addDeliveryObserver { tracker.deliver($0) }
/// ```
@MainActor
public final class ContactTracker {
    /// The figures of each contact now down, by touch number.
    public private(set) var figures: [Int: ContactFigures] = [:]
    /// Contacts of each kind at once: fingers, pens and the mouse are counted apart.
    public private(set) var counts: [TouchType: ContactCount] = [:]
    /// Called when a contact ends or is cancelled (its phase says which), with its whole
    /// figures, before they are forgotten.
    public var onContactEnded: ((Touch, ContactFigures) -> Void)?

    /// A tracker with nothing down.
    public init() {}

    /// Takes in one delivery.
    public func deliver(_ event: TouchEvent) {
        ending.removeAll(keepingCapacity: true)
        for touch in event.allTouches {
            switch touch.phase {
            case .began, .moved:
                take(touch.delivered, of: touch)
            case .ended, .cancelled:
                take(touch.delivered, of: touch)
                ending.append(touch)
            case .stationary:
                break
            }
        }
        // A set's order changes from one run to the next: contacts that end together are
        // reported in the order they began, so the same input always gives the same lines.
        ending.sort { $0.number < $1.number }
        for touch in ending {
            figures[touch.number]?.finish(at: touch.timestamp)
            if let done = figures.removeValue(forKey: touch.number) {
                counts[touch.type, default: ContactCount()].ended()
                onContactEnded?(touch, done)
            }
        }
        ending.removeAll(keepingCapacity: true)
    }

    /// The contacts ending in the delivery being taken, kept between deliveries for its storage.
    private var ending: [Touch] = []

    /// Forgets every contact and count without reporting them (a cleared inspector).
    public func reset() {
        figures.removeAll()
        counts.removeAll()
    }

    /// Forgets the contacts down now without reporting them, keeping the most ever: they went
    /// without an end this tracker could see (a scene change cancelled them elsewhere).
    public func forgetContactsDown() {
        figures.removeAll()
        for type in counts.keys { counts[type]?.allEnded() }
    }

    private func take(_ samples: [TouchSample], of touch: Touch) {
        for sample in samples {
            switch sample.phase {
            case .began:
                if figures[touch.number] == nil { counts[touch.type, default: ContactCount()].began() }
                figures[touch.number] = ContactFigures(at: sample.location, time: sample.timestamp)
            case .moved:
                figures[touch.number]?.add(sample.location, time: sample.timestamp)
            case .stationary, .ended, .cancelled:
                break
            }
        }
    }
}
