/// Fine-tunes a recognizer's decisions from outside it, as `UIGestureRecognizerDelegate`.
///
/// Every method has a default (in the extension below) that keeps UIKit's behaviour, so adopt
/// only what you need; the common one is allowing a pinch and a rotation to work together:
///
/// ```swift
/// final class SquareController: GestureRecognizerDelegate {
///     func gestureRecognizer(_ recognizer: GestureRecognizer,
///                            shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
///         true
///     }
/// }
/// pinch.delegate = controller
/// ```
@MainActor
public protocol GestureRecognizerDelegate: AnyObject {
    /// Asked as the recognizer leaves `possible` for `began` (or for `ended`, when discrete);
    /// `false` makes it fail instead. Default `true`.
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool
    /// Asked before the recognizer sees a new touch; `false` keeps the touch from it for the
    /// touch's whole life (the view still gets it). Not asked for touchpad gestures, which
    /// carry no touch. Default `true`.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool
    /// Asked when one of the two would stop the other by recognizing; `true` from either
    /// delegate lets both go on. Default `false`: recognizers sharing touches are exclusive.
    func gestureRecognizer(_ recognizer: GestureRecognizer,
                           shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool
    /// `true` makes `recognizer` wait for `other` to fail before it recognizes, as
    /// `recognizer.require(toFail: other)` does, for recognizers met at run time. Default `false`.
    func gestureRecognizer(_ recognizer: GestureRecognizer,
                           shouldRequireFailureOf other: GestureRecognizer) -> Bool
    /// `true` makes `other` wait for `recognizer` to fail. Default `false`.
    func gestureRecognizer(_ recognizer: GestureRecognizer,
                           shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool
}

extension GestureRecognizerDelegate {
    /// `true`: a recognizer begins whenever its touches say so.
    public func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }

    /// `true`: a recognizer sees every touch over its view.
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { true }

    /// `false`: recognizers that share touches are exclusive, UIKit's default.
    public func gestureRecognizer(_ recognizer: GestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { false }

    /// `false`: only `require(toFail:)` makes a recognizer wait.
    public func gestureRecognizer(_ recognizer: GestureRecognizer,
                                  shouldRequireFailureOf other: GestureRecognizer) -> Bool { false }

    /// `false`: no recognizer is made to wait for this one.
    public func gestureRecognizer(_ recognizer: GestureRecognizer,
                                  shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool { false }
}
