import TouchKit

/// Where one touch is in its life as someone who hears its phases sees it: the rule
/// began → (moved | stationary)* → (ended | cancelled), nothing after.
public enum TouchLife: Sendable, Equatable {
    case unborn
    case live
    case over(TouchPhase)

    /// The life after hearing `phase`, or why that phase may not come now.
    public func hearing(_ phase: TouchPhase) -> Result<TouchLife, LifeError> {
        switch (self, phase) {
        case (.unborn, .began): .success(.live)
        case (.unborn, _): .failure(LifeError("\(phase.name) before began"))
        case (.live, .began): .failure(LifeError("began twice"))
        case (.live, .moved), (.live, .stationary): .success(.live)
        case (.live, _): .success(.over(phase))
        case let (.over(end), _): .failure(LifeError("\(phase.name) after \(end.name)"))
        }
    }

    public var isLive: Bool { self == .live }
}

/// A phase heard out of turn, in words for the abort message.
public struct LifeError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
