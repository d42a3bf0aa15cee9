/// How many contacts are down: now, the most in the current gesture (since the screen was last
/// empty) and the most ever, as Android's pointer overlay shows "fingers now / most". A tester
/// asks "can it track ten?", and a contact that goes missing shows as a gesture's most falling
/// short of the fingers put down.
public struct ContactCount: Sendable, Hashable {
    /// Contacts down now.
    public private(set) var now = 0
    /// The most down at once since the screen was last empty.
    public private(set) var mostInGesture = 0
    /// The most down at once since the count began.
    public private(set) var mostEver = 0

    /// A count with nothing down.
    public init() {}

    /// A contact began. The first after an empty screen starts a new gesture.
    public mutating func began() {
        if now == 0 { mostInGesture = 0 }
        now += 1
        mostInGesture = max(mostInGesture, now)
        mostEver = max(mostEver, now)
    }

    /// A contact ended or was cancelled. More ends than begins are ignored (a count started
    /// with contacts already down must not go negative).
    public mutating func ended() {
        now = max(0, now - 1)
    }

    /// Every contact went at once without its end being seen (a scene change took them): none
    /// is down now, and the most ever stays.
    public mutating func allEnded() {
        now = 0
    }
}
