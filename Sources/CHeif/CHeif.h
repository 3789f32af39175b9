/* libheif, which a sandboxed decoder reads a HEIF's or AVIF's Exif and XMP items with. */
#pragma once
#include <libheif/heif.h>
