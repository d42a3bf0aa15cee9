import Foundation

/// What a running process holds, read from /proc: the figures a soak must see flat.
struct ProcessSample {
    /// Seconds since the soak began.
    var time: Double
    var residentKilobytes: Int
    var openDescriptors: Int
    /// Shared memory mapped (memfd and /dev/shm mappings: the wl_shm pools), in kB.
    var sharedMemoryKilobytes: Int
    /// User plus system CPU time so far, in milliseconds.
    var cpuMilliseconds: Double
    /// The compositor's count of the app's commits so far.
    var commits: Int
}

enum ProcessProbe {
    static func sample(pid: pid_t, time: Double, commits: Int) -> ProcessSample {
        ProcessSample(time: time, residentKilobytes: resident(pid), openDescriptors: descriptors(pid),
                      sharedMemoryKilobytes: sharedMemory(pid), cpuMilliseconds: cpu(pid), commits: commits)
    }

    static func resident(_ pid: pid_t) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    static func descriptors(_ pid: pid_t) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? 0
    }

    /// Sums the sizes of mappings backed by a memfd or /dev/shm (`/proc/PID/maps`: `start-end … path`).
    static func sharedMemory(_ pid: pid_t) -> Int {
        let maps = (try? String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8)) ?? ""
        var bytes = 0
        for line in maps.split(separator: "\n") where line.contains("memfd:") || line.contains("/dev/shm/") {
            let range = line.split(separator: " ").first?.split(separator: "-") ?? []
            guard range.count == 2, let start = Int(range[0], radix: 16), let end = Int(range[1], radix: 16) else { continue }
            bytes += end - start
        }
        return bytes / 1024
    }

    /// utime and stime (fields 14 and 15 of /proc/PID/stat, after the parenthesised name).
    static func cpu(_ pid: pid_t) -> Double {
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        guard let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        return (user + system) / max(ticks, 1) * 1000
    }
}
