#define _GNU_SOURCE
#include "CShim.h"
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/vfs.h>
#include <linux/magic.h>

const unsigned int tc_mfd_cloexec = MFD_CLOEXEC;
const unsigned int tc_mfd_allow_sealing = MFD_ALLOW_SEALING;
#ifdef MADV_POPULATE_WRITE
const int tc_madv_populate_write = MADV_POPULATE_WRITE;
#else
const int tc_madv_populate_write = 23;
#endif

int tc_memfd_create(const char *name, unsigned int flags) {
    return memfd_create(name, flags);
}

int tc_seal_shrink_grow(int fd) {
    return fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW);
}

int tc_reserve_keeping_size(int fd, long long length) {
    return fallocate(fd, FALLOC_FL_KEEP_SIZE, 0, (off_t)length);
}

long long tc_file_system_type(int fd) {
    struct statfs info;
    if (fstatfs(fd, &info) != 0) return -1;
    return (long long)info.f_type;
}

const long long tc_proc_super_magic = PROC_SUPER_MAGIC;
const long long tc_sysfs_magic = SYSFS_MAGIC;
