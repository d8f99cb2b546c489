#ifndef CALLOCATIONCOUNTER_H
#define CALLOCATIONCOUNTER_H
/* Counts heap allocations of the whole process: malloc, calloc, realloc,
 * posix_memalign, aligned_alloc and memalign are defined here (the executable's
 * definitions win over the C library's) and forward to glibc's __libc_* entry
 * points. Link this target into a benchmark executable only, never a library. */
#include <stdint.h>
uint64_t calloccounter_allocations(void);
#endif
