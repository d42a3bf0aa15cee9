import Foundation
import Testing
@testable import WaylandScannerKit

/// A protocol written for these tests: it has every argument kind, a since-versioned request,
/// destructors on both sides, an enum with a digit-leading entry, a bitfield and a cross-interface
/// enum reference.
let sampleXML = """
<?xml version="1.0" encoding="UTF-8"?>
<protocol name="sample">
  <interface name="tc_pad" version="3">
    <description summary="a pad for tests">Longer text.</description>
    <request name="destroy" type="destructor"/>
    <request name="draw" since="2">
      <arg name="label" type="string" allow-null="true"/>
      <arg name="x" type="fixed"/>
      <arg name="count" type="int"/>
      <arg name="mode" type="uint" enum="mode"/>
      <arg name="data" type="array"/>
      <arg name="fd" type="fd"/>
      <arg name="peer" type="object" interface="tc_pad" allow-null="true"/>
    </request>
    <request name="make_child">
      <arg name="id" type="new_id" interface="tc_child"/>
    </request>
    <event name="touched">
      <arg name="class" type="uint"/>
      <arg name="where" type="string"/>
      <arg name="child" type="object" interface="tc_child"/>
    </event>
    <enum name="mode">
      <entry name="90" value="0x5a" summary="rotated"/>
      <entry name="flat" value="1"/>
    </enum>
    <enum name="caps" bitfield="true">
      <entry name="none" value="0"/>
      <entry name="ink" value="2"/>
    </enum>
  </interface>
  <interface name="tc_child" version="1">
    <event name="gone" type="destructor">
      <arg name="mode" type="uint" enum="tc_pad.mode"/>
    </event>
  </interface>
</protocol>
"""

@Suite struct ProtocolParserTests {
    @Test func readsInterfacesMessagesAndArguments() throws {
        let p = try ProtocolParser.parse(data: Data(sampleXML.utf8))
        #expect(p.name == "sample")
        #expect(p.interfaces.map(\.name) == ["tc_pad", "tc_child"])
        let pad = p.interfaces[0]
        #expect(pad.version == 3)
        #expect(pad.summary == "a pad for tests")
        #expect(pad.requests.map(\.name) == ["destroy", "draw", "make_child"])
        #expect(pad.requests[0].isDestructor)
        #expect(pad.requests[1].since == 2)
        #expect(pad.requests[1].args.map(\.kind) == [.string, .fixed, .int, .uint, .array, .fd, .object])
        #expect(pad.requests[1].args[0].allowNull)
        #expect(pad.requests[1].args[3].enumName == "mode")
        #expect(pad.enums[0].entries.map(\.value) == [90, 1])
        #expect(pad.enums[1].isBitfield)
        #expect(p.interfaces[1].events[0].isDestructor)
    }

    @Test func signaturesMatchWhatLibwaylandParses() throws {
        let p = try ProtocolParser.parse(data: Data(sampleXML.utf8))
        let pad = p.interfaces[0]
        #expect(pad.requests[1].signature == "2?sfiuah?o")
        #expect(pad.requests[1].typeNames == [nil, nil, nil, nil, nil, nil, "tc_pad"])
        #expect(pad.requests[2].signature == "n")
        let bind = Message(name: "bind", since: 1, isDestructor: false, summary: nil, args: [
            Argument(name: "name", kind: .uint, interface: nil, allowNull: false, enumName: nil, summary: nil),
            Argument(name: "id", kind: .newID, interface: nil, allowNull: false, enumName: nil, summary: nil),
        ])
        #expect(bind.signature == "usun")
        #expect(bind.typeNames.count == 4)
    }

    @Test func malformedFilesNameTheLine() {
        let broken = "<protocol name=\"x\">\n<interface name=\"a\" version=\"1\">\n<request name=\"r\">\n<arg name=\"q\" type=\"float\"/>"
        #expect(throws: ProtocolParseError.self) { try ProtocolParser.parse(data: Data(broken.utf8), source: "x.xml") }
        do {
            _ = try ProtocolParser.parse(data: Data(broken.utf8), source: "x.xml")
        } catch let error as ProtocolParseError {
            #expect(error.description.hasPrefix("x.xml:4:"))
            #expect(error.description.contains("float"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
        #expect(throws: ProtocolParseError.self) {
            try ProtocolParser.parse(data: Data("<protocol name=\"x\"><interface name=\"a\"/></protocol>".utf8))
        }
        #expect(throws: ProtocolParseError.self) { try ProtocolParser.parse(data: Data("not xml".utf8)) }
    }

    @Test func entryDescriptionsBelongToTheEntryNotTheEnum() throws {
        // As xdg-shell's `state` enum: the tiled_* entries carry nested descriptions.
        let xml = """
            <protocol name="p"><interface name="a" version="2">
              <enum name="state"><description summary="types of state"/>
                <entry name="activated" value="4" summary="the surface is activated"/>
                <entry name="tiled_left" value="5" since="2"><description summary="left edge tiled"/></entry>
              </enum>
            </interface></protocol>
            """
        let p = try ProtocolParser.parse(data: Data(xml.utf8))
        let e = try #require(p.interfaces.first?.enums.first)
        #expect(e.summary == "types of state")
        #expect(e.entries.map(\.summary) == ["the surface is activated", "left edge tiled"])
    }

    @Test func protocolListResolvesOriginsAndRejectsTypos() throws {
        let list = try ProtocolList.parse("""
            # comment
            wayland   wayland-scanner    wayland.xml         client server
            mine      project            mine.xml            client   # trailing comment
            """)
        #expect(list.entries.count == 2)
        #expect(list.entries[1].sides == [.client])
        let url = try ProtocolList.resolve(list.entries[0], projectDirectory: URL(fileURLWithPath: "/p"),
                                           pkgDataDir: { "/usr/share/\($0)" })
        #expect(url.path == "/usr/share/wayland-scanner/wayland.xml")
        #expect(try ProtocolList.resolve(list.entries[1], projectDirectory: URL(fileURLWithPath: "/p")).path == "/p/mine.xml")
        #expect(throws: ProtocolParseError.self) { try ProtocolList.parse("x elsewhere x.xml client") }
        #expect(throws: ProtocolParseError.self) { try ProtocolList.parse("x project x.xml both") }
        #expect(Generator.outputFileNames(for: list, side: .server) == ["wayland.swift", "WaylandInterfaces.swift", "WaylandRuntime.swift"])
    }

    /// Debian's plasma-wayland-protocols has no `.pc` file, so its XML is found in the data
    /// directories; a missing package must be reported by the name to install.
    @Test func plasmaOriginIsFoundWithoutPkgConfigAndNamesTheDebianPackage() throws {
        let list = try ProtocolList.parse("fake-input  plasma-wayland-protocols  fake-input.xml  client")
        #expect(list.entries[0].origin == "plasma-wayland-protocols")
        let found = try ProtocolList.originDataDir("plasma-wayland-protocols", pkgConfig: { _ in nil },
                                                   dataDirectories: ["/usr/local/share", "/usr/share"],
                                                   isDirectory: { $0 == "/usr/share/plasma-wayland-protocols" })
        #expect(found == "/usr/share/plasma-wayland-protocols")
        // A .pc file, where a distribution ships one, wins.
        #expect(try ProtocolList.originDataDir("plasma-wayland-protocols", pkgConfig: { _ in "/opt/pwp" },
                                               dataDirectories: [], isDirectory: { _ in false }) == "/opt/pwp")
        let missing = try #require(throws: ProtocolParseError.self) {
            try ProtocolList.originDataDir("plasma-wayland-protocols", pkgConfig: { _ in nil },
                                           dataDirectories: ["/usr/share"], isDirectory: { _ in false })
        }
        #expect(missing.description.contains("install the Debian package plasma-wayland-protocols"))
        #expect(missing.description.contains("/usr/share/plasma-wayland-protocols"))
        // The other origins are pkg-config only: no guessing in data directories.
        #expect(throws: ProtocolParseError.self) {
            try ProtocolList.originDataDir("wayland-protocols", pkgConfig: { _ in nil },
                                           dataDirectories: ["/usr/share"], isDirectory: { _ in true })
        }
    }
}
