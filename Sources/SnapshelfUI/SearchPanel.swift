// The search bar above the grid. Ctrl+F, or typing while the grid is shown, opens it; the photos
// filter as the person types; it says how many match. Escape or closing it shows them all again.
import CGtk
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class SearchPanel {
    let root: GObjectRef
    let entry: GObjectRef
    private let countLabel: GObjectRef
    private let window: GObjectRef
    /// Called with the text to filter by, empty for none, as the person types or closes the bar.
    var changed: (@MainActor (String) -> Void)?

    init(window: GObjectRef) {
        self.window = window
        root = GObjectRef(gtk_search_bar_new())
        entry = GObjectRef(gtk_search_entry_new())
        countLabel = GObjectRef(gtk_label_new(nil))
        gtk_widget_add_css_class(countLabel.typed(), "dim-label")
        gtk_widget_add_css_class(countLabel.typed(), "search-count")
        gtk_widget_set_size_request(entry.typed(), 360, -1)
        entry.setAccessibleLabel(tr("Search labels"))
        entry.setProperty("placeholder-text", to: tr("Search labels"))
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_box_append(box.gCast(), entry.typed())
        gtk_box_append(box.gCast(), countLabel.typed())
        gtk_search_bar_set_child(root.opaque, box)
        gtk_search_bar_connect_entry(root.opaque, entry.opaque)
        gtk_search_bar_set_show_close_button(root.opaque, 1)
        entry.connect("search-changed") { [weak self] in
            guard let self else { return }
            changed?(text)
        }
        root.connect("notify::search-mode-enabled") { [weak self] (_: UnsafeMutableRawPointer?) in
            guard let self, !isOpen else { return }
            // Closed: every photo shows again, and the next search starts afresh.
            if !text.isEmpty {
                gtk_editable_set_text(entry.opaque, "")
            }
            changed?("")
        }
        captureTyping(true)
    }

    var isOpen: Bool { gtk_search_bar_get_search_mode(root.opaque) != 0 }
    var text: String { String(cString: gtk_editable_get_text(entry.opaque)) }
    var countText: String { String(cString: gtk_label_get_text(countLabel.opaque)) }

    func open() {
        gtk_search_bar_set_search_mode(root.opaque, 1)
        gtk_widget_grab_focus(entry.typed())
    }

    func close() {
        gtk_search_bar_set_search_mode(root.opaque, 0)
    }

    func toggle() {
        isOpen ? close() : open()
    }

    /// Types the text into the entry, as a person would.
    func search(for text: String) {
        open()
        gtk_editable_set_text(entry.opaque, text)
    }

    func showCount(_ count: Int) {
        let text = count == 0 ? tr("No photos match") : String(format: trn("%d photo", "%d photos", count), count)
        gtk_label_set_text(countLabel.opaque, text)
    }

    /// Typing opens the search only while the grid shows, not over the viewer.
    func captureTyping(_ capture: Bool) {
        gtk_search_bar_set_key_capture_widget(root.opaque, capture ? window.typed() : nil)
    }
}
