// GtkProgressBar: how far a long task is, with an optional line of text.
import CGtk

@MainActor
public final class ProgressBar: Widget {
    override class var gType: GType { gtk_progress_bar_get_type() }

    public convenience init() {
        self.init(gtk_progress_bar_new())
    }

    /// From 0 (nothing done) to 1 (all done).
    public var fraction: Double {
        get { gtk_progress_bar_get_fraction(opaque) }
        set { gtk_progress_bar_set_fraction(opaque, newValue) }
    }

    /// The text on the bar, which shows once set.
    public var text: String {
        get { gtk_progress_bar_get_text(opaque).map { String(cString: $0) } ?? "" }
        set {
            gtk_progress_bar_set_text(opaque, newValue)
            gtk_progress_bar_set_show_text(opaque, 1)
        }
    }
}
