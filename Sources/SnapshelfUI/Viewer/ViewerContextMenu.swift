// The viewer's context menu: the grid's, without Open, for the photo shown. A right-click on the
// photo opens it where it was clicked, and the Menu key (which reaches the window, since nothing
// in the viewer takes the focus) in the middle.
import SnapshelfGlue

@MainActor
final class ViewerContextMenu {
    private let area: Widget
    private let menu: PhotoContextMenu

    init(on area: Widget) {
        self.area = area
        menu = PhotoContextMenu(attachedTo: area, viewing: true)
        let click = GestureClick(button: .secondary)
        click.onPressed { [weak self] _, x, y in self?.open(atX: x, y: y) }
        area.addController(click)
    }

    /// Opens at a point of the photo's area, or in its middle.
    func open(atX x: Double? = nil, y: Double? = nil) {
        menu.open(atX: x ?? Double(area.width) / 2, y: y ?? Double(area.height) / 2, of: area)
    }

    var isOpen: Bool { menu.isOpen }
}
