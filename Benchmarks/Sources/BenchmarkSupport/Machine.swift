import Foundation

/// The facts BENCHMARKS.md names with every result: system, cores, CPU, toolchain, date.
public enum Machine {
    public static var description: String {
        let cores = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        let day = ISO8601DateFormatter.string(from: Date(), timeZone: .init(identifier: "UTC")!,
                                              formatOptions: [.withFullDate])
        return "\(operatingSystem), \(cores) cores (\(cpuModel)), \(swiftVersion), \(day)"
    }

    /// PRETTY_NAME from /etc/os-release.
    public static var operatingSystem: String {
        let text = (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8)) ?? ""
        for line in text.split(separator: "\n") where line.hasPrefix("PRETTY_NAME=") {
            return line.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return "unknown system"
    }

    public static var cpuModel: String {
        let text = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return "unknown CPU"
    }

    /// The first line of `swift --version` (the toolchain on PATH, which `make bench` builds with).
    public static var swiftVersion: String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "swift (version unknown)" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let first = String(decoding: data, as: UTF8.self).split(separator: "\n").first ?? "swift"
        return String(first)
    }
}
