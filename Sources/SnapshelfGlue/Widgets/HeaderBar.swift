// AdwHeaderBar: a window's title bar, with widgets packed at its start and end, in libadwaita's
// style; a plain GtkWindow (a dialog) takes it as its title bar as well.
import CAdwaita
import CGtk

@MainActor
public final class HeaderBar: Widget {
    override class var gType: GType { adw_header_bar_get_type() }

    public convenience init() {
        self.init(adw_header_bar_new())
    }

    public func packStart(_ child: Widget) { adw_header_bar_pack_start(opaque, child.widget) }

    public func packEnd(_ child: Widget) { adw_header_bar_pack_end(opaque, child.widget) }

    public func setTitleWidget(_ child: Widget) { adw_header_bar_set_title_widget(opaque, child.widget) }

    /// Whether the window's close (and other) buttons show, at either end as the desktop places
    /// them; a dialog with its own Cancel hides them.
    public var showsWindowButtons: Bool {
        get { flag(adw_header_bar_get_show_start_title_buttons) && flag(adw_header_bar_get_show_end_title_buttons) }
        set {
            setFlag(adw_header_bar_set_show_start_title_buttons, newValue)
            setFlag(adw_header_bar_set_show_end_title_buttons, newValue)
        }
    }
}
