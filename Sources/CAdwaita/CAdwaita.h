/* libadwaita 1.2's C API (it includes GTK's), for the glue alone: the UI reaches it through the glue's wrappers. */
#include <adwaita.h>
