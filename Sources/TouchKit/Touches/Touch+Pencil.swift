import Foundation

/// The Linux input codes of a tablet tool's barrel buttons, as ``Touch/pressedButtons`` holds
/// them: named here so apps need not copy `linux/input-event-codes.h`.
public enum TabletToolButton {
    /// BTN_STYLUS, the lower (first) barrel button.
    public static let stylus: UInt32 = 0x14b
    /// BTN_STYLUS2, the upper (second) barrel button.
    public static let stylus2: UInt32 = 0x14c
    /// BTN_STYLUS3, a third barrel button on the pens that have one.
    public static let stylus3: UInt32 = 0x149
}

/// Properties UIKit may deliver as estimates and update later (`UITouch.Properties`).
public struct TouchProperties: OptionSet, Sendable, Hashable {
    /// The set's bits.
    public let rawValue: Int
    /// The set with `rawValue`'s bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// ``Touch/force``.
    public static let force = TouchProperties(rawValue: 1 << 0)
    /// ``Touch/azimuthAngle(in:)``.
    public static let azimuth = TouchProperties(rawValue: 1 << 1)
    /// ``Touch/altitudeAngle``.
    public static let altitude = TouchProperties(rawValue: 1 << 2)
    /// ``Touch/location(in:)``.
    public static let location = TouchProperties(rawValue: 1 << 3)
    /// ``Touch/rollAngle``.
    public static let roll = TouchProperties(rawValue: 1 << 4)
}

/// A pencil touch's pen properties, after `UITouch`. Each reads the latest delivered sample
/// (a coalesced snapshot reads its own), and each has a fixed value for fingers and the mouse,
/// which have no such sensor.
extension Touch {
    /// How hard the tip presses: the tool's pressure (0…1) × ``maximumPossibleForce``, so 1.0
    /// is an average touch as in UIKit (half the pen's pressure range) and 2.0 the most the pen
    /// reports. 0 for fingers and the mouse (Wayland reports no finger force) and for tools
    /// without pressure.
    public var force: Double {
        pencil.pressure * maximumPossibleForce
    }

    /// The tool's angle from the screen in radians: π/2 upright, towards 0 as it lies flat,
    /// from tablet-v2 tilt (tilt (0°, 0°) is π/2, tilt (45°, 0°) π/4). π/2 for fingers and the
    /// mouse, as UIKit reports for touches that are not a pencil.
    public var altitudeAngle: Double {
        PencilConversion.altitude(tiltX: pencil.tiltX, tiltY: pencil.tiltY)
    }

    /// The direction the top of the tool leans, in radians from `view`'s +x axis towards its
    /// +y axis (clockwise on screen, as in UIKit): tilt (45°, 0°) is 0, leaning right. 0 for an
    /// upright tool, fingers and the mouse. Views here neither rotate nor scale, so the angle
    /// is the same in every view; `view` is taken for UIKit's signature.
    public func azimuthAngle(in view: View?) -> Double {
        PencilConversion.azimuth(tiltX: pencil.tiltX, tiltY: pencil.tiltY)
    }

    /// ``azimuthAngle(in:)`` as a unit vector (x, y) in `view`'s axes: (1, 0) for a tool
    /// leaning right, and for an upright tool, fingers and the mouse.
    public func azimuthUnitVector(in view: View?) -> Point {
        let angle = azimuthAngle(in: view)
        return Point(x: cos(angle), y: sin(angle))
    }

    /// The tool turned about its own axis, in radians clockwise from its neutral position,
    /// −π…π (tablet-v2 `rotation`, which is in degrees). 0 without rotation, for fingers and
    /// the mouse.
    public var rollAngle: Double {
        pencil.rotation * .pi / 180
    }

    /// How far the tip is from the tablet, 0 (touching) to 1 (the edge of range), tablet-v2
    /// `distance` normalised. A touch exists only while the tip is down, so this is normally 0;
    /// the hover distance before and after goes to ``TouchInputMachine/onPencilHover``.
    public var distance: Double {
        pencil.distance
    }

    /// The tool's raw tilt in degrees (−90…90 each), as tablet-v2 sends it: for logs and the
    /// inspector, which show what arrived. 0 for fingers and the mouse.
    public var tilt: (x: Double, y: Double) {
        (pencil.tiltX, pencil.tiltY)
    }

    /// The tool's pressure 0…1 as it arrived, before ``maximumPossibleForce`` scales it: for
    /// logs and ink widths, which want the pen's own range. 0 for fingers and the mouse.
    public var normalisedPressure: Double {
        pencil.pressure
    }

    /// Always empty: a tablet-v2 frame carries the tool's complete state at once, so nothing is
    /// an estimate awaiting correction (UIKit estimates because Apple Pencil sends force and
    /// angles later over Bluetooth).
    public var estimatedProperties: TouchProperties { [] }

    /// Always empty, for the same reason as ``estimatedProperties``: no update ever follows.
    public var estimatedPropertiesExpectingUpdates: TouchProperties { [] }

    /// Always `nil`: no touch expects estimate updates, so none needs an index to match them.
    public var estimationUpdateIndex: Int? { nil }
}
