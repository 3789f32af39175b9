/* libheif's types, for the functions a sandboxed decoder with every reader loads with dlopen
   (HEIFLibrary); calling a heif_ function directly fails to link. */
#pragma once
#include <libheif/heif.h>
