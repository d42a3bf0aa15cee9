import CShim
import Dispatch
import Glibc
import Synchronization

/// Faults new shared memory in on a worker thread, so the first frame into a large new buffer
/// does not spend the main thread on the kernel.
///
/// Writing memory for the first time costs a page fault per page: the kernel allocates and
/// zeroes each one. At 7680×4320 that is 133 MB and about 46 ms on the test machine, three
/// refreshes during which the app would answer no ping and take no input (BENCHMARKS.md, "A
/// rebuild in slices"). `madvise(MADV_POPULATE_WRITE)` does the same faulting ahead of time;
/// done here, on a serial worker queue, the main thread only waits for the buffer, in its loop,
/// as it waits for a compositor's release. The loop learns a prefault ended through
/// ``fileDescriptor``, an eventfd it polls (``EventLoop/watch(_:onReadable:)``), and runs the
/// completions with ``runFinished()``.
///
/// A kernel without `MADV_POPULATE_WRITE` (before 5.14) refuses it: the buffer is then ready
/// at once, and its pages fault on first write, as they did before.
@MainActor
public final class PagePrefaulter {
    /// Readable when a prefault has finished.
    public var fileDescriptor: Int32 { finished.eventFD }
    private let queue = DispatchQueue(label: "wayland.prefault", qos: .userInitiated)
    private let finished: FinishedJobs
    private var waiting: [UInt64: () -> Void] = [:]
    private var nextJob: UInt64 = 0

    /// How much is faulted in per call: 2 MiB of shared memory take about 1.2 ms here, the
    /// longest the main thread may wait for the memory map lock because of us.
    nonisolated static let piece = 2 << 20

    /// Nil when no eventfd can be had (then buffers are faulted on first write, as before).
    public init?() {
        guard let finished = FinishedJobs() else { return nil }
        self.finished = finished
    }

    /// Prefaults being done now.
    public var pendingCount: Int { waiting.count }

    /// Faults `memory` in writable on the worker, then calls `ready` from ``runFinished()``.
    /// `ready` is called even when the kernel refused: the memory is usable either way.
    public func prefault(_ memory: SharedMemory, ready: @escaping () -> Void) {
        nextJob += 1
        let job = nextJob
        waiting[job] = ready
        queue.async { [finished] in
            // In pieces: the kernel holds the process's memory map lock while it populates, and
            // the main thread's own mmap (a small buffer, a cairo surface) would wait out the
            // whole 133 MB, 75 ms, behind it. Between pieces it gets its turn.
            var offset = 0
            while offset < memory.byteCount {
                let length = min(Self.piece, memory.byteCount - offset)
                guard madvise(memory.address + offset, length, tc_madv_populate_write) == 0 else { break }
                offset += length
            }
            finished.add(job)
        }
    }

    /// Runs the completions of the prefaults that ended (the loop calls this when
    /// ``fileDescriptor`` is readable), oldest first.
    public func runFinished() {
        var count: UInt64 = 0
        _ = read(fileDescriptor, &count, 8)
        let jobs = finished.jobs.withLock { jobs in
            defer { jobs.removeAll(keepingCapacity: true) }
            return jobs
        }
        for job in jobs {
            waiting.removeValue(forKey: job)?()
        }
    }

    /// Blocks until every prefault started so far has ended, and runs their completions (tests,
    /// and a caller that must have the memory now).
    public func waitForAll() {
        queue.sync {}
        runFinished()
    }
}

/// Jobs the worker finished, by number, shared between it and the main thread, and the eventfd
/// that tells the loop. The lock is also what orders the worker's end before the main thread's
/// first write to the memory. The descriptor is closed only when the last holder goes: a worker
/// still running when the app ends must not write into a number the process has reused for
/// another file (a save, a recording).
private final class FinishedJobs: Sendable {
    let jobs = Mutex<[UInt64]>([])
    let eventFD: Int32

    init?() {
        eventFD = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        guard eventFD >= 0 else { return nil }
    }

    deinit {
        close(eventFD)
    }

    /// From the worker: `job` is done; the loop wakes.
    func add(_ job: UInt64) {
        jobs.withLock { $0.append(job) }
        var one: UInt64 = 1
        _ = write(eventFD, &one, 8)
    }
}
