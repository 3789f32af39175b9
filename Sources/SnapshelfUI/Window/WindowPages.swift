// What the main window shows under its header, one page at a time: an invitation to import when
// the library is empty, the grid, a status page when a search matches nothing, or the viewer, which is
// added the first time a photo is opened so that start-up builds only what the first screen shows.
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class WindowPages {
    enum Page: String {
        case empty, photos, noResults = "no-results", viewer
    }

    let root = Stack()
    private let noResults = StatusPage(title: tr("No Results Found"))
    /// The empty page's offer of Shotwell's library, shown only while Shotwell's database is there.
    /// No ellipsis: a click imports at once, asking nothing more.
    let fromShotwell = Button(mnemonic: tr("Import from _Shotwell"))
    private let invitation: StatusPage

    init(grid: Widget) {
        invitation = Self.invitation(fromShotwell)
        root.addPage(invitation, named: Page.empty.rawValue, title: tr("No Photos Yet"))
        root.addPage(grid, named: Page.photos.rawValue, title: tr("Photos"))
        noResults.addStyleClass("no-results")
        root.addPage(noResults, named: Page.noResults.rawValue, title: tr("No Results"))
    }

    var visible: Page {
        root.visiblePageName.flatMap(Page.init(rawValue:)) ?? .empty
    }

    /// Shows a page; the viewer's must be added first.
    func show(_ page: Page) {
        // Given only when shown: at this size the theme has the icon only as an SVG, whose loader
        // and librsvg would take several megabytes and load before the first frame of any library.
        if page == .empty { invitation.iconName = "image-x-generic-symbolic" }
        if page == .noResults { noResults.iconName = "edit-find-symbolic" }
        root.visiblePageName = page.rawValue
    }

    /// Shows the viewer, adding its page the first time.
    func showViewer(_ viewer: Widget) {
        if !root.hasPage(named: Page.viewer.rawValue) {
            root.addPage(viewer, named: Page.viewer.rawValue, title: tr("Photo Viewer"))
        }
        show(.viewer)
    }

    /// The page for the library as the store shows it now: its photos, or why there are none.
    func showPhotos(count: Int, filter: String) {
        noResults.description = String(format: tr("No photo has a label or file name with “%@”."), filter)
        let page: Page = count > 0 ? .photos : filter.isEmpty ? .empty : .noResults
        // Looked for each time, so a Shotwell installed or emptied meanwhile is seen.
        if page == .empty { fromShotwell.isVisible = ShotwellImport.hasDefaultDatabase }
        show(page)
    }

    private static func invitation(_ fromShotwell: Button) -> StatusPage {
        let page = StatusPage(title: tr("No Photos Yet"),
                              description: tr("Import photos to keep them here, each with a label of your own, or drop photos and folders onto this window."))
        // One under the other, each as wide as the widest: side by side, the three asked for
        // 600 pixels and kept the window from narrowing to 360.
        let buttons = Box(.vertical, spacing: 12)
        buttons.horizontalAlignment = .center
        for (text, command) in [(tr("_Import Photos…"), Command.importPhotos), (tr("Import _Folder…"), .importFolder)] {
            let button = Button(mnemonic: text)
            button.actionName = command.detailedName
            button.addStyleClass("pill")
            buttons.append(button)
        }
        fromShotwell.addStyleClass("pill")
        fromShotwell.actionName = Command.importShotwell.detailedName
        fromShotwell.tooltipText = tr("Import every photo of your Shotwell library, with the titles you gave them there")
        buttons.append(fromShotwell)
        buttons.firstChild?.addStyleClass("suggested-action")
        page.child = buttons
        return page
    }
}
