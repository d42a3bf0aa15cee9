internal import WaylandServer

/// The one `wl_output`: one mode at 60 Hz (1920×1080 unless the test passed another as the
/// compositor's `outputMode`), integer scale set by the driver.
final class OutputState {
    var scale: Int32
    /// The scale `wp_fractional_scale_v1` announces, in 120ths; `scale` is then its ceiling, as
    /// compositors that support fractional scales tell older clients.
    var fractionalScale120: UInt32?
    var preferredScale120: UInt32 { fractionalScale120 ?? UInt32(max(scale, 1)) * 120 }
    /// The mode in buffer pixels. Clients clamp their windows to what the outputs show, so a
    /// test of a 4K window needs a 4K mode.
    let modeWidth: Int32
    let modeHeight: Int32
    /// The panel's size in millimetres as `geometry` announces it: a 15.6" laptop's unless a
    /// test sets another (0 × 0, as projectors and virtual outputs send, included).
    var physicalSize: (width: Int32, height: Int32) = (344, 194)
    var global: Global<WlOutput>?
    var resources: [WlOutput] = []

    init(scale: Int32, mode: (width: Int32, height: Int32) = OutputState.defaultMode) {
        self.scale = scale
        modeWidth = max(mode.width, 1)
        modeHeight = max(mode.height, 1)
    }

    /// The mode every output has unless a test asks for another.
    static let defaultMode: (width: Int32, height: Int32) = (1920, 1080)

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
        resource.sendGeometry(x: 0, y: 0, physicalWidth: output.physicalSize.width, physicalHeight: output.physicalSize.height,
                              subpixel: .unknown,
                              make: "TouchCanvas", model: "Scripted", transform: .normal)
        resource.sendMode(flags: [.current, .preferred], width: output.modeWidth, height: output.modeHeight, refresh: 60_000)
        resource.sendScale(factor: output.scale)
        resource.sendName(name: "SCRIPTED-1")
        resource.sendDescription(description: "TouchCanvas scripted output")
        resource.sendDone()
        // A client binding the output after mapping still learns its surface is on it.
        if let surface = focusSurface, surface.client == resource.client { enter(surface, output: resource) }
    }

    /// The first output's physical size in millimetres, as clients binding it from now on are
    /// told (344 × 194 unless set; 0 × 0 is what outputs of unknown size send).
    public var outputPhysicalSize: (width: Int32, height: Int32) {
        get { output.physicalSize }
        set { output.physicalSize = (max(newValue.width, 0), max(newValue.height, 0)) }
    }

    /// The name of the output a `wl_output` resource stands for, nil for one this compositor
    /// no longer knows.
    func outputName(of resource: WlOutput) -> String? {
        if output.resources.contains(where: { $0 === resource }) { return "SCRIPTED-1" }
        return extraOutputs.first { $0.resources.contains { $0 === resource } }?.name
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
