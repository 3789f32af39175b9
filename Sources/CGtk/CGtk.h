/* The whole GTK 4 C API, for the glue and UI layers only. */
#include <gtk/gtk.h>
