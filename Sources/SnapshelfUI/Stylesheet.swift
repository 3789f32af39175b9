// The app's own CSS on top of the GTK theme: tile spacing, placeholders and the empty state.
import CGtk
import SnapshelfGlue

@MainActor
enum Stylesheet {
    private static let css = """
        .photo-grid { padding: 12px; }
        .photo-grid > child { padding: 8px; border-radius: 12px; }
        .photo-tile .thumbnail { background-color: alpha(currentColor, 0.06); border-radius: 8px; }
        .photo-tile label.unlabelled { font-style: italic; opacity: 0.55; }
        .empty-state .empty-icon { opacity: 0.45; }
        .empty-state .empty-title { font-size: 20pt; font-weight: 800; }
        .empty-state button { padding: 8px 24px; border-radius: 9999px; }
        .label-dialog .preview { background-color: alpha(currentColor, 0.06); border-radius: 8px; }
        """

    /// Installs the CSS for every window on the default display; call once per process.
    static func install() {
        guard let display = gdk_display_get_default() else { return }
        let provider = GObjectRef(adopting: gtk_css_provider_new())
        gtk_css_provider_load_from_data(provider.typed(), css, -1)
        gtk_style_context_add_provider_for_display(display, provider.opaque,
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }
}
