internal import WaylandServer

/// The one `wl_output`: a 1920×1080 mode at 60 Hz, integer scale set by the driver.
final class OutputState {
    var scale: Int32
    /// The scale `wp_fractional_scale_v1` announces, in 120ths; `scale` is then its ceiling, as
    /// compositors that support fractional scales tell older clients.
    var fractionalScale120: UInt32?
    var preferredScale120: UInt32 { fractionalScale120 ?? UInt32(max(scale, 1)) * 120 }
    let modeWidth: Int32 = 1920
    let modeHeight: Int32 = 1080
    var global: Global<WlOutput>?
    var resources: [WlOutput] = []

    init(scale: Int32) { self.scale = scale }

    /// The mode in logical (surface) pixels: what a fullscreen window gets.
    var logicalSize: (Int32, Int32) { (modeWidth / max(scale, 1), modeHeight / max(scale, 1)) }
}

extension ScriptedCompositor {
    static let outputVersion = min(WlOutput.maxVersion, 4)

    func bindOutput(_ resource: WlOutput) {
        output.resources.append(resource)
        resource.onDestroy = { [weak self, unowned resource] in
            guard let self else { return }
            output.resources.removeAll { $0 === resource }
            for surface in surfaces.values { surface.enteredOutputs.remove(ObjectIdentifier(resource)) }
        }
        resource.sendGeometry(x: 0, y: 0, physicalWidth: 344, physicalHeight: 194, subpixel: .unknown,
                              make: "TouchCanvas", model: "Scripted", transform: .normal)
        resource.sendMode(flags: [.current, .preferred], width: output.modeWidth, height: output.modeHeight, refresh: 60_000)
        resource.sendScale(factor: output.scale)
        resource.sendName(name: "SCRIPTED-1")
        resource.sendDescription(description: "TouchCanvas scripted output")
        resource.sendDone()
        // A client binding the output after mapping still learns its surface is on it.
        if let surface = focusSurface, surface.client == resource.client { enter(surface, output: resource) }
    }

    func enter(_ surface: SurfaceState, output resource: WlOutput) {
        let key = ObjectIdentifier(resource)
        guard resource.isAlive, surface.resource.isAlive, !surface.enteredOutputs.contains(key) else { return }
        surface.enteredOutputs.insert(key)
        surface.resource.sendEnter(output: resource)
    }

    func changeOutputScale(_ scale: Int32) {
        output.scale = scale
        for resource in output.resources {
            resource.sendScale(factor: scale)
            resource.sendDone()
        }
        if let surface = focusSurface {
            for resource in output.resources where resource.client == surface.client { enter(surface, output: resource) }
        }
        display.flush()
    }
}
