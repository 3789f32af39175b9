// Installs the app's own CSS (Resources/style.css, from the compiled-in GResource) on top of the GTK theme.
import SnapshelfGlue

@MainActor
enum Stylesheet {
    /// Installs the CSS for every window on the default display; call once per process.
    static func install() {
        Display.default?.addStyleSheet(CssProvider(resourcePath: EmbeddedResources.basePath + "/style.css"))
    }
}
