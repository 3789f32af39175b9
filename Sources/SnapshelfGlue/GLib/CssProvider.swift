// GtkCssProvider: a style sheet, which a display applies to its widgets above the GTK theme.
import CGtk

@MainActor
public final class CssProvider: GObjectRef {
    override class var gType: GType { gtk_css_provider_get_type() }

    /// The CSS of a registered resource, such as the app's style.css.
    public init(resourcePath path: String) {
        super.init(adopting: gtk_css_provider_new()!)
        gtk_css_provider_load_from_resource(typed(), path)
    }
}
