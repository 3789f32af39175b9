/* Tells the desktop which application a window belongs to. The shell matches a window to its
 * .desktop file by Wayland's app_id or X11's _GTK_APPLICATION_ID, which GtkApplication sets from
 * its own ID on realize; a process registered under another ID sets them back afterwards. The
 * backends' headers stay in this file, since X11's would clash with Swift names such as Window. */
#include "CSnapshelfShim.h"
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif
#ifdef GDK_WINDOWING_WAYLAND
#include <gdk/wayland/gdkwayland.h>
#endif

void snapshelf_window_set_desktop_id(GtkWindow *window, const char *id) {
    GdkSurface *surface = gtk_native_get_surface(GTK_NATIVE(window));
    if (surface == NULL) {
        return;
    }
#ifdef GDK_WINDOWING_WAYLAND
    if (GDK_IS_WAYLAND_TOPLEVEL(surface)) {
        gdk_wayland_toplevel_set_application_id(GDK_TOPLEVEL(surface), id);
    }
#endif
#ifdef GDK_WINDOWING_X11
    if (GDK_IS_X11_SURFACE(surface)) {
        gdk_x11_surface_set_utf8_property(surface, "_GTK_APPLICATION_ID", id);
    }
#endif
}
