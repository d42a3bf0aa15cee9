import Foundation
import TouchKit

/// The targets scene's course and what it measured, apart from drawing: nine taps on
/// crosshairs, a finger held still, a line drawn along a guide, then the verdict.
///
/// It takes finished gestures (a tap's lift, a hold, a stroke), decides whether each counts,
/// and keeps what the results need. A tap counts for the target that is lit, wherever it lands,
/// unless it lands far from every target or came with a second finger: a screen mapped with a
/// turn or a mirror sends a tap meant for one corner to another, which is what the fit is for.
public struct TargetsRun: Sendable {
    /// Where the course is.
    public enum Step: Equatable, Sendable {
        /// Tap the target with this index in ``targets``.
        case tap(Int)
        /// Hold a finger still on the centre target.
        case hold
        /// Draw along the guide.
        case line
        /// The results are showing.
        case done
    }

    /// How long a finger is held for the jitter figure.
    public static let holdSeconds = 2.0
    /// A tap counts when it lands within this fraction of the screen (each axis normalised) of
    /// some target: generous, so a screen that is offset or scaled still gets measured.
    public static let acceptance = 0.15
    /// Targets at the corners and edges sit this far in from the edge, as a share of each side:
    /// inside, so a finger can reach them, and far apart, so a scale shows.
    public static let inset = 0.1

    /// The screen the course is laid out on; a new size starts it again.
    public let size: Size
    /// The nine crosshairs: centre, the corners clockwise from top left, then the edge
    /// midpoints clockwise from top.
    public let targets: [Point]
    /// The guide for the line: from its left end to its right end.
    public let guide: (start: Point, end: Point)
    public private(set) var step: Step = .tap(0)
    /// Where each target's tap landed, in target order, as far as the course got.
    public private(set) var taps: [Point] = []
    /// The held finger's samples over its first ``holdSeconds``.
    public private(set) var held: [Point] = []
    /// The line's samples.
    public private(set) var line: [Point] = []
    /// What the person is told now: the instruction, or why the last try did not count.
    public private(set) var message: String

    public init(size: Size) {
        self.size = size
        let w = size.width, h = size.height, i = Self.inset
        targets = [
            Point(x: w / 2, y: h / 2),
            Point(x: w * i, y: h * i), Point(x: w * (1 - i), y: h * i),
            Point(x: w * (1 - i), y: h * (1 - i)), Point(x: w * i, y: h * (1 - i)),
            Point(x: w / 2, y: h * i), Point(x: w * (1 - i), y: h / 2),
            Point(x: w / 2, y: h * (1 - i)), Point(x: w * i, y: h / 2),
        ]
        guide = (Point(x: w * 0.2, y: h * 0.7), Point(x: w * 0.8, y: h * 0.7))
        message = Self.instruction(for: .tap(0), count: targets.count)
    }

    /// What to do at `step`.
    static func instruction(for step: Step, count: Int) -> String {
        switch step {
        case .tap(let index): "Tap the lit target with one finger (\(index + 1) of \(count))."
        case .hold: "Hold one finger still on the centre target for \(Int(holdSeconds)) seconds, then lift it."
        case .line: "Draw along the line with one finger, from its left dot to its right dot."
        case .done: "Done. Switch scene and back to measure again."
        }
    }

    /// The target lit now, if a tap is asked for.
    public var litTarget: Int? {
        if case .tap(let index) = step { return index }
        return nil
    }

    /// How far `point` is from the nearest target, in normalised units, and which it is.
    func nearestTarget(to point: Point) -> (index: Int, distance: Double) {
        var best = (index: 0, distance: Double.infinity)
        for (index, target) in targets.enumerated() {
            let dx = (point.x - target.x) / size.width, dy = (point.y - target.y) / size.height
            let d = (dx * dx + dy * dy).squareRoot()
            if d < best.distance { best = (index, d) }
        }
        return best
    }

    /// A try that cannot count: said, and the step stays.
    public mutating func refuse(_ reason: String) {
        message = "Not counted: \(reason). " + Self.instruction(for: step, count: targets.count)
    }

    /// A single finger lifted at `point` after a tap (the tap steps), with nothing else down.
    public mutating func tapped(at point: Point) {
        guard case .tap(let index) = step else { return }
        guard point.x.isFinite, point.y.isFinite else { return refuse("the tap had no position") }
        guard size.width > 0, size.height > 0 else { return refuse("the window has no size yet") }
        let nearest = nearestTarget(to: point)
        guard nearest.distance <= Self.acceptance else {
            let pixels = Int((nearest.distance * (size.width * size.width + size.height * size.height).squareRoot() / 1.4142).rounded())
            return refuse("that tap was far from every target (about \(pixels) px from the nearest)")
        }
        taps.append(point)
        step = index + 1 < targets.count ? .tap(index + 1) : .hold
        message = Self.instruction(for: step, count: targets.count)
    }

    /// A finger held and lifted: `samples` every position it reported with its event time.
    /// Wherever it is held: on a screen mapped wrongly the centre target is not where the
    /// finger's touches arrive, and a still finger's wander does not depend on where it is.
    public mutating func heldAndLifted(_ samples: [(location: Point, time: Double)], liftedAt: Double) {
        guard step == .hold, let first = samples.first else { return }
        let duration = liftedAt - first.time
        guard duration >= Self.holdSeconds else {
            return refuse(String(format: "lifted after %.1f s", max(0, duration)))
        }
        held = samples.filter { $0.time <= first.time + Self.holdSeconds }.map(\.location)
        step = .line
        message = Self.instruction(for: step, count: targets.count)
    }

    /// A stroke drawn for the line step: it counts when it spans at least half the guide, in
    /// any place and direction (a screen mapped with a turn sends a line along the guide
    /// somewhere else; its straightness is what is measured).
    public mutating func drew(_ points: [Point]) {
        guard step == .line, let start = points.first, let end = points.last else { return }
        guard start.distance(to: end) >= guide.start.distance(to: guide.end) / 2 else {
            return refuse("draw the whole line, from one dot to the other")
        }
        line = points
        step = .done
        message = Self.instruction(for: step, count: targets.count)
    }

    /// The figures, once the course is done; `matrixCaveat` says why the matrix may not apply
    /// as printed (see ``TargetsResults/matrixCaveat``).
    public func results(millimetresPerPoint: (x: Double, y: Double)?, matrixCaveat: String? = nil) -> TargetsResults? {
        guard step == .done else { return nil }
        return TargetsResults(run: self, millimetresPerPoint: millimetresPerPoint, matrixCaveat: matrixCaveat)
    }
}

/// What a finished targets course measured, and whether each figure passes.
///
/// The limits are Microsoft's for Windows 10 touch hardware (the `Device.Input.Digitizer.Touch`
/// requirements of the Windows Hardware Compatibility Program), for contacts more than 3.5 mm
/// from the screen's edge, which every target here is: a contact reported within ±1 mm of the
/// finger (`Touch.Accuracy`), a still finger within ±0.5 mm and a moving one within ±1 mm
/// (`Touch.Jitter`). TouchCanvas reads "within ±d" as a distance of at most d in any direction.
/// Microsoft's moving jitter is measured against a robot's exact path; a hand drawing along a
/// guide wanders off a straight line by more than a millimetre on any screen, so the line is
/// judged by its scatter about its own smoothed path (``PathFigures/movingJitter(_:reach:)``),
/// and its distance from the fitted straight line is given but not judged. A finger is no
/// test robot all the same, so a hand's tremor counts against the screen: a narrow failure says
/// "look closer", not "the hardware is bad". Without the output's physical size the figures
/// stay in pixels and are not judged.
public struct TargetsResults: Sendable {
    /// The limits above, in millimetres: a tap's offset from its target, a held finger's jitter
    /// radius, and a drawn line's moving jitter.
    public static let accuracyLimit = 1.0
    public static let jitterLimit = 0.5
    public static let movingJitterLimit = 1.0

    /// A figure, in pixels, and in millimetres where known, with its verdict.
    public struct Figure: Sendable, Equatable {
        public let pixels: Double
        public let millimetres: Double?
        /// Nil where it cannot be judged (no millimetres).
        public let passes: Bool?
    }

    public let fit: CalibrationFit?
    /// Each target's tap offset (tap − target), in target order.
    public let offsets: [Point]
    /// The largest tap offset.
    public let accuracy: Figure
    public let jitter: Figure
    /// The drawn line's largest distance from its own smoothed path, judged.
    public let movingJitter: Figure
    /// The line's largest and root mean square distance from its fitted straight line, in
    /// pixels: how straight the hand drew, not judged.
    public let straightness: (largest: Double, rms: Double)
    /// Millimetres per logical pixel (x, y) the figures were judged with, nil where unknown.
    public let millimetresPerPoint: (x: Double, y: Double)?
    /// Why the matrix may not apply as printed (the scene did not fill one known output, or
    /// the output is turned), nil when it does.
    public let matrixCaveat: String?

    init(run: TargetsRun, millimetresPerPoint: (x: Double, y: Double)?, matrixCaveat: String?) {
        self.millimetresPerPoint = millimetresPerPoint
        self.matrixCaveat = matrixCaveat
        fit = CalibrationFit(targets: run.targets, taps: run.taps, size: run.size)
        offsets = zip(run.taps, run.targets).map { Point(x: $0.x - $1.x, y: $0.y - $1.y) }
        let mm = millimetresPerPoint.map { ($0.x + $0.y) / 2 }
        func figure(_ pixels: Double, limit: Double) -> Figure {
            let millimetres = mm.map { pixels * $0 }
            return Figure(pixels: pixels, millimetres: millimetres, passes: millimetres.map { $0 <= limit })
        }
        accuracy = figure(offsets.map { ($0.x * $0.x + $0.y * $0.y).squareRoot() }.max() ?? 0, limit: Self.accuracyLimit)
        jitter = figure(PathFigures.jitterRadius(run.held) ?? 0, limit: Self.jitterLimit)
        movingJitter = figure(PathFigures.movingJitter(run.line) ?? 0, limit: Self.movingJitterLimit)
        let straight = PathFigures.straightness(run.line)
        straightness = (straight?.largest ?? 0, straight?.rms ?? 0)
    }

    /// Whether every judged figure passes (nil when none could be judged).
    public var passes: Bool? {
        let verdicts = [accuracy.passes, jitter.passes, movingJitter.passes].compactMap { $0 }
        return verdicts.isEmpty ? nil : verdicts.allSatisfy { $0 }
    }

    static func text(_ figure: Figure, limit: Double) -> String {
        let px = String(format: "%.1f px", figure.pixels)
        guard let mm = figure.millimetres, let passes = figure.passes else { return px + " (not judged: no physical size)" }
        return px + String(format: " = %.2f mm: %@ (limit %.1f mm)", mm, passes ? "pass" : "FAIL", limit)
    }

    /// The verdict in sentences, as the scene shows it and the app prints it.
    public var lines: [String] {
        var lines: [String] = []
        let mmPerPixel = millimetresPerPoint.map { ($0.x + $0.y) / 2 }
        if let fit {
            lines += fit.summary(millimetresPerPixel: mmPerPixel)
            if !fit.isAccurate {
                if let rule = fit.udevRule, let matrix = fit.libinputMatrix {
                    if let matrixCaveat { lines.append("Check before using the matrix: \(matrixCaveat).") }
                    let numbers = matrix.map { CalibrationFit.format($0, places: 6) }.joined(separator: " ")
                    lines.append("The libinput calibration matrix that corrects it: \(numbers)")
                    lines.append("As a udev rule (in /etc/udev/rules.d/99-touchscreen.rules, with the name `libinput list-devices` gives the touchscreen):")
                    lines.append(rule)
                    lines.append("Then `sudo udevadm trigger` and log in again. Measure with no matrix set, or the new one corrects the old.")
                } else {
                    lines.append("No matrix can correct it: the taps fall on one line, so one axis reports nothing.")
                }
            }
        }
        let perTarget = offsets.enumerated().map { index, d in
            var text = "\(index + 1): " + String(format: "%+.0f, %+.0f", d.x, d.y)
            if let mm = millimetresPerPoint { text += String(format: " (%+.1f, %+.1f mm)", d.x * mm.x, d.y * mm.y) }
            return text
        }
        lines.append("Each target's tap offset in px (centre, corners from top left, then edges from top): "
            + perTarget.joined(separator: " · "))
        lines.append("Accuracy (largest tap offset, nothing corrected): " + Self.text(accuracy, limit: Self.accuracyLimit))
        lines.append("Jitter (a finger held \(Int(TargetsRun.holdSeconds)) s): " + Self.text(jitter, limit: Self.jitterLimit))
        lines.append("Moving jitter (the line's scatter about its own path): " + Self.text(movingJitter, limit: Self.movingJitterLimit))
        lines.append(String(format: "The line strays %.1f px at most from straight (%.1f px root mean square): the hand's, not judged.",
                            straightness.largest, straightness.rms))
        switch passes {
        case true?: lines.append("Passed, by the limits of Windows 10's touch hardware requirements.")
        case false?: lines.append("Failed, by the limits of Windows 10's touch hardware requirements (a hand's tremor counts too).")
        case nil: lines.append("Not judged: the output gives no physical size.")
        }
        return lines
    }
}
