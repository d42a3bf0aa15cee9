import Foundation
import Testing
import TouchKit

/// The pen's axes in UIKit's units (the angle and force conversions).
@MainActor @Suite struct PencilConversionTests {
    /// The pencil touch as its down frame delivered it, with `axes` sent before the frame.
    private func touchDown(_ axes: RawTabletToolInput...) -> Touch? {
        let h = Harness()
        h.addTool()
        h.penIn(10, 20)
        for axis in axes { h.pen(axis) }
        h.pen(.down, .frame(time: 5))
        return h.lastPencilTouches.first
    }

    private func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
        abs(a - b) <= tolerance
    }

    @Test func uprightToolHasAltitudeHalfPiAndAzimuthZero() throws {
        let touch = try #require(touchDown(.tilt(x: 0, y: 0)))
        #expect(touch.type == .pencil && touch.type.name == "pencil")
        #expect(close(touch.altitudeAngle, .pi / 2))
        #expect(touch.azimuthAngle(in: nil) == 0)
        #expect(touch.azimuthUnitVector(in: nil) == Point(x: 1, y: 0))
    }

    @Test func tiltFortyFiveTowardsXHasAltitudeQuarterPiAndAzimuthAlongX() throws {
        let touch = try #require(touchDown(.tilt(x: 45, y: 0)))
        #expect(close(touch.altitudeAngle, .pi / 4))
        #expect(close(touch.azimuthAngle(in: nil), 0))
        let vector = touch.azimuthUnitVector(in: nil)
        #expect(close(vector.x, 1) && close(vector.y, 0))
    }

    @Test(arguments: [(0.0, 45.0, Double.pi / 2), (-45.0, 0.0, Double.pi), (0.0, -45.0, -Double.pi / 2)])
    func azimuthFollowsTheLeanClockwiseFromX(x: Double, y: Double, azimuth: Double) throws {
        let touch = try #require(touchDown(.tilt(x: x, y: y)))
        #expect(close(touch.azimuthAngle(in: nil), azimuth))
        #expect(close(touch.altitudeAngle, .pi / 4))
        let vector = touch.azimuthUnitVector(in: nil)
        #expect(close(vector.x, cos(azimuth)) && close(vector.y, sin(azimuth)))
    }

    @Test func azimuthIsTheSameInEveryViewSinceViewsNeitherRotateNorScale() throws {
        let h = Harness()
        let child = View(frame: Rect(x: 100, y: 100, width: 50, height: 50))
        h.root.addSubview(child)
        h.addTool()
        h.penIn(10, 20)
        h.pen(.tilt(x: 30, y: 30), .down, .frame(time: 1))
        let touch = try #require(h.lastPencilTouches.first)
        #expect(touch.azimuthAngle(in: child) == touch.azimuthAngle(in: nil))
        #expect(close(touch.azimuthAngle(in: nil), .pi / 4))
    }

    @Test func tiltAtTheLimitsLiesFlat() throws {
        for (x, y) in [(90.0, 0.0), (-90.0, 0.0), (0.0, 90.0), (0.0, -90.0), (90.0, 90.0), (-90.0, -90.0)] {
            let touch = try #require(touchDown(.tilt(x: x, y: y)))
            #expect(close(touch.altitudeAngle, 0), "tilt (\(x), \(y))")
            #expect(touch.altitudeAngle.isFinite && touch.azimuthAngle(in: nil).isFinite)
        }
        let right = try #require(touchDown(.tilt(x: 90, y: 0)))
        #expect(close(right.azimuthAngle(in: nil), 0))
        let up = try #require(touchDown(.tilt(x: 0, y: -90)))
        #expect(close(up.azimuthAngle(in: nil), -.pi / 2))
    }

    @Test func tiltBeyondTheRangeOrNotANumberIsClamped() throws {
        let beyond = try #require(touchDown(.tilt(x: 400, y: -1e300)))
        #expect(beyond.tilt.x == 90 && beyond.tilt.y == -90)
        #expect(beyond.altitudeAngle.isFinite)
        let nan = try #require(touchDown(.tilt(x: .nan, y: .infinity)))
        #expect(nan.tilt.x == 0 && nan.tilt.y == 90)
        #expect(close(nan.altitudeAngle, 0) && close(nan.azimuthAngle(in: nil), .pi / 2))
        let bothNaN = try #require(touchDown(.tilt(x: .nan, y: .nan)))
        #expect(close(bothNaN.altitudeAngle, .pi / 2) && bothNaN.azimuthAngle(in: nil) == 0)
    }

    @Test func halfPressureIsAnAverageTouchOfForceOne() throws {
        let half = try #require(touchDown(.pressure(32768)))
        #expect(half.maximumPossibleForce == 2)
        #expect(close(half.force, 1, 1e-4))
        #expect(close(half.normalisedPressure, 32768.0 / 65535))
    }

    @Test func pressureAtTheEndsOfItsRange() throws {
        let none = try #require(touchDown(.pressure(0)))
        #expect(none.force == 0 && none.maximumPossibleForce == 2)
        let full = try #require(touchDown(.pressure(65535)))
        #expect(full.force == 2 && full.force == full.maximumPossibleForce)
        let beyond = try #require(touchDown(.pressure(.max)))
        #expect(beyond.force == 2, "the protocol forbids it; clamp rather than exceed the maximum")
    }

    @Test func rotationIsTheRollAngleInRadians() throws {
        let quarter = try #require(touchDown(.rotation(90)))
        #expect(close(quarter.rollAngle, .pi / 2))
        let wrapped = try #require(touchDown(.rotation(270)))
        #expect(close(wrapped.rollAngle, -.pi / 2), "folded into −π…π")
        let nan = try #require(touchDown(.rotation(.nan)))
        #expect(nan.rollAngle == 0)
        let none = try #require(touchDown())
        #expect(none.rollAngle == 0)
    }

    @Test func distanceIsNormalised() throws {
        let touching = try #require(touchDown(.distance(0)))
        #expect(touching.distance == 0)
        let far = try #require(touchDown(.distance(65535)))
        #expect(far.distance == 1)
        let beyond = try #require(touchDown(.distance(.max)))
        #expect(beyond.distance == 1)
    }

    @Test func locationIsPreciseAndNothingIsEstimated() throws {
        let h = Harness()
        h.addTool()
        h.penIn(10.25, 20.125)
        h.pen(.down, .frame(time: 1))
        let touch = try #require(h.lastPencilTouches.first)
        #expect(touch.preciseLocation(in: nil) == Point(x: 10.25, y: 20.125))
        #expect(touch.location(in: nil) == touch.preciseLocation(in: nil))
        #expect(touch.estimatedProperties.isEmpty && touch.estimatedPropertiesExpectingUpdates.isEmpty)
        #expect(touch.estimationUpdateIndex == nil)
    }

    @Test func toolDescriptionAndButtonsTravelWithTheTouch() throws {
        let h = Harness()
        h.addTool(type: .eraser, serial: 0x1234)
        h.penIn(10, 20)
        h.pen(.button(code: TabletToolButton.stylus, pressed: true), .down, .frame(time: 1))
        let touch = try #require(h.lastPencilTouches.first)
        #expect(touch.toolDescription?.type == .eraser && touch.toolDescription?.hardwareSerial == 0x1234)
        #expect(touch.tabletTool == Harness.tool0 && touch.tablet == Harness.tablet0)
        #expect(touch.pressedButtons == [0x14b])
        h.pen(.button(code: TabletToolButton.stylus2, pressed: true),
              .button(code: TabletToolButton.stylus, pressed: false), .frame(time: 2))
        #expect(touch.pressedButtons == [0x14c] && touch.phase == .moved)
    }

    @Test func fingersAndTheMouseHaveNoForceAndStandUpright() throws {
        let h = Harness()
        h.touch(down(0, 10, 10), .frame)
        h.pointer(.enter(location: Point(x: 5, y: 5)), .button(time: 0, button: 0x110, pressed: true), .frame)
        let touches = h.deliveries.last.map { $0.compactMap { h.touchObjects[$0.touch] } } ?? []
        #expect(touches.count == 2)
        for touch in touches {
            #expect(touch.force == 0 && touch.maximumPossibleForce == 0)
            #expect(touch.altitudeAngle == .pi / 2 && touch.azimuthAngle(in: nil) == 0)
            #expect(touch.rollAngle == 0 && touch.distance == 0 && touch.pressedButtons.isEmpty)
            #expect(touch.toolDescription == nil && touch.tabletTool == nil)
            #expect(touch.estimatedProperties.isEmpty)
        }
    }

    @Test func aToolWithoutPressureHasNoForce() throws {
        let h = Harness()
        h.addTool(type: .mouse, capabilities: [])
        h.penIn(10, 20)
        h.pen(.down, .frame(time: 1))
        let touch = try #require(h.lastPencilTouches.first)
        #expect(touch.force == 0 && touch.maximumPossibleForce == 0)
    }
}
