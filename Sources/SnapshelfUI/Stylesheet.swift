// Installs the app's own CSS (Resources/style.css, from the compiled-in GResource) on top of the GTK theme.
import CGtk
import SnapshelfGlue

@MainActor
enum Stylesheet {
    /// Installs the CSS for every window on the default display; call once per process.
    static func install() {
        guard let display = gdk_display_get_default() else { return }
        let provider = GObjectRef(adopting: gtk_css_provider_new())
        gtk_css_provider_load_from_resource(provider.typed(), EmbeddedResources.basePath + "/style.css")
        gtk_style_context_add_provider_for_display(display, provider.opaque,
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }
}
