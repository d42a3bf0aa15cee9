/// Swift spellings of protocol names, kept in one place so the client and server emitters agree.
enum Naming {
    /// `wl_surface` → `WlSurface`, `zxdg_toplevel_decoration_v1` → `ZxdgToplevelDecorationV1`.
    static func typeName(_ interface: String) -> String {
        interface.split(separator: "_").map { part in
            part.prefix(1).uppercased() + part.dropFirst()
        }.joined()
    }

    /// `set_buffer_scale` → `setBufferScale`; keywords are escaped, leading digits prefixed.
    static func memberName(_ snake: String) -> String {
        let parts = snake.split(separator: "_", omittingEmptySubsequences: true)
        guard let first = parts.first else { return "_" }
        var name = String(first) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if let c = name.first, c.isNumber { name = "_" + name }
        return escaped(name)
    }

    /// The enum type name as seen from `interface`: `wl_output.transform` → `WlOutput.Transform`,
    /// a local `error` → `Error_`… nested types named like Swift's own get a trailing underscore.
    static func enumTypeName(_ enumName: String) -> String {
        var name = typeName(enumName)
        if ["Error", "Type", "Protocol", "Self"].contains(name) { name += "_" }
        return name
    }

    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
        "init", "inout", "internal", "let", "open", "operator", "private", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
        "return", "switch", "where", "while", "as", "Any", "catch", "false", "is", "nil", "super",
        "self", "Self", "throw", "throws", "true", "try", "Type", "Protocol",
    ]

    static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// A name usable after `let` or as a closure parameter (never escaped with backticks).
    static func localName(_ snake: String) -> String {
        let m = memberName(snake)
        return m.hasPrefix("`") ? m.replacingOccurrences(of: "`", with: "") + "_" : m
    }
}
