import TouchCanvasApp

/// Where one seat's touches go, by id: a touch goes where its `down` landed, and its motion, up,
/// shape and orientation (which name no surface) follow it there until its up or a cancel. It
/// also decides which side a `wl_touch.frame` and a `wl_touch.cancel` reach. A value with no
/// Wayland in it, so every rule has a unit test (TouchRoutingTests); ``SeatInput`` applies it.
struct TouchRouting {
    /// Where a touch's events go.
    enum Route: Equatable {
        /// The window's content: the app's input.
        case content
        /// The app's own chrome, on this part of it (nil: the chrome went away meanwhile).
        case chrome(ChromePart?)
        /// libdecor's title bar: libdecor's own, never the app's.
        case decoration
        /// A surface that is not ours to draw on: dropped and reported.
        case foreign

        init(_ surface: InputSurface, part: ChromePart?) {
            switch surface {
            case .content: self = .content
            case .chrome: self = .chrome(part)
            case .decoration: self = .decoration
            case .foreign: self = .foreign
            }
        }

        var isChrome: Bool { if case .chrome = self { true } else { false } }
    }

    /// The touches that did not land on the content; an id absent here is the content's.
    private var elsewhere: [Int32: Route] = [:]
    /// The serial of each down on the content or the chrome, while the touch is down: what a
    /// move or resize it starts must quote.
    private var downSerials: [Int32: UInt32] = [:]
    /// Since the last frame: events went to the chrome, and to the content.
    private var chromeHadEvents = false
    private var contentHadEvents = false

    /// A touch went down on `route`; its events go there from now on.
    mutating func down(id: Int32, serial: UInt32, on route: Route) {
        elsewhere[id] = route == .content ? nil : route
        switch route {
        case .content:
            downSerials[id] = serial
            contentHadEvents = true
        case .chrome:
            downSerials[id] = serial
            chromeHadEvents = true
        case .decoration, .foreign:
            break
        }
    }

    /// Where a motion of touch `id` goes.
    mutating func motion(id: Int32) -> Route {
        let route = self.route(of: id)
        note(route)
        return route
    }

    /// Where the up of touch `id` goes; the id is free again after it.
    mutating func up(id: Int32) -> Route {
        let route = elsewhere.removeValue(forKey: id) ?? .content
        downSerials[id] = nil
        note(route)
        return route
    }

    /// Where touch `id`'s events go now (a shape, an orientation: no event of its own).
    func route(of id: Int32) -> Route { elsewhere[id] ?? .content }

    /// Which sides a `wl_touch.frame` closes: each side gets the frames that close its own
    /// events; a frame that closes nothing of the chrome's (only foreign or libdecor events, or
    /// nothing at all) still goes to the content, as compositors' empty frames always did.
    mutating func frame() -> (chrome: Bool, content: Bool) {
        defer { (chromeHadEvents, contentHadEvents) = (false, false) }
        return (chromeHadEvents, contentHadEvents || !chromeHadEvents)
    }

    /// Which sides a `wl_touch.cancel` cancels, and every touch forgotten. A cancel that takes
    /// only touches on the chrome or libdecor's title bar (the compositor answering the move a
    /// finger there asked for) is nothing the content's views ever saw, so it is not theirs.
    mutating func cancel() -> (chrome: Bool, content: Bool) {
        let routes = Array(elsewhere.values)
        let chrome = routes.contains { $0.isChrome }
        let contentTouchDown = downSerials.keys.contains { elsewhere[$0] == nil }
        let onlyTitleBars = (chrome || routes.contains(.decoration)) && !contentTouchDown
        removeAll()
        return (chrome, !onlyTitleBars)
    }

    /// The serial of touch `id`'s down, while it is down on the content or the chrome.
    func downSerial(of id: Int32) -> UInt32? { downSerials[id] }

    /// The touch device or the seat went away: every touch is forgotten.
    mutating func removeAll() {
        elsewhere.removeAll()
        downSerials.removeAll()
        (chromeHadEvents, contentHadEvents) = (false, false)
    }

    private mutating func note(_ route: Route) {
        switch route {
        case .content: contentHadEvents = true
        case .chrome: chromeHadEvents = true
        case .decoration, .foreign: break
        }
    }
}
