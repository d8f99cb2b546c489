#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H
/* zlib (zlib1g-dev): deflate for PNG image data, and the CRC-32 PNG chunks carry. */
#include <zlib.h>
#endif
