import CStackTrace
import Foundation
import Glibc
import MallocInterposerSwift

/// Records the call stack of every counted allocation into memory reserved up front, so the
/// hook itself never allocates. Single-threaded: the measured frames run on one thread.
enum StackRecorder {
    static let depth = 48
    static let capacity = 200_000

    nonisolated(unsafe) static var frames = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: depth * capacity)
    nonisolated(unsafe) static var lengths = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
    nonisolated(unsafe) static var count = 0
    nonisolated(unsafe) static var busy = false

    static func start() {
        // The first backtrace loads the unwinder (which allocates): do it before hooking.
        _ = c_stack_trace(frames, Int32(depth))
        count = 0
        MallocInterposerSwift.reset()
        MallocInterposerSwift.setAllocationHook { _ in StackRecorder.record() }
        MallocInterposerSwift.hook()
    }

    static func stop() -> [[UnsafeMutableRawPointer]] {
        MallocInterposerSwift.unhook()
        MallocInterposerSwift.setAllocationHook(nil)
        return (0..<min(count, capacity)).map { i in
            (0..<Int(lengths[i])).compactMap { frames[i * depth + $0] }
        }
    }

    static func record() {
        guard !busy, count < capacity else { return }
        busy = true
        lengths[count] = c_stack_trace(frames + count * depth, Int32(depth))
        count += 1
        busy = false
    }
}

/// Allocation stacks sorted into cairo's and Swift's, and grouped by the place in our code that
/// made (or led to) each: the innermost frame of this executable below the interposer, named by
/// `llvm-symbolizer` (the executable keeps its symbol table; `dladdr` sees only exported names).
/// When that frame is one of the thin cairo wrappers (`Sources/Rendering/Cairo/`), the frame that
/// called the wrapper is named too: `CairoContext.paint()` alone cannot tell the renderer's
/// background from an ink layer being composited.
struct Attribution {
    struct Site {
        let origin: String
        let address: UInt
        /// The next frame of ours, for sites inside a cairo wrapper; 0 when there is none.
        let caller: UInt
        var count: Int
        var name = ""
    }

    var cairo = 0
    var swift = 0
    var sites: [Site] = []

    init(_ stacks: [[UnsafeMutableRawPointer]]) {
        var bySite: [String: Site] = [:]
        for stack in stacks {
            let objects = stack.map(Self.object(of:))
            // Frames above the interposer's malloc are the recorder itself.
            let first = (objects.lastIndex { $0.contains("MallocInterposer") } ?? -1) + 1
            let callers = first < stack.count ? Array(first..<stack.count) : []
            let isCairo = callers.contains { objects[$0].contains("libcairo") || objects[$0].contains("libpixman") }
            if isCairo { cairo += 1 } else { swift += 1 }
            let ours = callers.filter { objects[$0] == Self.executable }.prefix(2)
                .map { UInt(bitPattern: stack[$0]) - Self.executableBase }
            let offset = ours.first ?? 0
            let caller = ours.dropFirst().first ?? 0
            let origin = isCairo ? "cairo" : "Swift"
            bySite["\(origin)\(offset)-\(caller)", default: Site(origin: origin, address: offset, caller: caller, count: 0)]
                .count += 1
        }
        // Sites that differ only by a caller outside the cairo wrappers are one site.
        let names = Self.symbolize(Array(Set(bySite.values.flatMap { [$0.address, $0.caller] }.filter { $0 != 0 })))
        var merged: [String: Site] = [:]
        for var site in bySite.values {
            let name = names[site.address] ?? "(no frame of ours)"
            if name.contains("Rendering/Cairo/"), let caller = names[site.caller] {
                site.name = "\(name) ← \(caller)"
            } else {
                site.name = name
            }
            merged["\(site.origin) \(site.name)", default: Site(origin: site.origin, address: site.address, caller: 0, count: 0, name: site.name)]
                .count += site.count
        }
        sites = merged.values.sorted { $0.count > $1.count }
    }

    static let executable = object(of: UnsafeMutableRawPointer(mutating: #dsohandle))
    static let executableBase: UInt = {
        var object: UnsafePointer<CChar>?
        var base: UnsafeRawPointer?
        c_stack_trace_object(#dsohandle, &object, &base)
        return UInt(bitPattern: base)
    }()

    static func object(of address: UnsafeMutableRawPointer) -> String {
        var object: UnsafePointer<CChar>?
        var base: UnsafeRawPointer?
        c_stack_trace_object(address, &object, &base)
        return object.map { String(cString: $0) } ?? "?"
    }

    /// Function and source line of each return address (offsets into this executable).
    /// A return address points after the call, so one byte less finds the call's line.
    static func symbolize(_ offsets: [UInt]) -> [UInt: String] {
        guard !offsets.isEmpty else { return [:] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["llvm-symbolizer", "--obj=/proc/\(getpid())/exe", "--relative-address"]
            + offsets.map { "0x" + String($0 - 1, radix: 16) }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return [:] }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // One block per address, blank-line separated; its first two lines are the innermost
        // (possibly inlined) function and its file:line:column.
        let blocks = output.components(separatedBy: "\n\n").filter { !$0.isEmpty }
        var names: [UInt: String] = [:]
        for (offset, block) in zip(offsets, blocks) {
            let lines = block.split(separator: "\n")
            let function = lines.first.map { Self.demangled(String($0)) } ?? "?"
            var location = lines.count > 1 ? String(lines[1]) : ""
            if let range = location.range(of: "/Sources/") { location = String(location[range.lowerBound...].dropFirst()) }
            names[offset] = location.isEmpty ? function : "\(function) — \(location)"
        }
        return names
    }

    static func demangled(_ name: String) -> String {
        guard let result = swift_demangle(name, UInt(name.utf8.count), nil, nil, 0) else { return name }
        defer { free(result) }
        return String(cString: result)
    }
}

@_silgen_name("swift_demangle")
func swift_demangle(_ mangledName: UnsafePointer<CChar>?, _ mangledNameLength: UInt,
                    _ outputBuffer: UnsafeMutablePointer<CChar>?, _ outputBufferSize: UnsafeMutablePointer<UInt>?,
                    _ flags: UInt32) -> UnsafeMutablePointer<CChar>?
