/* zlib, which GdkPixbuf's PNG support already loads: thumbnails' chunks are summed with its
   CRC-32, and their compressed pixels with its Adler-32. */
#pragma once
#include <zlib.h>
