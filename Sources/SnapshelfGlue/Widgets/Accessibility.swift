// What screen readers are told about a widget beyond its name: GTK 4.8 says an unnamed widget's
// type ("GtkPicture", "GtkOverlay"), so decoration is left out of the accessible tree and
// containers that only lay others out are plain groups, which GTK 4.8 leaves unnamed.
import CAdwaita
import CGtk
import CSnapshelfShim

extension Widget {
    public enum AccessibleRole: Sendable {
        /// A plain container, announced by what is inside it.
        case group
        /// Something the person must hear of as it appears, such as a toast: AT-SPI's "alert",
        /// by which a screen reader that reads the window tells it from the rest.
        case alert

        var gtk: GtkAccessibleRole {
            switch self {
            case .group: GTK_ACCESSIBLE_ROLE_GROUP
            case .alert: GTK_ACCESSIBLE_ROLE_ALERT
            }
        }
    }

    /// Sets the role GTK gives the widget's class; only before the widget is first shown, since
    /// GTK 4.8 fixes the role once screen readers have seen it.
    public func setAccessibleRole(_ role: AccessibleRole) {
        var value = GValue()
        g_value_init(&value, gtk_accessible_role_get_type())
        defer { g_value_unset(&value) }
        g_value_set_enum(&value, gint(role.gtk.rawValue))
        g_object_set_property(typed(), "accessible-role", &value)
    }

    /// Leaves the widget, and everything inside it, out of the accessible tree: for decoration,
    /// such as an icon beside its button's text or a thumbnail in a named cell, and for what the
    /// person cannot see.
    public func hideFromScreenReaders(_ hidden: Bool = true) {
        snapshelf_accessible_set_hidden(OpaquePointer(widget), hidden.gboolean)
    }
}
