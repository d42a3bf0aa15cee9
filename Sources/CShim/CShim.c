#define _GNU_SOURCE
#include "CShim.h"
#include <fcntl.h>
#include <sys/mman.h>

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
