// AdwWindowTitle: a header bar's title over its subtitle, both cut short in a narrow window, the
// subtitle hidden while it is empty.
import CAdwaita
import CGtk

@MainActor
public final class WindowTitle: Widget {
    override class var gType: GType { adw_window_title_get_type() }

    public convenience init(title: String, subtitle: String = "") {
        self.init(adw_window_title_new(title, subtitle))
    }

    public var title: String {
        get { adw_window_title_get_title(opaque).map { String(cString: $0) } ?? "" }
        set { adw_window_title_set_title(opaque, newValue) }
    }

    public var subtitle: String {
        get { adw_window_title_get_subtitle(opaque).map { String(cString: $0) } ?? "" }
        set { adw_window_title_set_subtitle(opaque, newValue) }
    }
}
