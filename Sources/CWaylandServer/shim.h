#include <wayland-server-core.h>
#include <poll.h>
#include <signal.h>
#include <time.h>

/* glibc declares ppoll only for _GNU_SOURCE, which a module header cannot set for headers the
   C library's own module has already read; the declaration is the one in poll.h. */
extern int ppoll(struct pollfd *fds, nfds_t nfds, const struct timespec *timeout, const sigset_t *sigmask);

/* Waits until `fd` is readable or `nanoseconds` pass, to the nanosecond (an epoll or poll
   timeout counts whole milliseconds). Returns ppoll's result. */
static inline int tc_wait_readable(int fd, unsigned long long nanoseconds) {
    struct pollfd descriptor = { .fd = fd, .events = POLLIN, .revents = 0 };
    struct timespec span = { .tv_sec = (time_t)(nanoseconds / 1000000000ull),
                             .tv_nsec = (long)(nanoseconds % 1000000000ull) };
    return ppoll(&descriptor, 1, &span, NULL);
}
