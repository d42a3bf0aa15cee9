/// The compositor's globals as they come and go, and binding them at an agreed version.
///
/// Versions are always `min(advertised, wanted, what our bindings know)`: binding the advertised
/// version unclamped would let a newer compositor send events our code cannot parse.
@MainActor
public final class GlobalRegistry {
    public struct Global: Hashable, Sendable {
        public let name: UInt32
        public let interface: String
        public let version: UInt32
    }

    public let registry: WlRegistry
    public private(set) var globals: [UInt32: Global] = [:]
    public var onAdded: ((Global) -> Void)?
    public var onRemoved: ((Global) -> Void)?

    public init?(connection: Connection) {
        guard let registry = connection.root.getRegistry() else { return nil }
        self.registry = registry
        registry.onEvent = { [unowned self] event in
            switch event {
            case .global(let name, let interface, let version):
                let global = Global(name: name, interface: interface, version: version)
                globals[name] = global
                onAdded?(global)
            case .globalRemove(let name):
                if let global = globals.removeValue(forKey: name) { onRemoved?(global) }
            }
        }
    }

    /// The first global of an interface (singletons: compositor, shm, wm_base).
    public func first(_ interface: String) -> Global? {
        globals.values.filter { $0.interface == interface }.min { $0.name < $1.name }
    }

    /// Binds at `min(advertised, wanted, T.maxVersion)`; nil below `minimum`.
    public func bind<T: WaylandInterface>(_ global: Global, as type: T.Type, wanted: UInt32, minimum: UInt32 = 1) -> T? {
        let version = min(global.version, wanted, T.maxVersion)
        guard version >= minimum, global.interface == T.interfaceName else { return nil }
        return registry.bind(name: global.name, as: type, version: version)
    }
}
