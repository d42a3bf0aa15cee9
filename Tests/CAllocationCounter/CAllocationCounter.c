#define _GNU_SOURCE
#include "CAllocationCounter.h"

#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <stddef.h>

// glibc's allocator under its internal name (exported by libc.so.6): no dlsym on this path,
// which could itself allocate.
extern void *__libc_malloc(size_t size);

// Where the code of swift_slowAlloc lies, found once, before any counting.
static const char *slow_alloc_start;
static const char *slow_alloc_end;
static pthread_once_t lookup_once = PTHREAD_ONCE_INIT;

// Thread-local: read and written only by the thread that allocates, so no locks and no races.
static _Thread_local bool counting;
static _Thread_local long count;

void *malloc(size_t size) {
    if (counting) {
        const char *caller = __builtin_return_address(0);
        if (caller >= slow_alloc_start && caller < slow_alloc_end) count += 1;
    }
    return __libc_malloc(size);
}

static void look_up_swift_slow_alloc(void) {
    void *address = dlsym(RTLD_DEFAULT, "swift_slowAlloc");
    Dl_info info;
    const ElfW(Sym) *symbol = NULL;
    if (address == NULL || dladdr1(address, &info, (void **)&symbol, RTLD_DL_SYMENT) == 0
        || symbol == NULL || symbol->st_size == 0) {
        return;
    }
    slow_alloc_start = address;
    slow_alloc_end = slow_alloc_start + symbol->st_size;
}

bool allocation_counter_start(void) {
    pthread_once(&lookup_once, look_up_swift_slow_alloc);
    if (slow_alloc_start == NULL) return false;
    count = 0;
    counting = true;
    return true;
}

long allocation_counter_stop(void) {
    counting = false;
    return count;
}
