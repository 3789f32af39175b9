/* GLib, GIO and GdkPixbuf without GTK: what the model may use to decode photos and hash files. */
#include <gio/gio.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
