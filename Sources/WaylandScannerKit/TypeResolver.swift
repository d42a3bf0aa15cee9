/// Knows every interface and enum of one generation run, so cross-protocol references
/// (`xdg_surface` naming `wl_surface`, `wl_output.transform` used elsewhere) resolve, and
/// references to interfaces outside the run fall back to untyped values instead of failing.
struct TypeResolver {
    private var interfaces: Set<String> = []
    private var enums: [String: WaylandEnum] = [:]   // "iface.enum" → enum

    init(protocols: [WaylandProtocol]) {
        for p in protocols {
            for i in p.interfaces {
                interfaces.insert(i.name)
                for e in i.enums { enums["\(i.name).\(e.name)"] = e }
            }
        }
    }

    func knows(_ interface: String) -> Bool { interfaces.contains(interface) }

    /// The qualified Swift type of an `enum=` attribute seen inside `owner`.
    func enumType(_ ref: String, owner: String) -> (swiftType: String, isBitfield: Bool)? {
        let qualified = ref.contains(".") ? ref : "\(owner).\(ref)"
        guard let e = enums[qualified] else { return nil }
        let parts = qualified.split(separator: ".", maxSplits: 1).map(String.init)
        return ("\(Naming.typeName(parts[0])).\(Naming.enumTypeName(parts[1]))", e.isBitfield)
    }
}
