// AdwStatusPage: a page that says something instead of showing content, as GNOME apps do: a large
// dimmed icon, a title, a description under it and an optional child such as buttons, centred
// and scrolled when the window is too small for them.
import CAdwaita
import CGtk

@MainActor
public final class StatusPage: Widget {
    override class var gType: GType { adw_status_page_get_type() }

    public convenience init(iconName: String? = nil, title: String = "", description: String = "") {
        self.init(adw_status_page_new())
        // Its content scrolls in a GtkScrolledWindow of its own, whose scroll bars GTK 4.8 names
        // only "GtkScrollbar": hidden from screen readers, as ScrolledWindow does with its own.
        if let scroller = firstChild?.as(ScrolledWindow.self) {
            ScrolledWindow.hideScrollBars(of: scroller)
        }
        self.iconName = iconName
        self.title = title
        self.description = description
    }

    /// The theme icon above the title; nil for none.
    public var iconName: String? {
        get { adw_status_page_get_icon_name(opaque).map { String(cString: $0) } }
        set { adw_status_page_set_icon_name(opaque, newValue) }
    }

    public var title: String {
        get { adw_status_page_get_title(opaque).map { String(cString: $0) } ?? "" }
        set { adw_status_page_set_title(opaque, newValue) }
    }

    /// The lines under the title, as plain text, hidden while empty. AdwStatusPage reads them as
    /// Pango markup, so they are escaped: a path with "&" or "<" would otherwise show nothing.
    public var description: String {
        get { adw_status_page_get_description(opaque).map { Markup.unescaped(String(cString: $0)) } ?? "" }
        set { adw_status_page_set_description(opaque, newValue.isEmpty ? nil : Markup.escaped(newValue)) }
    }

    /// What comes under the description, such as the buttons that lead on.
    public var child: Widget? {
        get { Widget.wrapping(adw_status_page_get_child(opaque)) }
        set { adw_status_page_set_child(opaque, newValue?.widget) }
    }
}
