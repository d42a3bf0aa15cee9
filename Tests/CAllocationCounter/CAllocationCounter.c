#define _GNU_SOURCE
#include "CAllocationCounter.h"

#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <stddef.h>

// Under AddressSanitizer or ThreadSanitizer the sanitizer's runtime owns malloc and free: memory
// that our `malloc` took from glibc would reach the sanitizer's `free`, which crashes the test
// bundle at start. So under either the hook is not compiled in at all, and the counter says so
// (`allocation_counter_sanitizer`) for the tests to step aside. `swift build --sanitize` compiles
// C targets with -fsanitize, which is what `__has_feature` sees; TOUCHCANVAS_SANITIZER is for a
// build that sets the flags some other way.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZER_NAME "AddressSanitizer"
#elif __has_feature(thread_sanitizer)
#define SANITIZER_NAME "ThreadSanitizer"
#elif __has_feature(memory_sanitizer)
#define SANITIZER_NAME "MemorySanitizer"
#endif
#endif
#if !defined(SANITIZER_NAME) && defined(TOUCHCANVAS_SANITIZER)
#define SANITIZER_NAME "a sanitizer (TOUCHCANVAS_SANITIZER)"
#endif

const char *allocation_counter_sanitizer(void) {
#ifdef SANITIZER_NAME
    return SANITIZER_NAME;
#else
    return NULL;
#endif
}

#ifndef SANITIZER_NAME

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

#endif  // !SANITIZER_NAME

bool allocation_counter_start(void) {
#ifdef SANITIZER_NAME
    return false;
#else
    pthread_once(&lookup_once, look_up_swift_slow_alloc);
    if (slow_alloc_start == NULL) return false;
    count = 0;
    counting = true;
    return true;
#endif
}

long allocation_counter_stop(void) {
#ifdef SANITIZER_NAME
    return 0;
#else
    counting = false;
    return count;
#endif
}
