import Testing
import TouchKit

@MainActor @Suite struct ViewTreeTests {
    @Test func frameIsDerivedFromCenterAndBounds() {
        let v = View(frame: Rect(x: 10, y: 20, width: 100, height: 50))
        #expect(v.center == Point(x: 60, y: 45))
        #expect(v.bounds == Rect(x: 0, y: 0, width: 100, height: 50))
        v.bounds.size = Size(width: 10, height: 10)
        #expect(v.frame == Rect(x: 55, y: 40, width: 10, height: 10), "bounds grow around the centre")
        v.center = Point(x: 0, y: 0)
        #expect(v.frame.origin == Point(x: -5, y: -5))
    }

    @Test func defaultsMatchUIKit() {
        let v = View()
        #expect(v.frame == .zero)
        #expect(v.isUserInteractionEnabled)
        #expect(!v.isMultipleTouchEnabled)
        #expect(v.alpha == 1 && !v.isHidden && v.backgroundColor == nil && v.cornerRadius == 0)
        #expect(v.needsDisplay)
        v.clearNeedsDisplay()
        #expect(!v.needsDisplay)
        v.setNeedsDisplay()
        #expect(v.needsDisplay)
    }

    @Test func hierarchy() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100), clock: { 0 })
        let a = View(), b = View(), c = View()
        window.addSubview(a)
        window.addSubview(b)
        a.addSubview(c)
        #expect(window.subviews.map(ObjectIdentifier.init) == [a, b].map(ObjectIdentifier.init))
        #expect(c.window === window && c.superview === a)
        #expect(c.next === a)
        b.addSubview(c)
        #expect(a.subviews.isEmpty && c.superview === b, "adding takes the view from its old parent")
        window.addSubview(a)
        #expect(window.subviews.last === a, "re-adding brings to front")
        c.removeFromSuperview()
        #expect(c.superview == nil && c.window == nil && b.subviews.isEmpty)
    }

    @Test func addingAnAncestorIsIgnored() {
        let a = View(), b = View()
        a.addSubview(b)
        b.addSubview(a)
        a.addSubview(a)
        #expect(a.superview == nil && b.superview === a && a.subviews.count == 1)
        #expect(b.isDescendant(of: a) && !a.isDescendant(of: b))
    }

    @Test func pointConversion() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 500, height: 500), clock: { 0 })
        let outer = View(frame: Rect(x: 100, y: 50, width: 200, height: 200))
        let inner = View(frame: Rect(x: 10, y: 20, width: 50, height: 50))
        window.addSubview(outer)
        outer.addSubview(inner)
        #expect(inner.convert(Point(x: 1, y: 2), to: nil) == Point(x: 111, y: 72))
        #expect(inner.convert(Point(x: 111, y: 72), from: nil) == Point(x: 1, y: 2))
        #expect(inner.convert(Point(x: 0, y: 0), to: outer) == Point(x: 10, y: 20))
        outer.bounds.origin = Point(x: 10, y: 0)  // scrolled: content shifts left by 10
        #expect(inner.convert(Point(x: 0, y: 0), to: nil) == Point(x: 100, y: 70))
        let sibling = View(frame: Rect(x: 300, y: 300, width: 10, height: 10))
        window.addSubview(sibling)
        #expect(inner.convert(Point(x: 0, y: 0), to: sibling) == Point(x: -200, y: -230))
    }

    @Test func hitTestFindsTheFrontmostDeepestView() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100), clock: { 0 })
        let back = View(frame: Rect(x: 0, y: 0, width: 60, height: 60))
        let front = View(frame: Rect(x: 40, y: 40, width: 60, height: 60))
        let child = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(back)
        window.addSubview(front)
        front.addSubview(child)
        #expect(window.hitTest(Point(x: 10, y: 10), with: nil) === back)
        #expect(window.hitTest(Point(x: 45, y: 45), with: nil) === child)
        #expect(window.hitTest(Point(x: 55, y: 55), with: nil) === front)
        #expect(window.hitTest(Point(x: 90, y: 10), with: nil) === window)
        #expect(window.hitTest(Point(x: 100, y: 10), with: nil) == nil)
    }

    @Test(arguments: ["hidden", "transparent", "noninteractive"])
    func hitTestSkipsViewsThatCannotTakeTouches(_ reason: String) {
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100), clock: { 0 })
        let v = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let child = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        window.addSubview(v)
        v.addSubview(child)
        switch reason {
        case "hidden": v.isHidden = true
        case "transparent": v.alpha = 0.009
        default: v.isUserInteractionEnabled = false
        }
        #expect(window.hitTest(Point(x: 10, y: 10), with: nil) === window, "\(reason) hides its subtree too")
        v.alpha = 0.01
        v.isHidden = false
        v.isUserInteractionEnabled = true
        #expect(window.hitTest(Point(x: 10, y: 10), with: nil) === child)
    }

    @Test func hitTestCanBeOverriddenToIntercept() {
        final class Interceptor: View {
            override func hitTest(_ point: Point, with event: TouchEvent?) -> View? {
                super.hitTest(point, with: event) == nil ? nil : self
            }
        }
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100), clock: { 0 })
        let parent = Interceptor(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        parent.addSubview(View(frame: Rect(x: 0, y: 0, width: 20, height: 20)))
        window.addSubview(parent)
        #expect(window.hitTest(Point(x: 5, y: 5), with: nil) === parent)
    }

    @Test func windowCountsVisibleChanges() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100), clock: { 0 })
        let v = View()
        var last = window.changeCount
        func changed() -> Bool {
            defer { last = window.changeCount }
            return window.changeCount != last
        }
        window.addSubview(v)
        #expect(changed())
        v.backgroundColor = .black
        #expect(changed())
        v.center = Point(x: 3, y: 3)
        #expect(changed())
        v.isMultipleTouchEnabled = true
        #expect(!changed(), "routing flags do not change pixels")
        v.removeFromSuperview()
        #expect(changed())
        v.alpha = 0.5
        #expect(!changed(), "a detached view is not on screen")
    }
}
