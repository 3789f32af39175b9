// The context menu of the selected photos, opened by a right-click or the Menu key on the grid,
// or of the photo in the viewer. It is made on first use, hanging from the grid's scrolled window
// or the viewer.
import SnapshelfGlue

@MainActor
final class PhotoContextMenu {
    private let parent: Widget
    private let viewing: Bool
    private var popover: PopoverMenu?

    init(attachedTo parent: Widget, viewing: Bool = false) {
        self.parent = parent
        self.viewing = viewing
    }

    /// Opens at a point given in `view`'s coordinates.
    func open(atX x: Double, y: Double, of view: Widget) {
        let popover = self.popover ?? PopoverMenu(WindowMenus.photo(viewing: viewing), attachedTo: parent)
        self.popover = popover
        let point = view.translate(x: x, y: y, to: parent)
        popover.popUp(atX: point.x, y: point.y)
    }

    var isOpen: Bool { popover?.isVisible ?? false }
}
