import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A protocol file that could not be read; the message names the file and line.
public struct ProtocolParseError: Error, CustomStringConvertible, Equatable {
    public var description: String
}

/// Reads Wayland protocol XML with Foundation's `XMLParser`.
///
/// Only the elements that shape the generated API are kept; unknown elements are skipped so that
/// a newer protocol file with extra markup still parses.
public enum ProtocolParser {
    public static func parse(contentsOf url: URL) throws -> WaylandProtocol {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ProtocolParseError(description: "\(url.path): cannot read: \(error.localizedDescription)")
        }
        return try parse(data: data, source: url.path)
    }

    public static func parse(data: Data, source: String = "<memory>") throws -> WaylandProtocol {
        let parser = XMLParser(data: data)
        let delegate = Delegate()
        parser.delegate = delegate
        let ok = parser.parse()
        if let failure = delegate.failure {
            throw ProtocolParseError(description: "\(source):\(failure.line): \(failure.message)")
        }
        guard ok, let proto = delegate.result else {
            let reason = parser.parserError.map { "\($0.localizedDescription)" } ?? "not a protocol file"
            throw ProtocolParseError(description: "\(source):\(parser.lineNumber): \(reason)")
        }
        return proto
    }

    private final class Delegate: NSObject, XMLParserDelegate {
        var result: WaylandProtocol?
        var failure: (line: Int, message: String)?

        private var proto: WaylandProtocol?
        private var interface: Interface?
        private var message: Message?
        private var isEvent = false
        private var waylandEnum: WaylandEnum?
        private var inDescription = false
        /// Inside an `<entry>`: a nested `<description>` (xdg-shell's tiled_* states) is the
        /// entry's, not the enum's.
        private var inEntry = false

        private func fail(_ parser: XMLParser, _ text: String) {
            if failure == nil { failure = (parser.lineNumber, text) }
            parser.abortParsing()
        }

        private func number(_ text: String?, _ parser: XMLParser, what: String) -> Int? {
            guard let text else { return nil }
            guard let n = Int(text), n >= 1 else {
                fail(parser, "\(what) is not a positive number: \(text)")
                return nil
            }
            return n
        }

        func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?,
                    qualifiedName: String?, attributes a: [String: String]) {
            switch element {
            case "protocol":
                guard let name = a["name"] else { return fail(parser, "<protocol> without a name") }
                proto = WaylandProtocol(name: name, interfaces: [])
            case "interface":
                guard let name = a["name"] else { return fail(parser, "<interface> without a name") }
                guard let version = number(a["version"], parser, what: "interface version") else {
                    return fail(parser, "interface \(name) has no version")
                }
                interface = Interface(name: name, version: version, summary: nil,
                                      requests: [], events: [], enums: [])
            case "request", "event":
                guard let name = a["name"] else { return fail(parser, "<\(element)> without a name") }
                isEvent = element == "event"
                let since = number(a["since"], parser, what: "since") ?? 1
                message = Message(name: name, since: since, isDestructor: a["type"] == "destructor",
                                  summary: nil, args: [])
            case "arg":
                guard message != nil else { return fail(parser, "<arg> outside a request or event") }
                guard let name = a["name"], let typeText = a["type"] else {
                    return fail(parser, "<arg> needs a name and a type")
                }
                guard let kind = Argument.Kind(rawValue: typeText) else {
                    return fail(parser, "unknown argument type \(typeText)")
                }
                message?.args.append(Argument(name: name, kind: kind, interface: a["interface"],
                                              allowNull: a["allow-null"] == "true",
                                              enumName: a["enum"], summary: a["summary"]))
            case "enum":
                guard let name = a["name"] else { return fail(parser, "<enum> without a name") }
                waylandEnum = WaylandEnum(name: name, isBitfield: a["bitfield"] == "true",
                                          since: number(a["since"], parser, what: "since") ?? 1,
                                          summary: nil, entries: [])
            case "entry":
                guard waylandEnum != nil else { return fail(parser, "<entry> outside an enum") }
                guard let name = a["name"], let valueText = a["value"] else {
                    return fail(parser, "<entry> needs a name and a value")
                }
                guard let value = Self.parseValue(valueText) else {
                    return fail(parser, "entry \(name) has a bad value \(valueText)")
                }
                waylandEnum?.entries.append(.init(name: name, value: value, summary: a["summary"]))
                inEntry = true
            case "description":
                inDescription = true
                let summary = a["summary"]
                if inEntry, let last = waylandEnum?.entries.indices.last {
                    if waylandEnum?.entries[last].summary == nil { waylandEnum?.entries[last].summary = summary }
                } else if waylandEnum != nil { waylandEnum?.summary = summary }
                else if message != nil { message?.summary = summary }
                else if interface != nil { interface?.summary = summary }
            default:
                break
            }
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?,
                    qualifiedName: String?) {
            switch element {
            case "interface":
                if let interface { proto?.interfaces.append(interface) }
                interface = nil
            case "request", "event":
                if let m = message {
                    if isEvent { interface?.events.append(m) } else { interface?.requests.append(m) }
                }
                message = nil
            case "enum":
                if let e = waylandEnum { interface?.enums.append(e) }
                waylandEnum = nil
            case "entry":
                inEntry = false
            case "description":
                inDescription = false
            case "protocol":
                result = proto
            default:
                break
            }
        }

        static func parseValue(_ text: String) -> UInt32? {
            if text.hasPrefix("0x") || text.hasPrefix("0X") { return UInt32(text.dropFirst(2), radix: 16) }
            if let v = UInt32(text) { return v }
            if let v = Int32(text) { return UInt32(bitPattern: v) }
            return nil
        }
    }
}
