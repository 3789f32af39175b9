/* zlib, which GdkPixbuf's PNG support already loads: thumbnails are compressed with it directly,
   with a strategy GIO's compressor cannot choose, and their chunks summed with its CRC-32. */
#pragma once
#include <zlib.h>

/* Replaces the deflateInit2 macro: a zlib stream at the level, with the strategy given. */
static inline int snapshelf_deflate_init(z_stream *stream, int level, int strategy) {
    return deflateInit2(stream, level, Z_DEFLATED, 15, 8, strategy);
}
