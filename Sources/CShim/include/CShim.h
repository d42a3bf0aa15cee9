#ifndef TOUCHCANVAS_CSHIM_H
#define TOUCHCANVAS_CSHIM_H

/// Linux calls that Swift's Glibc module does not export: timerfd and signalfd live in headers
/// the module map leaves out, and the memfd seals sit behind _GNU_SOURCE.
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <signal.h>

/// memfd_create(2): anonymous shared memory for wl_shm pools. Returns -1 with errno set.
int tc_memfd_create(const char *name, unsigned int flags);

/// MFD_CLOEXEC and MFD_ALLOW_SEALING, so Swift need not hard-code them.
extern const unsigned int tc_mfd_cloexec;
extern const unsigned int tc_mfd_allow_sealing;

/// fcntl(F_ADD_SEALS) with shrink/grow seals: the compositor can trust the pool's size.
int tc_seal_shrink_grow(int fd);

#endif
