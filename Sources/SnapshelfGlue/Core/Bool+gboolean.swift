// Swift's Bool as the C boolean GTK and GLib take.
import CGtk

extension Bool {
    /// The C boolean GTK takes.
    var gboolean: gboolean { self ? 1 : 0 }
}
