// The menu models of the main window: the main menu behind the header's menu button, and the
// context menu of the selected photos or the viewer's photo. Their items name commands, whose
// actions enable them.
import SnapshelfGlue
import SnapshelfModel

@MainActor
enum WindowMenus {
    static func main() -> Menu {
        let menu = Menu()
        menu.appendSection(section([(tr("Import _Photos…"), .importPhotos), (tr("Import _Folder…"), .importFolder),
                                    (tr("E_xport…"), .export), (tr("Export _All Photos…"), .exportAll)]))
        let sorting = Menu()
        for (name, order) in [(tr("Date Added, _Newest First"), PhotoOrder.addedNewestFirst),
                              (tr("Date Added, _Oldest First"), .addedOldestFirst),
                              (tr("_Label, A to Z"), .labelAToZ), (tr("Date _Taken, Newest First"), .takenNewestFirst),
                              (tr("Date Taken, Ol_dest First"), .takenOldestFirst)] {
            sorting.append(name, action: Command.sort.detailedName, target: order.rawValue)
        }
        menu.appendSection(sorting, heading: tr("Sort By"))
        menu.appendSection(section([(tr("_Larger Thumbnails"), .zoomIn), (tr("_Smaller Thumbnails"), .zoomOut)]),
                           heading: tr("Thumbnail Size"))
        menu.appendSection(section([(tr("_Keyboard Shortcuts"), .showShortcuts), (tr("_About Snapshelf"), .about)]))
        return menu
    }

    /// In the viewer, without Open: the photo is open.
    static func photo(viewing: Bool = false) -> Menu {
        let menu = section((viewing ? [] : [(tr("_Open"), .open)])
                           + [(tr("_Edit Label…"), .editLabel), (tr("_Copy"), .copy),
                              (tr("Show in _Files"), .showInFiles), (tr("E_xport…"), .export),
                              (tr("_Information"), .info)])
        menu.appendSection(section([(tr("Rotate C_lockwise"), .rotateClockwise),
                                    (tr("Rotate Counterclock_wise"), .rotateCounterclockwise)]))
        menu.appendSection(section([(tr("_Remove from Library"), .remove)]))
        return menu
    }

    private static func section(_ items: [(label: String, command: Command)]) -> Menu {
        let menu = Menu()
        items.forEach { menu.append($0.label, action: $0.command.detailedName) }
        return menu
    }
}
