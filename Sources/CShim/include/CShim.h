#ifndef TOUCHCANVAS_CSHIM_H
#define TOUCHCANVAS_CSHIM_H

/// Linux calls that Swift's Glibc module does not export: timerfd, signalfd and eventfd live in headers
/// the module map leaves out, and the memfd seals sit behind _GNU_SOURCE.
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <signal.h>
#include <sys/eventfd.h>

/// memfd_create(2): anonymous shared memory for wl_shm pools. Returns -1 with errno set.
int tc_memfd_create(const char *name, unsigned int flags);

/// MFD_CLOEXEC and MFD_ALLOW_SEALING, so Swift need not hard-code them.
extern const unsigned int tc_mfd_cloexec;
extern const unsigned int tc_mfd_allow_sealing;

/// madvise(2)'s MADV_POPULATE_WRITE (Linux 5.14): faults a range in writable, as a write to
/// every page would. Defined here so an older C library's headers need not know it.
extern const int tc_madv_populate_write;

/// fcntl(F_ADD_SEALS) with shrink/grow seals: the compositor can trust the pool's size.
int tc_seal_shrink_grow(int fd);

/// fallocate(2) with FALLOC_FL_KEEP_SIZE over [0, length): reserves the blocks a rewrite in
/// place will need without changing the file's size, so a full disk is found before the first
/// byte of the old content is overwritten. Returns -1 with errno set (EOPNOTSUPP where the file
/// system cannot reserve).
int tc_reserve_keeping_size(int fd, long long length);

/// fstatfs(2)'s f_type, the file system's magic number, or -1 with errno set.
long long tc_file_system_type(int fd);

/// The magic numbers of the kernel's own file systems, whose "files" are interfaces.
extern const long long tc_proc_super_magic;
extern const long long tc_sysfs_magic;

#endif
