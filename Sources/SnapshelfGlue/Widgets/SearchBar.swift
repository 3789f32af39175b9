// GtkSearchBar: the bar that slides in above the content with a search entry, opened by typing
// in the window it captures keys from.
import CGtk

@MainActor
public final class SearchBar: Widget {
    override class var gType: GType { gtk_search_bar_get_type() }

    private var searching: SignalHandle?
    private var showing: SignalHandle?

    /// - Parameter closeName: what screen readers call the bar's close button, which GTK 4.8 leaves unnamed.
    public convenience init(child: Widget, entry: SearchEntry, closeName: String) {
        self.init(gtk_search_bar_new())
        gtk_search_bar_set_child(opaque, child.widget)
        gtk_search_bar_connect_entry(opaque, entry.opaque)
        gtk_search_bar_set_show_close_button(opaque, 1)
        closeButton?.setAccessibleName(closeName)
        // Closed, the bar keeps its entry and close button in GTK 4.8's accessible tree.
        hideFromScreenReaders()
        searching = onSearchingChanged { [weak self] in
            guard let self else { return }
            hideFromScreenReaders(!isSearching)
        }
        // GTK marks a widget shown again as not hidden, so a closed bar shown again is hidden anew.
        showing = connect("notify::visible", .pointer) { [weak self] _ in
            guard let self, isVisible else { return }
            hideFromScreenReaders(!isSearching)
        }
    }

    /// The close button GTK puts at the bar's end, found among its inner widgets.
    private var closeButton: Widget? {
        func buttons(in widget: Widget) -> [Widget] {
            widget.children.flatMap { $0.typeName == "GtkButton" ? [$0] : buttons(in: $0) }
        }
        return buttons(in: self).last
    }

    public var isSearching: Bool { get { flag(gtk_search_bar_get_search_mode) } set { setFlag(gtk_search_bar_set_search_mode, newValue) } }

    /// The widget whose typing opens the bar and goes into the entry; nil to stop that.
    public func captureKeys(from widget: Widget?) {
        gtk_search_bar_set_key_capture_widget(opaque, widget?.widget)
    }

    /// Comes when the bar opens or closes.
    @discardableResult
    public func onSearchingChanged(_ handler: @escaping @MainActor () -> Void) -> SignalHandle {
        connect("notify::search-mode-enabled", .pointer) { _ in handler() }
    }
}
