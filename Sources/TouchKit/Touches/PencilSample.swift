import Foundation

/// A tablet tool's axes at one sample, already made safe: every value is finite and in range,
/// whatever the compositor sent, so nothing computed from it can trap or turn into NaN.
///
/// Kept in protocol-like units (degrees, 0…1) so the log can show what arrived; `Touch`
/// converts to UIKit's units on reading (see `PencilConversion`).
struct PencilSample: Equatable, Sendable {
    /// Pressure, 0…1 (`pressure / 65535`).
    var pressure = 0.0
    /// Hover distance, 0…1 (`distance / 65535`).
    var distance = 0.0
    /// Tilt towards +x and +y in degrees, each −90…90.
    var tiltX = 0.0
    var tiltY = 0.0
    /// Rotation in degrees, −180…180.
    var rotation = 0.0
}

/// The arithmetic from tablet-v2 units to UIKit's, in one place so the tests can pin it down.
enum PencilConversion {
    /// UIKit's force for an average touch is 1.0; a pen at half its pressure range is the
    /// average touch, so the full range is 2.0.
    static let maximumForce = 2.0

    /// `raw` of 0…65535 as 0…1; larger values (which the protocol forbids) count as 1.
    static func normalised(_ raw: UInt32) -> Double {
        Double(min(raw, 65535)) / 65535
    }

    /// Tilt in degrees, clamped to −90…90; NaN (which no tool means) becomes upright.
    static func clampedTilt(_ degrees: Double) -> Double {
        degrees.isNaN ? 0 : min(max(degrees, -90), 90)
    }

    /// Rotation in degrees folded into −180…180; NaN and infinities become 0.
    static func foldedRotation(_ degrees: Double) -> Double {
        degrees.isFinite ? remainder(degrees, 360) : 0
    }

    /// The direction of the tool's top, unnormalised, in window axes (x right, y down, z out of
    /// the screen). Each tilt is the angle of the tool from the vertical seen along one axis,
    /// so the direction is (tan x, tan y, 1); multiplied by cos x · cos y it stays finite at
    /// ±90°, where a tool lies flat.
    static func direction(tiltX: Double, tiltY: Double) -> (x: Double, y: Double, z: Double) {
        let ax = tiltX * .pi / 180, ay = tiltY * .pi / 180
        return (sin(ax) * cos(ay), cos(ax) * sin(ay), cos(ax) * cos(ay))
    }

    /// UIKit's altitude: π/2 upright, 0 flat on the screen.
    static func altitude(tiltX: Double, tiltY: Double) -> Double {
        let d = direction(tiltX: tiltX, tiltY: tiltY)
        let lean = (d.x * d.x + d.y * d.y).squareRoot()
        // Both tilts at ±90° give no direction at all; such a tool is flat.
        if lean == 0, d.z == 0 { return 0 }
        return atan2(d.z, lean)
    }

    /// UIKit's azimuth in window axes: the angle from +x towards +y (clockwise on screen) of
    /// the direction the top of the tool leans; 0 for an upright tool, which leans nowhere.
    static func azimuth(tiltX: Double, tiltY: Double) -> Double {
        let d = direction(tiltX: tiltX, tiltY: tiltY)
        guard d.x != 0 || d.y != 0 else { return 0 }
        return atan2(d.y, d.x)
    }
}
