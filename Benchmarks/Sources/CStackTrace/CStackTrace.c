#define _GNU_SOURCE
#include <dlfcn.h>
#include <execinfo.h>
#include "CStackTrace.h"

int c_stack_trace(void **frames, int depth) {
    return backtrace(frames, depth);
}

void c_stack_trace_object(const void *address, const char **object, const void **base) {
    Dl_info info;
    if (dladdr(address, &info) == 0) {
        *object = 0;
        *base = 0;
        return;
    }
    *object = info.dli_fname;
    *base = info.dli_fbase;
}
