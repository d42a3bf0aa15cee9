internal import WaylandServer

/// `wl_subcompositor`: subsurfaces are accepted and kept as surfaces with the `subsurface` role,
/// with their position and whether they went below the parent. They are not drawn, and input
/// reaches them only through `touchDownOnOtherSurface` and `pointerEnter(on:)`, which is what
/// the tests need: window frames (the app's own, libdecor's) are subsurfaces, and a client must
/// not take their input for its main surface's.
extension ScriptedCompositor {
    func offerSubcompositor() throws(Failure) {
        try addGlobal(WlSubcompositor.self, version: 1) { [weak self] in self?.bindSubcompositor($0) }
    }

    private func bindSubcompositor(_ subcompositor: WlSubcompositor) {
        subcompositor.onRequest = { [weak self, unowned subcompositor] request in
            guard let self else { return }
            switch request {
            case .destroy:
                break
            case .getSubsurface(let id, let surfaceResource, let parentResource):
                guard let surfaceResource, let surface = surfaces[ObjectIdentifier(surfaceResource)],
                      let parentResource, surfaces[ObjectIdentifier(parentResource)] != nil,
                      surfaceResource !== parentResource else {
                    postError(subcompositor, code: WlSubcompositor.Error_.badSurface.rawValue,
                              "get_subsurface with an unknown surface or parent")
                    return
                }
                guard !surface.hasRole else {
                    postError(subcompositor, code: WlSubcompositor.Error_.badSurface.rawValue,
                              "wl_surface@\(surfaceResource.id) already has a role")
                    return
                }
                guard let resource = id.create() else { return }
                surface.role = .subsurface
                resource.onRequest = { [weak surface] request in
                    switch request {
                    case .setPosition(let x, let y): surface?.subsurfacePosition = SubsurfacePosition(x: x, y: y)
                    case .placeBelow(let sibling): surface?.placedBelowParent = sibling === parentResource
                    case .placeAbove: surface?.placedBelowParent = false
                    default: break  // sync mode changes nothing a test looks at
                    }
                }
            }
        }
    }
}
