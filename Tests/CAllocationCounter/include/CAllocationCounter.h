#ifndef C_ALLOCATION_COUNTER_H
#define C_ALLOCATION_COUNTER_H

#include <stdbool.h>

/// Counts the heap allocations that Swift code makes through the Swift runtime's allocator
/// (`swift_slowAlloc`: every class instance, array, set and dictionary storage, box, escaping
/// closure context, `UnsafeMutablePointer.allocate`) on the calling thread between start and
/// stop.
///
/// How: the test executable that links this target defines `malloc`, so every library in the
/// process calls it (an executable's definitions take precedence over libc's); it counts the
/// calls whose return address lies inside `swift_slowAlloc`, then calls glibc's own
/// `__libc_malloc`. The count is thread-local, so tests running in parallel on other threads
/// do not disturb it.
///
/// Not counted, on purpose: C libraries such as cairo, and the coroutine frames that the
/// compiler allocates with plain `malloc` for unspecialized generic accessors — in a debug
/// build every generic collection algorithm of the standard library makes them, which would
/// drown the allocations our code decides. `Benchmarks/AllocationSites` counts every `malloc`
/// of an optimized build.

/// The sanitizer this target was compiled under ("AddressSanitizer", "ThreadSanitizer"), else
/// NULL. Under one the `malloc` hook is left out (the sanitizer's runtime owns `malloc` and `free`,
/// and mixing the two crashes), so nothing can be counted and `allocation_counter_start` returns
/// false.
const char *allocation_counter_sanitizer(void);

/// Starts counting on the calling thread, from zero; false if `swift_slowAlloc` cannot be
/// found (then nothing can be counted).
bool allocation_counter_start(void);

/// Stops counting and returns how many allocations the thread made since start.
long allocation_counter_stop(void);

#endif
