// The main window's header bar: Back (in the viewer), Import (over the grid), the title with how
// many photos the library holds or how many are selected under it, or in the viewer the photo's
// name with which one it is and when it was taken, and at the end the main menu, Edit Label and
// Info (in the viewer) and search (over the grid). A library other than the person's own is named
// first on the subtitle's line, over the grid and in the viewer alike.
import Foundation
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class WindowHeader {
    let root = HeaderBar()
    private let titles = WindowTitle(title: "Snapshelf")
    /// The same without the date taken and with a shorter count, shown instead in a window too
    /// narrow for the whole line, which would otherwise be cut short; the information panel has the date.
    private let shortTitles = WindowTitle(title: "Snapshelf")
    /// In the viewer, narrower still: which photo of how many it is, without its label, which is
    /// read in full under the photo rather than cut short here.
    private let placeTitles = WindowTitle(title: "Snapshelf")
    /// The library's folder when it is not the default library, else nil.
    private var libraryName: String?
    /// The count or position, and the date taken, which follow the library's name on the subtitle.
    private(set) var subtitleText = ""
    private(set) var takenText = ""
    /// The count or position as a narrow window shows it, without the date.
    private var shortText = ""
    /// Whether the narrowest title is the position, as in the viewer.
    private var placeIsTitle = false
    private let backButton = running(.back, Button(iconName: "go-previous-symbolic", name: tr("Back")),
                                     tooltip: Command.back.tooltip)
    private let editButton = running(.editLabel, Button(iconName: "document-edit-symbolic", name: tr("Edit Label")),
                                     tooltip: Command.editLabel.tooltip)
    private let infoButton = running(.info, Button(iconName: "help-about-symbolic", name: tr("Photo Information")),
                                     tooltip: Command.info.tooltip)
    /// Import with its text, or in a window too narrow for that beside the title, its icon alone:
    /// the title and the count under it then keep the room to be read in full.
    private let importButtons = Squeezer([
        running(.importPhotos, Button(iconName: "list-add-symbolic", mnemonic: tr("_Import")), tooltip: Command.importPhotos.tooltip),
        running(.importPhotos, Button(iconName: "list-add-symbolic", name: Mnemonic.plain(tr("_Import"))),
                tooltip: Command.importPhotos.tooltip),
    ])
    /// The primary menu button, which GTK opens on F10.
    let mainMenu = MenuButton(iconName: "open-menu-symbolic", name: tr("Main Menu"), menu: WindowMenus.main)
    /// A toggle, so that it looks pressed while the search bar is open.
    private let searchButton = running(.search, ToggleButton(iconName: "system-search-symbolic", name: tr("Search")),
                                       tooltip: Command.search.tooltip)

    init() {
        root.packStart(backButton)
        root.packStart(importButtons)

        root.setTitleWidget(Squeezer([titles, shortTitles, placeTitles]))

        mainMenu.isPrimary = true
        root.packEnd(mainMenu)
        root.packEnd(infoButton)
        root.packEnd(editButton)
        root.packEnd(searchButton)
    }

    /// Names the library on the subtitle's line, unless it is the default one.
    func showLibrary(_ directory: URL) {
        libraryName = LibraryName.of(directory)
        showSubtitles()
    }

    /// The button, running the command, with a tooltip that names it and its key.
    private static func running(_ command: Command, _ button: Button, tooltip: String) -> Button {
        button.actionName = command.detailedName
        button.tooltipText = tooltip
        return button
    }

    /// Over the grid: the app's name, and how many photos are selected, else how many the library
    /// holds, whatever a search shows (the search bar counts those). The window calls it again on
    /// every change of the store, so the count keeps up with imports and other connections.
    func showGrid(selected: Int, in library: PhotoStore) {
        let held = library.filter.isEmpty ? library.count : (try? library.library.photoCount()) ?? library.count
        let line = selected > 0 ? String(format: trn("%d photo selected", "%d photos selected", selected), selected)
            : held > 0 ? String(format: trn("%d photo", "%d photos", held), held) : ""
        // A narrow window says "3 selected": "3 photos selected" after the library's name was cut short.
        let short = selected > 0 ? String(format: trn("%d selected", "%d selected", selected), selected) : line
        show(title: "Snapshelf", subtitle: line, short: short, taken: nil, viewing: false)
    }

    /// In the viewer: the photo's label or name, which of how many it is and when it was taken, with Back,
    /// Edit Label and Info.
    func showViewer(photoName: String?, position: Int, of count: Int, taken date: TakenDate? = nil) {
        let place = String(format: tr("%d of %d"), position + 1, count)
        show(title: photoName ?? "Snapshelf", subtitle: place, short: place,
             taken: date.map { String(format: tr("Taken %@"), PhotoDetails.date($0)) }, viewing: true)
    }

    private func show(title text: String, subtitle line: String, short: String, taken date: String?, viewing: Bool) {
        titles.title = text
        shortTitles.title = text
        placeTitles.title = viewing ? short : text
        placeIsTitle = viewing
        subtitleText = line
        shortText = short
        takenText = date ?? ""
        showSubtitles()
        backButton.isVisible = viewing
        // Neither acts on the photo shown, and without them the viewer's header fits a narrow window.
        importButtons.isVisible = !viewing
        searchButton.isVisible = !viewing
        editButton.isVisible = viewing
        infoButton.isVisible = viewing
    }

    /// The library, the count or position and the date, those there are; the subtitle hides when
    /// empty. The short line leaves the date out.
    private func showSubtitles() {
        let line = { (parts: [String]) in parts.filter { !$0.isEmpty }.joined(separator: " · ") }
        titles.subtitle = line([libraryName ?? "", subtitleText, takenText])
        shortTitles.subtitle = line([libraryName ?? "", shortText])
        placeTitles.subtitle = placeIsTitle ? libraryName ?? "" : shortTitles.subtitle
    }

    var titleText: String { titles.title }
}
