// AdwStatusPage: a page that says something instead of showing content, as GNOME apps do: a large
// dimmed icon, a title, a description under it and an optional child such as buttons, centred
// and scrolled when the window is too small for them.
import CAdwaita
import CGtk
import Foundation

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
        get { adw_status_page_get_description(opaque).map { Self.unescaped(String(cString: $0)) } ?? "" }
        set {
            guard !newValue.isEmpty, let markup = g_markup_escape_text(newValue, -1) else {
                return adw_status_page_set_description(opaque, nil)
            }
            adw_status_page_set_description(opaque, markup)
            g_free(markup)
        }
    }

    /// The text g_markup_escape_text escaped; "&amp;" last, so that an escaped entity stays one.
    private static func unescaped(_ markup: String) -> String {
        [("&lt;", "<"), ("&gt;", ">"), ("&#39;", "'"), ("&apos;", "'"), ("&quot;", "\""), ("&amp;", "&")].reduce(markup) {
            $0.replacingOccurrences(of: $1.0, with: $1.1)
        }
    }

    /// What comes under the description, such as the buttons that lead on.
    public var child: Widget? {
        get { Widget.wrapping(adw_status_page_get_child(opaque)) }
        set { adw_status_page_set_child(opaque, newValue?.widget) }
    }
}
