// A page that says something instead of showing photos, as GNOME apps do: a large dimmed icon,
// a title and a line or two under it, centred. The empty library's invitation and the viewer's
// note about a missing file are made of it.
import SnapshelfGlue

@MainActor
final class StatusPage {
    let root = Box(.vertical, spacing: 12)
    let icon: Image
    let title = Label()
    let body = Label()

    init(iconName: String?, iconSize: Int) {
        icon = Image(iconName: iconName)
        icon.pixelSize = iconSize
        icon.addStyleClass("empty-icon")
        icon.margins = Margins(bottom: 12)
        // Decoration, which GTK 4.8 would call "GtkImage": the title says it all.
        icon.hideFromScreenReaders()
        root.addStyleClass("empty-state")
        root.horizontalAlignment = .center
        root.verticalAlignment = .center
        title.addStyleClass("empty-title")
        // A long line wraps rather than asking the window to be wider.
        body.maxWidthChars = 50
        for label in [title, body] {
            label.wraps = true
            label.justification = .center
        }
        root.append([icon, title, body])
    }
}
