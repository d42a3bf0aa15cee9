import Foundation

/// CPU time (user + system) a process has used so far, from /proc/PID/stat, in seconds.
/// Granularity is one clock tick (10 ms on Debian), so only long intervals are meaningful.
func cpuSeconds(of pid: pid_t) -> Double? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = text.lastIndex(of: ")") else { return nil }
    // Fields after the command name: state is field 3, utime 14, stime 15.
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
}
