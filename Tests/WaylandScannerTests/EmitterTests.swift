import Foundation
import Testing
@testable import WaylandScannerKit

@Suite struct EmitterTests {
    func generated(_ side: ProtocolList.Side) throws -> [String: String] {
        let p = try ProtocolParser.parse(data: Data(sampleXML.utf8))
        return Generator.generate(protocols: [("sample", p)], side: side)
    }

    @Test func clientSendsRequestsAndReceivesEvents() throws {
        let code = try #require(try generated(.client)["sample.swift"])
        #expect(code.contains("public final class TcPad: Proxy, WaylandInterface"))
        #expect(code.contains("public nonisolated static let maxVersion: UInt32 = 3"))
        // since-versioned request is guarded, typed enum argument, nullable object and string
        #expect(code.contains("public func draw(label: String?, x: Double, count: Int32, mode: TcPad.Mode, data: [UInt8], fd: Int32, peer: TcPad?)"))
        #expect(code.contains("guard isAlive, version >= 2 else { return }"))
        // version-1 requests do not check the version: the display proxy reports 0
        #expect(code.contains("public func makeChild() -> TcChild? {\n        guard isAlive else { return nil }"))
        // a destroyed object is never marshalled: its pointer is freed
        #expect(code.contains("wl_argument(o: peer?.isAlive == true ? peer?.raw : nil)"))
        // new_id request returns the new proxy
        #expect(code.contains("public func makeChild() -> TcChild?"))
        // events arrive as an enum with labels; keywords become plain names
        #expect(code.contains("case touched(class_: UInt32, where_: String, child: TcChild?)"))
        // the destructor request is wired to deinit and marks the proxy dead
        #expect(code.contains("destructorOpcode: 0, destructorSince: 1"))
        #expect(code.contains("1 /* WL_MARSHAL_FLAG_DESTROY */"))
        // a destructor event frees the proxy after the handler ran
        #expect(code.contains("if opcode == 0 { destroyLocally() }"))
        // enums are open structs; a digit-leading entry stays a valid identifier; 0 in a bitfield is []
        #expect(code.contains("public static let _90 = Mode(rawValue: 90)"))
        #expect(code.contains("public struct Caps: OptionSet, Hashable, Sendable"))
        #expect(code.contains("public static let none: Caps = []"))
        // cross-interface enum reference resolves to the owner's nested type
        #expect(code.contains("case gone(mode: TcPad.Mode)"))
    }

    @Test func serverReceivesRequestsAndSendsEvents() throws {
        let code = try #require(try generated(.server)["sample.swift"])
        #expect(code.contains("public final class TcPad: Resource, WaylandInterface"))
        #expect(code.contains("case makeChild(id: NewResource<TcChild>)"))
        #expect(code.contains("public func sendTouched(class_: UInt32, where_: String, child: TcChild)"))
        #expect(code.contains("wl_resource_post_event_array(raw, 0, __args)"))
        #expect(code.contains("guard isAlive, child.isAlive else { return }"))
        // a destructor event ends the resource once it is sent
        #expect(code.contains("public func sendGone(mode: TcPad.Mode)"))
        #expect(code.contains("wl_resource_post_event_array(raw, 0, __args)\n            destroy()"))
        // a destructor request destroys the resource after the handler ran
        #expect(code.contains("if opcode == 0 { destroy() }"))
        #expect(!code.contains("@MainActor"))
    }

    @Test func interfaceTableListsEveryMessageWithItsTypes() throws {
        let table = try #require(try generated(.client)["WaylandInterfaces.swift"])
        #expect(table.contains("let tc_pad = UnsafeMutablePointer<wl_interface>.allocate(capacity: 1)"))
        #expect(table.contains("MessageSpec(name: \"draw\", signature: \"2?sfiuah?o\", types: [nil, nil, nil, nil, nil, nil, UnsafePointer(tc_pad)])"))
        #expect(table.contains("MessageSpec(name: \"make_child\", signature: \"n\", types: [UnsafePointer(tc_child)])"))
        // the table is allocated before it is filled, so tc_pad can name tc_child declared after it
        let allocate = try #require(table.range(of: "let tc_child = UnsafeMutablePointer"))
        let fill = try #require(table.range(of: "fillInterface(tc_pad"))
        #expect(allocate.lowerBound < fill.lowerBound)
    }

    @Test func objectsOfUnknownInterfacesStayUntyped() throws {
        let xml = """
        <protocol name="p"><interface name="a" version="1">
          <request name="use"><arg name="thing" type="object" interface="not_here"/></request>
        </interface></protocol>
        """
        let p = try ProtocolParser.parse(data: Data(xml.utf8))
        let code = Generator.generate(protocols: [("p", p)], side: .client)["p.swift"] ?? ""
        #expect(code.contains("public func use(thing: Proxy)"))
        let table = Generator.generate(protocols: [("p", p)], side: .client)["WaylandInterfaces.swift"] ?? ""
        #expect(table.contains("types: [nil]"))
    }
}
