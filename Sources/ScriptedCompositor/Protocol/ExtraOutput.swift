internal import CWaylandServer
internal import WaylandServer

/// A second (third, …) monitor that a test plugs in and pulls out while the client runs, with
/// its own integer scale and the first output's mode, placed to its right. The toplevel is put
/// on it when it appears and told it left when it goes, as when a window spans two monitors and
/// one is unplugged.
final class ExtraOutput {
    let name: String
    let scale: Int32
    var global: Global<WlOutput>?
    var resources: [WlOutput] = []

    init(name: String, scale: Int32) {
        self.name = name
        self.scale = scale
    }
}

extension ScriptedCompositor {
    /// Plugs in an output named `name` (e.g. "SCRIPTED-2"); the mapped toplevel enters it as soon
    /// as its client binds it. A name already in use is ignored.
    public func addOutput(named name: String, scale: Int32) {
        guard scale >= 1, !extraOutputs.contains(where: { $0.name == name }) else { return }
        let output = ExtraOutput(name: name, scale: scale)
        output.global = Global<WlOutput>(display: display.raw, version: Self.outputVersion, onBind: { [weak self, weak output] resource in
            guard let self, let output else { return }
            bindExtraOutput(resource, output)
        })
        extraOutputs.append(output)
        display.flush()
    }

    /// Pulls the output out: `leave` for the surfaces on it, then the global goes
    /// (`wl_registry.global_remove`), kept a moment for clients binding it in flight.
    public func removeOutput(named name: String) {
        guard let index = extraOutputs.firstIndex(where: { $0.name == name }) else { return }
        let output = extraOutputs.remove(at: index)
        for resource in output.resources where resource.isAlive {
            let key = ObjectIdentifier(resource)
            for surface in surfaces.values where surface.enteredOutputs.contains(key) && surface.resource.isAlive {
                surface.enteredOutputs.remove(key)
                surface.resource.sendLeave(output: resource)
            }
        }
        if let global = output.global, let raw = global.raw {
            wl_global_remove(raw)
            retire { global.destroy() }
        }
        output.global = nil
        display.flush()
    }

    public var outputNames: [String] { ["SCRIPTED-1"] + extraOutputs.map(\.name) }

    private func bindExtraOutput(_ resource: WlOutput, _ output: ExtraOutput) {
        output.resources.append(resource)
        resource.onDestroy = { [weak self, weak output, unowned resource] in
            output?.resources.removeAll { $0 === resource }
            for surface in self?.surfaces.values.map({ $0 }) ?? [] { surface.enteredOutputs.remove(ObjectIdentifier(resource)) }
        }
        resource.sendGeometry(x: self.output.modeWidth, y: 0, physicalWidth: 344, physicalHeight: 194, subpixel: .unknown,
                              make: "TouchCanvas", model: "Scripted extra", transform: .normal)
        resource.sendMode(flags: [.current, .preferred], width: self.output.modeWidth, height: self.output.modeHeight,
                          refresh: 60_000)
        resource.sendScale(factor: output.scale)
        resource.sendName(name: output.name)
        resource.sendDescription(description: "TouchCanvas scripted output \(output.name)")
        resource.sendDone()
        if let surface = focusSurface, surface.client == resource.client { enter(surface, output: resource) }
    }
}
