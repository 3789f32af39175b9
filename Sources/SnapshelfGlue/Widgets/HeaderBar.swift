// GtkHeaderBar: a window's title bar, with widgets packed at its start and end.
import CGtk

@MainActor
public final class HeaderBar: Widget {
    override class var gType: GType { gtk_header_bar_get_type() }

    public convenience init() {
        self.init(gtk_header_bar_new())
    }

    public func packStart(_ child: Widget) { gtk_header_bar_pack_start(opaque, child.widget) }

    public func packEnd(_ child: Widget) { gtk_header_bar_pack_end(opaque, child.widget) }

    public func setTitleWidget(_ child: Widget) { gtk_header_bar_set_title_widget(opaque, child.widget) }

    /// Whether the window's close (and other) buttons show; a dialog with its own Cancel hides them.
    public var showsWindowButtons: Bool {
        get { flag(gtk_header_bar_get_show_title_buttons) } set { setFlag(gtk_header_bar_set_show_title_buttons, newValue) }
    }
}
