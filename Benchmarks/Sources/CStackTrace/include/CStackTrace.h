#ifndef C_STACK_TRACE_H
#define C_STACK_TRACE_H

/// `backtrace` (execinfo.h) and `dladdr` (a GNU extension) are not in Swift's Glibc module:
/// these wrappers reach them for the allocation-site benchmark.

/// Fills `frames` with up to `depth` return addresses of the calling thread; returns how many.
/// Does not allocate once the unwinder is loaded (call it once before relying on that).
int c_stack_trace(void **frames, int depth);

/// The shared object holding `address` and where it is loaded; NULL, NULL when none does.
void c_stack_trace_object(const void *address, const char **object, const void **base);

#endif
