// The main window's controller: it puts the header, the pages (grid, viewer and the notes shown
// instead), the search bar and the notifications together, runs the commands of the table in
// Command.swift, and keeps the header and the enabled commands in step with what is shown. The
// commands on photos act on the selection, or in the viewer on the photo shown.
import Foundation
import SnapshelfGlue
import SnapshelfMessages
import SnapshelfModel

@MainActor
final class LibraryWindow {
    let window: ApplicationWindow
    let store: PhotoStore
    let grid: PhotoGrid
    let importFlow: ImportFlow
    let exportFlow: ExportFlow
    let commands: PhotoCommands
    let search: SearchPanel
    let header = WindowHeader()
    let pages: WindowPages
    private(set) lazy var info = PhotoInfoPanel(beside: pages.root, following: store, commands: commands) { [unowned self] in chosenPhotos }
    let notification: Notices
    /// Holds the window's content, with the toasts shown over its foot.
    let toasts = ToastOverlay()
    /// Says a read-only library is so, under the header, as it opens.
    private(set) lazy var readOnlyNote = ReadOnlyNote(library: store.library)
    let history: EditHistory
    let preferences: Preferences
    let textures: TextureCache
    private let loader: ThumbnailLoader
    private let contextMenu: PhotoContextMenu
    /// Made when a photo is first opened, so start-up builds only what the first screen shows.
    private(set) lazy var viewer: PhotoViewer = {
        let viewer = PhotoViewer(store: store, loader: loader, textures: textures)
        viewer.moved = { [weak self] _ in self?.updateSelection() }
        return viewer
    }()
    /// Full screen and the slideshow.
    private(set) lazy var presentation = Presentation(library: self)
    /// The window's commands, enabled only when what is shown lets them act.
    private var actions: [Command: Action] = [:]
    /// Keeps the page and the search's count following the store's changes.
    private var storeSubscription: Subscription?
    /// Picks up changes made by other connections: the worker's imports and the command line.
    private var outsideChanges: OutsideChanges?
    /// Takes in what other computers change in a library Syncthing shares.
    private let otherComputers: OtherComputers

    init(application: Application, store: PhotoStore, loader: ThumbnailLoader, preferences: Preferences = Preferences()) {
        self.store = store
        self.loader = loader
        self.preferences = preferences
        window = ApplicationWindow(application: application)
        textures = TextureCache(loader: loader)
        window.title = "Snapshelf"
        header.showLibrary(store.library.directory)
        window.defaultSize = preferences.windowSize(fitting: Display.monitorSize)
        if preferences.isMaximized { window.maximize() }
        if SnapshelfApplication.isDevelopment { window.addStyleClass("devel") }
        if preferences.order != store.order {
            try? store.show(order: preferences.order)
        }
        // The window controller's part of the grid: how a tile is made, and how it shows a photo.
        grid = PhotoGrid(store: store, makeTile: { [textures] size in PhotoTile(size: size, textures: textures) },
                         fillTile: { tile, photo, _ in tile.show(photo) })
        grid.setTileSize(preferences.tileSize)
        toasts.closeButtonName = tr("Dismiss")
        notification = Notices(over: toasts, parent: window)
        history = EditHistory(notices: notification)
        pages = WindowPages(grid: grid.root)
        search = SearchPanel(window: window)
        importFlow = ImportFlow(store: store, loader: loader, parent: window, notification: notification)
        exportFlow = ExportFlow(parent: window, notification: notification, library: store.library)
        commands = PhotoCommands(store: store, loader: loader, textures: textures, window: window,
                                 notification: notification, history: history)
        otherComputers = OtherComputers(store: store, notification: notification, history: history, commands: commands)
        contextMenu = PhotoContextMenu(attachedTo: grid.root)
        wire()
        installCommands()
        buildContent()
        updatePage()
        // The header bar now comes first in the content, and its Import button would take the first focus.
        grid.view.grabFocus()
    }

    private func wire() {
        // After the grid's own subscription, so the page follows a grid that is up to date.
        storeSubscription = store.observe { [weak self] _ in self?.updatePage() }
        grid.activated = { [weak self] position in self?.open(position: position) }
        grid.selectionChanged = { [weak self] in self?.updateSelection() }
        grid.contextMenuRequested = { [weak self] x, y in self?.showContextMenu(atX: x, y: y) }
        search.changed = { [weak self] text in self?.filter(by: text) }
        search.openFirstResult = { [weak self] in self?.open(position: 0) }
        search.focusFirstResult = { [weak self] in self?.grid.reveal(position: 0, focusing: true) }
        importFlow.saved = { [weak self] positions in
            self?.grid.reveal(positions: positions, focusing: self?.grid.mayTakeFocus == true && self?.search.isOpen == false)
        }
        importFlow.imported = { [weak self] ids, relabels in self?.commands.recordImport(of: ids, relabelling: relabels) }
        importFlow.relabelled = { [weak self] undo, photos in self?.commands.recordRelabel(undo, of: photos) }
        exportFlow.chosenPhotos = { [weak self] in self?.chosenPhotos ?? [] }
        commands.relabelled = { [weak self] in self?.followShownPhoto() }
        commands.removed = { [weak self] in self?.afterRemoval() }
        commands.restored = { [weak self] positions in self?.reveal(restored: positions) }
        outsideChanges = OutsideChanges(store: store, notification: notification) { [weak self] in
            (self?.importFlow.isRunning ?? false) || (self?.otherComputers.isRescanning ?? false)
        }
        // Unrealized when it closes, whoever closes it: the person, Ctrl+Q or a test.
        window.onUnrealize { [weak self] in
            if let self { preferences.rememberSize(of: window) }
            self?.importFlow.finishBeforeClosing()
            self?.outsideChanges?.stop()
            self?.otherComputers.stop()
            // Removals still in the history are completed: the window that could undo them is gone.
            self?.history.finishAll()
            self?.store.library.checkpoint()
        }
    }

    /// Adds an action for each of the window's commands, and the keys that reach them only after
    /// the focused widget had its turn.
    private func installCommands() {
        var keys: [(trigger: String, action: String)] = []
        for command in Command.allCases where command.scope == .window {
            let action: Action
            if command == .sort {
                action = Action(command.rawValue, state: store.order.rawValue)
                action.onStateChange { [weak self] name in self?.sort(by: name) }
            } else {
                // The search is on while its bar is open, which its toggle button shows.
                action = command == .search ? Action(command.rawValue, isOn: false) : Action(command.rawValue)
                action.onActivate { [weak self] in self?.perform(command) }
            }
            if command == .search { search.openChanged = { [action] isOpen in action.isOn = isOpen } }
            window.add(action)
            actions[command] = action
            keys += command.localKeys.map { ($0, command.detailedName) }
        }
        window.addController(ShortcutController(keys))
    }

    private func perform(_ command: Command) {
        switch command {
        case .importPhotos: importFlow.chooseFiles()
        case .importFolder: importFlow.chooseFolders()
        case .importShotwell: importFlow.importFromShotwell()
        case .open: if let position = grid.selectedPositions.first { open(position: position) }
        case .editLabel: commands.editLabel(of: chosenPhotos)
        case .copy: if let photo = chosenPhotos.first { commands.copy(photo) }
        case .showInFiles: if let photo = chosenPhotos.first { commands.showInFiles(photo) }
        case .export, .exportAll: exportFlow.chooseFolder(everyPhoto: command == .exportAll)
        case .info: info.toggle()
        case .remove: commands.remove(chosenPhotos)
        case .rotateClockwise, .rotateCounterclockwise:
            PhotoRotation(window: self).rotate(chosenPhotos, by: command == .rotateClockwise ? 90 : -90)
        case .search: if !isViewing, store.count > 0 || !store.filter.isEmpty { search.toggle() }
        case .back: if info.coversPhotos { info.isShown = false } else if !(isViewing && presentation.leave()) { closeViewer() }
        case .undo, .redo: command == .undo ? history.undo() : history.redo()
        case .largerThumbnails, .smallerThumbnails: preferences.setTileSize(grid.stepTileSize(by: command == .largerThumbnails ? 1 : -1))
        case .defaultThumbnails:
            grid.setTileSize(PhotoTile.defaultSize)
            preferences.setTileSize(PhotoTile.defaultSize)
        case .zoomIn, .zoomOut: command == .zoomIn ? viewer.zoomIn() : viewer.zoomOut()
        case .zoomReset: viewer.zoomToFit()
        case .previous: if isViewing { viewer.step(by: -1) }
        case .next: if isViewing { viewer.step(by: 1) }
        case .fullscreen, .slideshow, .slideshowLonger, .slideshowShorter: presentation.perform(command)
        case .viewerMenu: if isViewing { viewer.contextMenu.open() }
        case .showShortcuts: window.presentHelpOverlay { ShortcutsWindow.builderXML }
        case .quit, .about, .help, .sort, .openFocused, .contextMenu, .clearSelection, .firstResult: break
        }
    }

    private func buildContent() {
        info.root.expandsVertically = true
        let column = Box(.vertical)
        column.append([header.root, readOnlyNote.root, search.root, info.root, importFlow.progressBar.root, exportFlow.progressBar.root, otherComputers.progressBar.root])
        toasts.setChild(PhotoDrops.accept(on: window, over: column) { [weak self] urls in self?.importFlow.importFiles(urls) })
        window.setChild(toasts)
    }

    /// The page the grid's state calls for; the viewer stays until the person leaves it.
    private func updatePage() {
        if isViewing {
            return store.count == 0 ? closeViewer() : followShownPhoto()
        }
        pages.showPhotos(count: store.count, filter: store.filter)
        search.showCount(store.filter.isEmpty ? nil : store.count)
        updateSelection()
    }

    var isViewing: Bool { pages.visible == .viewer }

    /// The header says how many photos are selected, or in the viewer which one is shown.
    private func updateSelection() {
        let selected = grid.selectedCount
        if isViewing {
            // Named by its label, as the grid names it; a photo without one by its file's name.
            let name = viewer.photo.map { $0.label.isEmpty ? $0.displayName : $0.label }
            header.showViewer(photoName: name, position: viewer.position, of: store.count, taken: viewer.photo?.taken)
        } else {
            header.showGrid(selected: selected, in: store)
        }
        info.follow()
        let hasPhoto = isViewing || selected > 0
        // A search that finds nothing leaves the library's photos to export.
        let holdsPhotos = store.count > 0 || !store.filter.isEmpty
        actions.forEach { $1.isEnabled = $0.isEnabled(viewing: isViewing, hasPhoto: hasPhoto, libraryHoldsPhotos: holdsPhotos, writable: !readOnlyNote.isShown) }
    }

    /// The photos the commands act on: the one in the viewer, else the selection.
    var chosenPhotos: [Photo] {
        if isViewing { return viewer.photo.map { [$0] } ?? [] }
        return grid.selectedPhotos
    }

    // MARK: Viewing

    func open(position: Int) {
        guard position >= 0, position < store.count else { return }
        search.captureTyping(false)
        search.root.isVisible = false
        pages.showViewer(viewer.root)
        viewer.show(position: position)
        // The focus leaves the grid, whose keys would otherwise move among the hidden tiles.
        window.clearFocus()
        updateSelection()
    }

    /// Back to the grid, with the photo that was shown selected and scrolled into view.
    func closeViewer() {
        guard isViewing else { return }
        presentation.end()
        let position = viewer.position
        viewer.close()
        search.root.isVisible = true
        search.captureTyping(true)
        pages.show(.photos)
        updatePage()
        grid.view.grabFocus()
        if position < store.count {
            grid.reveal(position: position, focusing: true)
        }
        updateSelection()
    }

    private func afterRemoval() {
        if isViewing {
            store.count == 0 ? closeViewer() : viewer.show(position: min(viewer.position, store.count - 1))
        } else { grid.selectAfterRemoval() }
        updateSelection()
    }

    /// The viewer stays on the photo it shows, which a new label can move in a label order, and
    /// shows it again when it changed here or elsewhere (a label, a turn, its removal).
    private func followShownPhoto() {
        guard isViewing else { return }
        let position = min(viewer.photo.flatMap { store.position(ofPhotoWithID: $0.id) } ?? viewer.position, store.count - 1)
        if store.photo(at: position) != viewer.photo || position != viewer.position { viewer.show(position: position) }
        updateSelection()
    }

    /// Shows photos that came back: in the viewer the first of them, else all of them selected.
    private func reveal(restored positions: [Int]) {
        updatePage()
        guard let first = positions.min() else { return }
        isViewing ? viewer.show(position: first) : grid.reveal(positions: positions, focusing: true)
    }

    // MARK: Sorting and searching

    private func sort(by name: String) {
        guard let order = PhotoOrder(rawValue: name) else { return }
        preferences.setOrder(order)
        try? store.show(order: order, filter: store.filter)
        updatePage()
        grid.goToStart()
    }

    private func filter(by text: String) {
        guard text != store.filter else { return }
        do {
            try store.show(order: store.order, filter: text)
        } catch {
            notification.show(String(format: tr("Searching failed: %@"), error.message))
        }
        // The page and the search's count follow from the store, as after any change.
        updatePage()
    }

    func showContextMenu(atX x: Double, y: Double) {
        guard !grid.selectedPositions.isEmpty else { return }
        contextMenu.open(atX: x, y: y, of: grid.view)
    }

    var contextMenuIsOpen: Bool { contextMenu.isOpen }

    func present() { window.present() }
}
