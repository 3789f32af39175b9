// The main window's header bar: Back (in the viewer), Import, the title with the selection count
// or the photo's name under it, and at the end the main menu, Edit Label (in the viewer) and search.
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class WindowHeader {
    let root = HeaderBar()
    private let title = Label("Snapshelf")
    private let subtitle = Label()
    private let backButton = running(.back, Button(iconName: "go-previous-symbolic", name: tr("Back")),
                                     tooltip: tr("Back to All Photos"))
    private let editButton = running(.editLabel, Button(iconName: "document-edit-symbolic", name: tr("Edit Label")),
                                     tooltip: tr("Edit Label (F2)"))

    init() {
        root.packStart(backButton)
        root.packStart(Self.running(.importPhotos, Button(iconName: "list-add-symbolic", mnemonic: tr("_Import")),
                                    tooltip: tr("Import Photos (Ctrl+O)")))

        let titles = Box(.vertical)
        titles.verticalAlignment = .center
        title.addStyleClass("title")
        title.ellipsis = .end
        subtitle.addStyleClass("subtitle")
        titles.append([title, subtitle])
        root.setTitleWidget(titles)

        root.packEnd(MenuButton(iconName: "open-menu-symbolic", name: tr("Main Menu"), menu: WindowMenus.main()))
        root.packEnd(editButton)
        root.packEnd(Self.running(.search, Button(iconName: "system-search-symbolic", name: tr("Search")),
                                  tooltip: tr("Search Labels (Ctrl+F)")))
    }

    /// The button, running the command, with a tooltip that names its keys.
    private static func running(_ command: Command, _ button: Button, tooltip: String) -> Button {
        button.actionName = command.detailedName
        button.tooltipText = tooltip
        return button
    }

    /// Over the grid: the app's name, and how many photos are selected, if any.
    func showGrid(selected: Int) {
        show(title: "Snapshelf",
             subtitle: selected == 0 ? "" : String(format: trn("%d photo selected", "%d photos selected", selected), selected),
             viewing: false)
    }

    /// In the viewer: the photo's name and which of how many it is, with Back and Edit Label.
    func showViewer(photoName: String?, position: Int, of count: Int) {
        show(title: photoName ?? "Snapshelf", subtitle: String(format: tr("%d of %d"), position + 1, count), viewing: true)
    }

    private func show(title text: String, subtitle line: String, viewing: Bool) {
        title.text = text
        subtitle.text = line
        subtitle.isVisible = !line.isEmpty
        backButton.isVisible = viewing
        editButton.isVisible = viewing
    }

    var titleText: String { title.text }
    var subtitleText: String { subtitle.text }
}
