/* What Swift cannot call in GTK and GObject: function-like macros, variadic functions and
 * GObject type definitions. Every name carries the snapshelf_ prefix. */
#pragma once
#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Replaces the g_signal_connect macro; the handler's data is released by destroy on disconnect. */
static inline gulong snapshelf_signal_connect(gpointer instance, const char *signal, GCallback handler,
                                              gpointer data, GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, handler, data, destroy, (GConnectFlags)0);
}

/* Replaces the G_IS_OBJECT macro, so the glue can refuse a pointer that is not a live GObject. */
static inline gboolean snapshelf_is_object(gpointer pointer) { return G_IS_OBJECT(pointer); }

/* Replaces the G_TYPE_CHECK_INSTANCE_TYPE macro: whether a GObject is an instance of type (a class
 * or an interface), so the glue can refuse to wrap a label as a button. */
static inline gboolean snapshelf_is_instance_of(gpointer object, GType type) {
    return G_IS_OBJECT(object) && g_type_check_instance_is_a((GTypeInstance *)object, type);
}

/* Replaces the variadic g_object_set for a search entry's placeholder, which GTK 4.8 has no
 * setter function for. */
static inline void snapshelf_search_entry_set_placeholder(GtkSearchEntry *entry, const char *text) {
    g_object_set(entry, "placeholder-text", text, NULL);
}

/* Replaces the variadic gtk_accessible_update_property, for the accessible label only. */
static inline void snapshelf_accessible_set_label(GtkWidget *widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

/* Replaces the variadic gtk_accessible_update_property, for the accessible description only. */
static inline void snapshelf_accessible_set_description(GtkWidget *widget, const char *description) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

/* Sets the application ID the desktop sees for a realized window (see SnapshelfDesktopID.c). */
void snapshelf_window_set_desktop_id(GtkWindow *window, const char *id);

/* Replaces the variadic gtk_accessible_update_state, for the hidden state only: GTK 4.8 leaves a
 * hidden object (and a stack page whose child is hidden) out of the accessible tree. */
static inline void snapshelf_accessible_set_hidden(GtkAccessible *accessible, gboolean hidden) {
    gtk_accessible_update_state(accessible, GTK_ACCESSIBLE_STATE_HIDDEN, hidden, -1);
}

/* Replaces the variadic g_object_get for the object an object property holds, such as the toast
 * a libadwaita toast widget shows; no reference is kept. */
static inline gpointer snapshelf_object_get_object(gpointer object, const char *property) {
    gpointer value = NULL;
    g_object_get(object, property, &value, NULL);
    if (value) g_object_unref(value);
    return value;
}

/* Replaces the variadic g_signal_emit_by_name, for a signal without arguments or answer. */
static inline void snapshelf_signal_emit_plain(gpointer instance, const char *signal) {
    g_signal_emit_by_name(instance, signal);
}

/* A GListModel whose items are counted and keyed by callbacks into Swift. */
typedef guint (*SnapshelfCountFunc)(gpointer data);
typedef gint64 (*SnapshelfKeyFunc)(guint position, gpointer data);

#define SNAPSHELF_TYPE_LIST_MODEL (snapshelf_list_model_get_type())
G_DECLARE_FINAL_TYPE(SnapshelfListModel, snapshelf_list_model, SNAPSHELF, LIST_MODEL, GObject)

/* The model calls count and key on demand; destroy releases data when the model is finalized. */
SnapshelfListModel *snapshelf_list_model_new(SnapshelfCountFunc count, SnapshelfKeyFunc key, gpointer data,
                                             GDestroyNotify destroy);
void snapshelf_list_model_items_changed(SnapshelfListModel *self, guint position, guint removed, guint added);

/* The item the model hands out: a GObject that carries the key of the row at its position. */
#define SNAPSHELF_TYPE_LIST_KEY (snapshelf_list_key_get_type())
G_DECLARE_FINAL_TYPE(SnapshelfListKey, snapshelf_list_key, SNAPSHELF, LIST_KEY, GObject)

/* Returns the key an item carries, or -1 when item is not a SnapshelfListKey. */
gint64 snapshelf_list_key_get_value(gpointer item);

G_END_DECLS
