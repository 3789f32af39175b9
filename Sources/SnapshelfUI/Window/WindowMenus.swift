// The menu models of the main window: the main menu behind the header's menu button, and the
// context menu of the selected photos or the viewer's photo. Their items are commands, with the
// labels the command table gives them, and their actions enable them.
import SnapshelfGlue
import SnapshelfModel

@MainActor
enum WindowMenus {
    static func main() -> Menu {
        let menu = Menu()
        menu.appendSection(section([.importPhotos, .importFolder, .importShotwell, .export, .exportAll]))
        let sorting = Menu()
        for (name, order) in [(tr("Date Added, _Newest First"), PhotoOrder.addedNewestFirst),
                              (tr("Date Added, _Oldest First"), .addedOldestFirst),
                              (tr("_Label, A to Z"), .labelAToZ), (tr("Date _Taken, Newest First"), .takenNewestFirst),
                              (tr("Date Taken, Ol_dest First"), .takenOldestFirst)] {
            sorting.append(name, action: Command.sort.detailedName, target: order.rawValue)
        }
        menu.appendSection(sorting, heading: tr("Sort By"))
        menu.appendSection(section([.largerThumbnails, .smallerThumbnails]), heading: tr("Thumbnail Size"))
        menu.appendSection(section([.showShortcuts, .help, .about]))
        return menu
    }

    /// In the viewer, without Open: the photo is open.
    static func photo(viewing: Bool = false) -> Menu {
        let menu = section((viewing ? [] : [.open]) + [.editLabel, .copy, .showInFiles, .export, .info])
        menu.appendSection(section([.rotateClockwise, .rotateCounterclockwise]))
        menu.appendSection(section([.remove]))
        return menu
    }

    private static func section(_ commands: [Command]) -> Menu {
        let menu = Menu()
        commands.forEach { menu.append($0.menuLabel, action: $0.detailedName) }
        return menu
    }
}
