/// `--predict`: how far ahead of the last sample predicted touches reach.
///
/// What a person sees lags the finger by input→present; a prediction that far ahead puts the
/// stroke's end under the finger. Below one refresh the lag is less than the display can show,
/// and a guess past the finger (which overshoots where the finger stops or turns) costs more
/// than it hides, so `auto` draws none there.
enum Prediction: Equatable, CustomStringConvertible {
    /// The measured input→present median, per input frame (what the finger's lag is), or
    /// nothing while that is below one refresh. Without
    /// presentation feedback: input→commit plus commit→frame callback, as estimated before
    /// `wp_presentation` was used.
    case auto
    case off
    /// A fixed interval in seconds, whatever is measured.
    case fixed(Double)

    /// The furthest any prediction reaches, measured or asked for: past this an extrapolation
    /// is a guess, and a recording (whose `display-frame` keeps at most this) could not replay it.
    static let longest = 0.05

    init?(argument: String) {
        switch argument.lowercased() {
        case "auto": self = .auto
        case "off", "0": self = .off
        default:
            guard let milliseconds = Double(argument), milliseconds.isFinite, milliseconds > 0,
                  milliseconds <= Self.longest * 1000 else { return nil }
            self = .fixed(milliseconds / 1000)
        }
    }

    var description: String {
        switch self {
        case .auto: "auto"
        case .off: "off"
        case .fixed(let seconds): "\(seconds * 1000) ms"
        }
    }

    /// Seconds to predict ahead, from what is measured: `inputToPresent` and `refresh` from
    /// presentation feedback (nil until the first presented commit), `estimate` from frame
    /// callbacks.
    func interval(inputToPresent: Double?, refresh: Double?, estimate: Double?) -> Double {
        switch self {
        case .off: return 0
        case .fixed(let seconds): return seconds
        case .auto:
            guard let inputToPresent else { return estimate ?? 0 }
            if let refresh, refresh > 0, inputToPresent < refresh { return 0 }
            return min(inputToPresent, Self.longest)
        }
    }
}
