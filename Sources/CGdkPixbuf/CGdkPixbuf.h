/* GLib, GIO and GdkPixbuf without GTK: what the model may use to decode photos, hash files and
   translate its messages. */
#include <gio/gio.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
/* For bindtextdomain, which GLib does not wrap. */
#include <libintl.h>
