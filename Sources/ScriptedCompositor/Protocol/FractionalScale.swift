internal import WaylandServer

/// `wp_viewporter` and `wp_fractional_scale_manager_v1`, offered when the driver gives a
/// fractional scale: the compositor then tells each surface its preferred scale in 120ths, and
/// a client that draws at that scale shows its buffer through a viewport at the logical size.
extension ScriptedCompositor {
    func offerFractionalScale() throws(Failure) {
        try addGlobal(WpViewporter.self, version: 1) { [weak self] in self?.bindViewporter($0) }
        try addGlobal(WpFractionalScaleManagerV1.self, version: 1) { [weak self] in self?.bindFractionalScaleManager($0) }
    }

    private func bindViewporter(_ viewporter: WpViewporter) {
        viewporter.onRequest = { [weak self, unowned viewporter] request in
            guard let self else { return }
            switch request {
            case .destroy:
                break
            case .getViewport(let id, let surfaceResource):
                guard let surfaceResource, let surface = surfaces[ObjectIdentifier(surfaceResource)] else { return }
                if surface.viewport != nil {
                    postError(viewporter, code: WpViewporter.Error_.viewportExists.rawValue, "the surface already has a viewport")
                    return
                }
                guard let viewport = id.create() else { return }
                surface.viewport = viewport
                viewport.onDestroy = { [weak surface] in
                    // Destroying the viewport unsets it at the next commit.
                    surface?.viewport = nil
                    surface?.pending.viewportDestination = .some(nil)
                }
                viewport.onRequest = { [weak self, weak surface, unowned viewport] request in
                    guard let self, let surface else { return }
                    switch request {
                    case .destroy:
                        break
                    case .setSource:
                        break  // cropping changes nothing the tests look at
                    case .setDestination(let width, let height):
                        if width == -1 && height == -1 {
                            surface.pending.viewportDestination = .some(nil)
                        } else if width > 0 && height > 0 {
                            surface.pending.viewportDestination = .some((width, height))
                        } else {
                            postError(viewport, code: WpViewport.Error_.badValue.rawValue, "destination \(width)x\(height)")
                        }
                    }
                }
            }
        }
    }

    private func bindFractionalScaleManager(_ manager: WpFractionalScaleManagerV1) {
        manager.onRequest = { [weak self, unowned manager] request in
            guard let self else { return }
            switch request {
            case .destroy:
                break
            case .getFractionalScale(let id, let surfaceResource):
                guard let surfaceResource, let surface = surfaces[ObjectIdentifier(surfaceResource)] else { return }
                if surface.fractionalScale != nil {
                    postError(manager, code: WpFractionalScaleManagerV1.Error_.fractionalScaleExists.rawValue,
                              "the surface already has a fractional scale object")
                    return
                }
                guard let object = id.create() else { return }
                surface.fractionalScale = object
                object.onDestroy = { [weak surface] in surface?.fractionalScale = nil }
                object.sendPreferredScale(scale: output.preferredScale120)
            }
        }
    }

    /// Tells every surface with a fractional-scale object the output's new preferred scale.
    func announcePreferredScale() {
        for surface in surfaces.values {
            surface.fractionalScale?.sendPreferredScale(scale: output.preferredScale120)
        }
        display.flush()
    }
}
