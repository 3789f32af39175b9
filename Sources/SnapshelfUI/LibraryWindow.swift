// The main window: a header bar with Import, search and the main menu; the grid of photos (or an
// invitation to import when there are none yet, or a note when a search matches none); the
// viewer; and in-window notifications for problems and for undoing a removal. The actions on
// photos (open, edit label, copy, show in files, export, remove) act on the selection, or in the
// viewer on the photo shown.
import CGtk
import Foundation
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class LibraryWindow {
    let window: ApplicationWindow
    let store: PhotoStore
    private(set) var grid: PhotoGrid!
    private(set) var importFlow: ImportFlow!
    private(set) var exportFlow: ExportFlow!
    /// Made when a photo is first opened, so start-up builds only what the first screen shows.
    private(set) lazy var viewer: PhotoViewer = {
        let viewer = PhotoViewer(store: store, loader: loader, textures: textures)
        viewer.moved = { [weak self] _ in self?.updateSelection() }
        gtk_stack_add_named(stack.opaque, viewer.root.typed(), "viewer")
        return viewer
    }()
    private(set) var search: SearchPanel!
    let notification = InAppNotification()
    let undoNotice = UndoNotice()
    let preferences: Preferences
    private let stack: GObjectRef
    private let loader: ThumbnailLoader
    let textures: TextureCache
    private let title = GObjectRef(gtk_label_new("Snapshelf"))
    private let subtitle = GObjectRef(gtk_label_new(nil))
    private let backButton = GObjectRef(gtk_button_new_from_icon_name("go-previous-symbolic"))
    private let editButton = GObjectRef(gtk_button_new_from_icon_name("document-edit-symbolic"))
    private let noResults = GObjectRef(gtk_label_new(nil))
    private var contextMenu: GObjectRef?
    private(set) var editDialog: LabelDialog?
    /// The actions that need a photo to act on, enabled only when there is one.
    private var photoActions: [GObjectRef] = []
    /// Picks up changes made by other connections: the worker's imports and the command line.
    private var refreshTimer: TimeoutSource?

    init(application: Application, store: PhotoStore, loader: ThumbnailLoader, preferences: Preferences = Preferences()) {
        self.store = store
        self.loader = loader
        self.preferences = preferences
        window = ApplicationWindow(application: application)
        stack = GObjectRef(gtk_stack_new())
        textures = TextureCache(loader: loader)
        gtk_window_set_title(window.typed(), "Snapshelf")
        gtk_window_set_default_size(window.typed(), gint(preferences.windowSize.width), gint(preferences.windowSize.height))
        if preferences.isMaximized {
            gtk_window_maximize(window.typed())
        }
        if SnapshelfApplication.isDevelopment {
            gtk_widget_add_css_class(window.typed(), "devel")
        }
        if preferences.order != store.order {
            try? store.show(order: preferences.order)
        }

        // The window controller's one job for the grid: fill each tile with its photo.
        grid = PhotoGrid(store: store, fillTile: { tile, photo, _ in
            tile.show(photo)
        }, loadThumbnail: { [textures, window] tile, photo in
            // Sharp at the window's scale: the x-large thumbnails serve a scale-2 display.
            let scale = Int(gtk_widget_get_scale_factor(window.typed()))
            let size = ThumbnailCache.Size.fitting(tile.size, scale: scale)
            tile.thumbnailTicket = textures.texture(for: photo, size: size) { [weak tile] texture in
                tile?.showThumbnail(texture, of: photo.id)
            }
        })
        grid.setTileSize(preferences.tileSize)
        grid.countChanged = { [weak self] _ in self?.updatePage() }
        grid.activated = { [weak self] position in self?.open(position: position) }
        grid.selectionChanged = { [weak self] in self?.updateSelection() }
        grid.contextMenuRequested = { [weak self] x, y in self?.showContextMenu(atX: x, y: y) }
        search = SearchPanel(window: window)
        search.changed = { [weak self] text in self?.filter(by: text) }
        importFlow = ImportFlow(
            store: store, loader: loader, parent: window, notification: notification,
            saved: { [weak self] position in self?.grid.reveal(position: position) }
        )
        exportFlow = ExportFlow(parent: window, notification: notification) { [weak self] in self?.chosenPhotos ?? [] }

        installActions()
        buildHeader()
        buildContent()
        acceptDrops()
        updatePage()
        updateSelection()
        refreshTimer = MainLoop.performRepeatedly(every: .milliseconds(700)) { [weak self] in
            guard let self else { return false }
            // A busy library just waits for the next tick.
            try? store.refreshIfChanged()
            return true
        }
        // Unrealized when it closes, whoever closes it: the person, Ctrl+Q or a test. ("destroy"
        // would come only once the last reference went, and this controller holds one.)
        window.connect("unrealize") { [weak self] () -> Void in
            self?.rememberWindowSize()
            self?.refreshTimer?.cancel()
            // A removal still offering its undo is completed: the window that could undo it is gone.
            self?.undoNotice.finish()
        }
    }

    /// Files and folders dropped from a file manager are imported like chosen ones.
    private func acceptDrops() {
        let target = gtk_drop_target_new(gdk_file_list_get_type(), GDK_ACTION_COPY)!
        SignalConnection.connect(UnsafeMutableRawPointer(target), "drop") { [weak self] value, _, _ in
            guard let self, let value, let list = g_value_get_boxed(value.assumingMemoryBound(to: GValue.self)) else {
                return false
            }
            let files = gdk_file_list_get_files(OpaquePointer(list))
            defer { g_slist_free(files) }
            var urls: [URL] = []
            var node = files
            while let current = node {
                if let url = ImportFlow.url(of: OpaquePointer(current.pointee.data)) {
                    urls.append(url)
                }
                node = current.pointee.next
            }
            importFlow.importFiles(urls)
            return !urls.isEmpty
        }
        gtk_widget_add_controller(window.typed(), target)
    }

    private func installActions() {
        let map = window.raw
        SimpleAction.add("import", to: map) { [weak self] in self?.importFlow.chooseFiles() }
        SimpleAction.add("import-folder", to: map) { [weak self] in self?.importFlow.chooseFolders() }
        photoActions = [
            SimpleAction.add("open", to: map) { [weak self] in
                guard let self, let position = grid.selectedPositions.first else { return }
                open(position: position)
            },
            SimpleAction.add("edit-label", to: map) { [weak self] in self?.editLabel() },
            SimpleAction.add("copy", to: map) { [weak self] in self?.copyImage() },
            SimpleAction.add("show-in-files", to: map) { [weak self] in self?.showInFiles() },
            SimpleAction.add("export", to: map) { [weak self] in self?.exportFlow.chooseFolder() },
            SimpleAction.add("remove", to: map) { [weak self] in self?.removeChosenPhotos() },
        ]
        SimpleAction.add("select-all", to: map) { [weak self] in
            guard let self, !isViewing else { return }
            grid.selectAll()
        }
        SimpleAction.add("search", to: map) { [weak self] in
            guard let self, !isViewing, store.count > 0 || !store.filter.isEmpty else { return }
            search.toggle()
        }
        SimpleAction.add("back", to: map) { [weak self] in self?.closeViewer() }
        SimpleAction.add("undo", to: map) { [weak self] in
            guard let self, undoNotice.isShown else { return }
            undoNotice.undo()
        }
        SimpleAction.add("zoom-in", to: map) { [weak self] in self?.zoom(by: 1) }
        SimpleAction.add("zoom-out", to: map) { [weak self] in self?.zoom(by: -1) }
        SimpleAction.add("zoom-reset", to: map) { [weak self] in
            guard let self, isViewing else { return }
            viewer.zoomToFit()
        }
        StatefulAction.add("sort", to: map, state: store.order.rawValue) { [weak self] name in
            guard let self, let order = PhotoOrder(rawValue: name) else { return }
            preferences.setOrder(order)
            try? store.show(order: order, filter: store.filter)
            updatePage()
        }
        SimpleAction.add("previous", to: map) { [weak self] in
            guard let self, isViewing else { return }
            viewer.step(by: -1)
        }
        SimpleAction.add("next", to: map) { [weak self] in
            guard let self, isViewing else { return }
            viewer.step(by: 1)
        }
        // On the window, these come after the focused widget had its turn: the grid moves its focus
        // with the arrows and a search entry deletes text, and only what they leave reaches here.
        Shortcuts.add([
            ("KP_Delete", "win.remove"), ("Delete", "win.remove"), ("Escape", "win.back"), ("<Alt>Left", "win.back"),
            ("Left", "win.previous"), ("Right", "win.next"), ("<Control>z", "win.undo"),
        ], to: window.raw)
    }

    private func buildHeader() {
        let header = gtk_header_bar_new()!
        gtk_widget_set_tooltip_text(backButton.typed(), tr("Back to All Photos"))
        backButton.setAccessibleLabel(tr("Back"))
        gtk_actionable_set_action_name(backButton.opaque, "win.back")
        gtk_header_bar_pack_start(header.gOpaque, backButton.typed())

        let importButton = gtk_button_new()!
        let content = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_box_append(content.gCast(), gtk_image_new_from_icon_name("list-add-symbolic"))
        gtk_box_append(content.gCast(), gtk_label_new_with_mnemonic(tr("_Import")))
        gtk_button_set_child(importButton.gCast(), content)
        gtk_widget_set_tooltip_text(importButton, tr("Import Photos (Ctrl+O)"))
        gtk_actionable_set_action_name(importButton.gOpaque, "win.import")
        gtk_header_bar_pack_start(header.gOpaque, importButton)

        let titles = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_set_valign(titles, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(title.typed(), "title")
        gtk_label_set_ellipsize(title.opaque, PANGO_ELLIPSIZE_END)
        gtk_widget_add_css_class(subtitle.typed(), "subtitle")
        gtk_box_append(titles.gCast(), title.typed())
        gtk_box_append(titles.gCast(), subtitle.typed())
        gtk_header_bar_set_title_widget(header.gOpaque, titles)

        let menuButton = GObjectRef(gtk_menu_button_new())
        gtk_menu_button_set_icon_name(menuButton.opaque, "open-menu-symbolic")
        let menu = WindowMenus.main()
        withExtendedLifetime(menu) { gtk_menu_button_set_menu_model(menuButton.opaque, menu.typed()) }
        gtk_widget_set_tooltip_text(menuButton.typed(), tr("Main Menu"))
        menuButton.setAccessibleLabel(tr("Main Menu"))
        gtk_header_bar_pack_end(header.gOpaque, menuButton.typed())

        gtk_widget_set_tooltip_text(editButton.typed(), tr("Edit Label (F2)"))
        editButton.setAccessibleLabel(tr("Edit Label"))
        gtk_actionable_set_action_name(editButton.opaque, "win.edit-label")
        gtk_header_bar_pack_end(header.gOpaque, editButton.typed())

        let searchButton = GObjectRef(gtk_button_new_from_icon_name("system-search-symbolic"))
        gtk_widget_set_tooltip_text(searchButton.typed(), tr("Search Labels (Ctrl+F)"))
        searchButton.setAccessibleLabel(tr("Search"))
        gtk_actionable_set_action_name(searchButton.opaque, "win.search")
        gtk_header_bar_pack_end(header.gOpaque, searchButton.typed())
        gtk_window_set_titlebar(window.typed(), header)
    }

    private func buildContent() {
        gtk_stack_set_transition_type(stack.opaque, GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        // Sized by the page on show only, so a grid of photos does not also measure and load the empty page.
        gtk_stack_set_hhomogeneous(stack.opaque, 0)
        gtk_stack_set_vhomogeneous(stack.opaque, 0)
        gtk_stack_add_named(stack.opaque, emptyState(), "empty")
        gtk_stack_add_named(stack.opaque, grid.root.typed(), "photos")
        gtk_widget_add_css_class(noResults.typed(), "no-results")
        gtk_label_set_wrap(noResults.opaque, 1)
        gtk_stack_add_named(stack.opaque, noResults.typed(), "no-results")
        let overlay = gtk_overlay_new()!
        gtk_overlay_set_child(overlay.gOpaque, stack.typed())
        gtk_overlay_add_overlay(overlay.gOpaque, notification.root.typed())
        gtk_overlay_add_overlay(overlay.gOpaque, undoNotice.root.typed())
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_set_vexpand(overlay, 1)
        gtk_box_append(column.gCast(), search.root.typed())
        gtk_box_append(column.gCast(), overlay)
        gtk_box_append(column.gCast(), importFlow.progressBar.root.typed())
        gtk_box_append(column.gCast(), exportFlow.progressBar.root.typed())
        gtk_window_set_child(window.typed(), column)
    }

    private func emptyState() -> UnsafeMutablePointer<GtkWidget> {
        let page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        gtk_widget_add_css_class(page, "empty-state")
        gtk_widget_set_valign(page, GTK_ALIGN_CENTER)
        gtk_widget_set_halign(page, GTK_ALIGN_CENTER)
        let icon = gtk_image_new_from_icon_name("image-x-generic-symbolic")!
        gtk_image_set_pixel_size(icon.gOpaque, 128)
        gtk_widget_add_css_class(icon, "empty-icon")
        gtk_widget_set_margin_bottom(icon, 12)
        let title = gtk_label_new(tr("No Photos Yet"))!
        gtk_widget_add_css_class(title, "empty-title")
        let body = gtk_label_new(tr("Import photos to keep them here, each with a label of your own."))!
        gtk_label_set_wrap(body.gOpaque, 1)
        gtk_label_set_justify(body.gOpaque, GTK_JUSTIFY_CENTER)
        let button = gtk_button_new_with_mnemonic(tr("_Import Photos…"))!
        gtk_widget_add_css_class(button, "suggested-action")
        gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_top(button, 12)
        gtk_actionable_set_action_name(button.gOpaque, "win.import")
        for child in [icon, title, body, button] {
            gtk_box_append(page.gCast(), child)
        }
        return page
    }

    /// The page the grid's state calls for; the viewer stays until the person leaves it.
    private func updatePage() {
        if isViewing {
            if store.count == 0 { closeViewer() }
            return
        }
        let page = store.count > 0 ? "photos" : store.filter.isEmpty ? "empty" : "no-results"
        gtk_stack_set_visible_child_name(stack.opaque, page)
        gtk_label_set_text(noResults.opaque, String(format: tr("No photos have a label with “%@”."), store.filter))
        if !store.filter.isEmpty {
            search.showCount(store.count)
        }
    }

    var visiblePageName: String { String(cString: gtk_stack_get_visible_child_name(stack.opaque)) }
    var isViewing: Bool { visiblePageName == "viewer" }

    /// The header says how many photos are selected, or in the viewer which one is shown.
    private func updateSelection() {
        let selected = grid.selectedCount
        let text: String
        if isViewing {
            text = String(format: tr("%d of %d"), viewer.position + 1, store.count)
            gtk_label_set_text(title.opaque, viewer.photo?.originalName ?? "Snapshelf")
        } else {
            text = selected == 0 ? "" : String(format: trn("%d photo selected", "%d photos selected", selected), selected)
            gtk_label_set_text(title.opaque, "Snapshelf")
        }
        gtk_label_set_text(subtitle.opaque, text)
        gtk_widget_set_visible(subtitle.typed(), text.isEmpty ? 0 : 1)
        gtk_widget_set_visible(backButton.typed(), isViewing ? 1 : 0)
        gtk_widget_set_visible(editButton.typed(), isViewing ? 1 : 0)
        let hasPhoto = isViewing || selected > 0
        photoActions.forEach { SimpleAction.setEnabled($0, hasPhoto) }
    }

    var subtitleText: String { String(cString: gtk_label_get_text(subtitle.opaque)) }

    /// The photos the actions act on: the one in the viewer, else the selection.
    private var chosenPhotos: [Photo] {
        if isViewing { return viewer.photo.map { [$0] } ?? [] }
        return grid.selectedPhotos
    }

    // MARK: Viewing

    func open(position: Int) {
        guard position >= 0, position < store.count else { return }
        search.captureTyping(false)
        gtk_widget_set_visible(search.root.typed(), 0)
        let viewer = self.viewer
        gtk_stack_set_visible_child_name(stack.opaque, "viewer")
        viewer.show(position: position)
        // The focus leaves the grid, whose keys would otherwise move among the hidden tiles.
        gtk_window_set_focus(window.typed(), nil)
        updateSelection()
    }

    /// Back to the grid, with the photo that was shown selected and scrolled into view.
    func closeViewer() {
        guard isViewing else { return }
        let position = viewer.position
        viewer.close()
        gtk_widget_set_visible(search.root.typed(), 1)
        search.captureTyping(true)
        gtk_stack_set_visible_child_name(stack.opaque, "photos")
        updatePage()
        if position < store.count {
            grid.reveal(position: position)
        }
        gtk_widget_grab_focus(grid.view.typed())
        updateSelection()
    }

    private func zoom(by steps: Int) {
        if isViewing {
            steps > 0 ? viewer.zoomIn() : viewer.zoomOut()
            return
        }
        let sizes = PhotoTile.sizes
        let index = sizes.firstIndex(of: grid.tileSize) ?? sizes.firstIndex(of: PhotoTile.defaultSize)!
        let size = sizes[min(max(index + steps, 0), sizes.count - 1)]
        grid.setTileSize(size)
        preferences.setTileSize(size)
    }

    // MARK: Searching

    private func filter(by text: String) {
        guard text != store.filter else { return }
        do {
            try store.show(order: store.order, filter: text)
        } catch {
            notification.show(String(format: tr("Searching failed: %@"), "\(error)"))
        }
        // The page and the search's count follow from the store, as after any change.
        updatePage()
        updateSelection()
    }

    // MARK: Acting on photos

    func showContextMenu(atX x: Double, y: Double) {
        guard !grid.selectedPositions.isEmpty else { return }
        if contextMenu == nil {
            // Held by name: a temporary would be released before the popover takes its own reference.
            let model = WindowMenus.photo()
            let popover = withExtendedLifetime(model) { GObjectRef(gtk_popover_menu_new_from_model(model.typed())) }
            gtk_widget_set_parent(popover.typed(), grid.root.typed())
            // A popover given a parent by hand must leave it before the parent is gone.
            grid.root.connect("destroy") { () -> Void in gtk_widget_unparent(popover.typed()) }
            gtk_popover_set_has_arrow(popover.typed(), 0)
            gtk_popover_set_position(popover.typed(), GTK_POS_BOTTOM)
            contextMenu = popover
        }
        guard let contextMenu else { return }
        // The grid's point, in the scrolled window's coordinates where the menu hangs.
        var outerX = 0.0
        var outerY = 0.0
        gtk_widget_translate_coordinates(grid.view.typed(), grid.root.typed(), x, y, &outerX, &outerY)
        var point = GdkRectangle(x: gint(outerX), y: gint(outerY), width: 1, height: 1)
        gtk_popover_set_pointing_to(contextMenu.typed(), &point)
        gtk_popover_popup(contextMenu.typed())
        // The keyboard goes to the menu, as from a menu button, so the Menu key then arrows work.
        gtk_widget_child_focus(contextMenu.typed(), GTK_DIR_TAB_FORWARD)
    }

    var contextMenuIsOpen: Bool { contextMenu.map { gtk_widget_get_visible($0.typed()) != 0 } ?? false }

    /// The same dialog as for importing, filled in with the label; it applies to every chosen photo.
    func editLabel() {
        let photos = chosenPhotos
        guard let first = photos.first else { return }
        editDialog?.close()
        let dialog = LabelDialog(parent: window)
        editDialog = dialog
        dialog.edit(first, thumbnail: nil)
        if photos.count > 1 {
            gtk_window_set_title(dialog.window.typed(), String(format: trn("Edit Label of %d Photo", "Edit Label of %d Photos", photos.count), photos.count))
        }
        let ticket = textures.texture(for: first, size: .large) { [weak dialog] texture in dialog?.showThumbnail(texture) }
        dialog.onResponse = { [weak self, weak dialog] response in
            ticket.cancel()
            dialog?.close()
            guard let self else { return }
            editDialog = nil
            guard case .save(let text, _) = response else { return }
            relabel(photos, as: text)
        }
    }

    private func relabel(_ photos: [Photo], as text: String) {
        do {
            let label = try SnapshelfModel.Label(text)
            try store.library.relabel(photosWithIDs: photos.map(\.id), as: label)
            try store.refresh()
            if let note = label.normalisation {
                notification.show(note)
            }
        } catch {
            notification.show(String(format: tr("The label was not changed: %@"), "\(error)"))
        }
        if isViewing {
            viewer.reload()
        }
    }

    /// Takes the chosen photos out at once; their files wait for the undo to expire before they
    /// go to the Trash.
    func removeChosenPhotos() {
        let photos = chosenPhotos
        guard !photos.isEmpty else { return }
        let viewing = isViewing
        let removal: Removal
        do {
            removal = try store.library.remove(photosWithIDs: photos.map(\.id))
            try store.refresh()
        } catch {
            notification.show(String(format: tr("The photos were not removed: %@"), "\(error)"))
            return
        }
        let count = removal.photos.count
        undoNotice.show(String(format: trn("Removed %d photo", "Removed %d photos", count), count), undo: { [weak self] in
            self?.undo(removal)
        }, finish: { [weak self] in
            self?.complete(removal)
        })
        if viewing {
            store.count == 0 ? closeViewer() : viewer.show(position: min(viewer.position, store.count - 1))
        }
        updateSelection()
    }

    private func undo(_ removal: Removal) {
        do {
            try store.library.undo(removal)
            try store.refresh()
        } catch {
            notification.show(String(format: tr("The photos could not be put back: %@"), "\(error)"))
            return
        }
        updatePage()
        guard !isViewing else { return }
        let positions = removal.photos.compactMap { store.position(ofPhotoWithID: $0.id) }
        if let first = positions.min() {
            grid.reveal(position: first)
            grid.select(positions: positions)
        }
    }

    /// Sends the files to the Trash. Photos whose files it will not take come back into the
    /// grid, since their copies are never deleted, and the person is told why.
    private func complete(_ removal: Removal) {
        let failures: [TrashFailure]
        do {
            failures = try store.library.complete(removal)
        } catch {
            notification.show(String(format: tr("Removed photos stay in the library folder: %@"), "\(error)"))
            return
        }
        guard let first = failures.first else { return }
        try? store.refresh()
        updatePage()
        let message = failures.count == 1
            ? String(format: tr("“%@” could not be moved to the Trash: %@."), first.photo.originalName, first.explanation)
            : String(format: trn("%d photo could not be moved to the Trash: %@.", "%d photos could not be moved to the Trash: %@.",
                                 failures.count), failures.count, first.explanation)
        notification.show(message)
    }

    /// Puts the photo itself, not its thumbnail, on the clipboard once it is decoded.
    func copyImage() {
        guard let photo = chosenPhotos.first else { return }
        loader.image(of: photo.fileURL, fittingIn: PhotoViewer.decodedSize) { result in
            MainLoop.perform { [weak self] in
                guard let self else { return }
                switch result {
                case .success(let image):
                    let texture = GObjectRef(adopting: gdk_texture_new_for_pixbuf(image.pixbuf))
                    gdk_clipboard_set_texture(gtk_widget_get_clipboard(window.typed()), texture.opaque)
                case .failure(let error):
                    notification.show(String(format: tr("The photo was not copied: %@"), "\(error)"))
                }
            }
        }
    }

    /// Asks the file manager to show the library's copy; without one, opens its folder.
    func showInFiles() {
        guard let photo = chosenPhotos.first else { return }
        let uri = photo.fileURL.absoluteString
        SessionBus.call("org.freedesktop.FileManager1", path: "/org/freedesktop/FileManager1",
                        interface: "org.freedesktop.FileManager1", method: "ShowItems",
                        strings: [uri], string: "") { [weak self] shown in
            guard !shown else { return }
            let folder = photo.fileURL.deletingLastPathComponent().absoluteString
            var error: UnsafeMutablePointer<GError>?
            if g_app_info_launch_default_for_uri(folder, nil, &error) == 0 {
                let reason = error.map { String(cString: $0.pointee.message) } ?? tr("no file manager answered")
                if let error { g_error_free(error) }
                self?.notification.show(String(format: tr("The photo could not be shown in Files: %@. It is %@."), reason, photo.fileURL.path))
            }
        }
    }

    /// The unmaximized size, which GTK keeps as the default size while the window is maximized.
    private func rememberWindowSize() {
        var width: gint = 0
        var height: gint = 0
        gtk_window_get_default_size(window.typed(), &width, &height)
        preferences.setWindow(width: Int(width), height: Int(height), maximized: gtk_window_is_maximized(window.typed()) != 0)
    }

    func present() {
        gtk_window_present(window.typed())
    }
}
