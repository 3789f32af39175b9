// The main window: a header bar with Import, the grid of photos (or an invitation to import when
// there are none yet), and in-app notifications for problems.
import CGtk
import Foundation
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class LibraryWindow {
    let window: GObjectRef
    let store: PhotoStore
    private(set) var grid: PhotoGrid!
    private(set) var importFlow: ImportFlow!
    let notification = InAppNotification()
    private let stack: GObjectRef
    let textures: TextureCache
    /// Picks up changes made by other connections: the worker's imports and the command line.
    private var refreshTimer: TimeoutSource?

    init(application: GObjectRef, store: PhotoStore, loader: ThumbnailLoader) {
        self.store = store
        window = GObjectRef(gtk_application_window_new(application.typed()))
        stack = GObjectRef(gtk_stack_new())
        textures = TextureCache(loader: loader)
        gtk_window_set_title(window.typed(), "Snapshelf")
        gtk_window_set_default_size(window.typed(), 1000, 700)

        // The window controller's one job for the grid: fill each tile with its photo.
        grid = PhotoGrid(store: store, fillTile: { tile, photo, _ in
            tile.show(photo)
        }, loadThumbnail: { [textures, window] tile, photo in
            // Sharp at the window's scale: the x-large thumbnails serve a scale-2 display.
            let scale = Int(gtk_widget_get_scale_factor(window.typed()))
            let size = ThumbnailCache.Size.fitting(PhotoTile.thumbnailSize, scale: scale)
            tile.thumbnailTicket = textures.texture(for: photo, size: size) { [weak tile] texture in
                tile?.showThumbnail(texture, of: photo.id)
            }
        })
        grid.countChanged = { [weak self] count in self?.showPage(forCount: count) }
        importFlow = ImportFlow(
            store: store, loader: loader, parent: window, notification: notification,
            saved: { [weak self] position in self?.grid.reveal(position: position) }
        )

        SimpleAction.add("import", to: window.raw) { [weak self] in self?.importFlow.chooseFiles() }
        SimpleAction.add("import-folder", to: window.raw) { [weak self] in self?.importFlow.chooseFolders() }
        buildHeader()
        buildContent()
        acceptDrops()
        showPage(forCount: store.count)
        refreshTimer = MainLoop.performRepeatedly(every: 700) { [weak self] in
            guard let self else { return false }
            // A busy library just waits for the next tick.
            try? store.refreshIfChanged()
            return true
        }
        window.connect("destroy") { [weak self] in self?.refreshTimer?.cancel() }
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

    private func buildHeader() {
        let header = gtk_header_bar_new()!
        let importButton = gtk_button_new()!
        let content = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_box_append(content.gCast(), gtk_image_new_from_icon_name("list-add-symbolic"))
        gtk_box_append(content.gCast(), gtk_label_new_with_mnemonic("_Import"))
        gtk_button_set_child(importButton.gCast(), content)
        gtk_widget_set_tooltip_text(importButton, "Import Photos (Ctrl+O)")
        gtk_actionable_set_action_name(importButton.gOpaque, "win.import")
        gtk_header_bar_pack_start(header.gOpaque, importButton)

        let menu = g_menu_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(menu)) }
        g_menu_append(menu, "Import _Photos…", "win.import")
        g_menu_append(menu, "Import _Folder…", "win.import-folder")
        let menuButton = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(menuButton.gOpaque, "open-menu-symbolic")
        gtk_menu_button_set_menu_model(menuButton.gOpaque, menu.gCast())
        gtk_widget_set_tooltip_text(menuButton, "Main Menu")
        gtk_header_bar_pack_end(header.gOpaque, menuButton)
        gtk_window_set_titlebar(window.typed(), header)
    }

    private func buildContent() {
        gtk_stack_set_transition_type(stack.opaque, GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        // Sized by the page on show only, so a grid of photos does not also measure and load the empty page.
        gtk_stack_set_hhomogeneous(stack.opaque, 0)
        gtk_stack_set_vhomogeneous(stack.opaque, 0)
        gtk_stack_add_named(stack.opaque, emptyState(), "empty")
        gtk_stack_add_named(stack.opaque, grid.root.typed(), "photos")
        let overlay = gtk_overlay_new()!
        gtk_overlay_set_child(overlay.gOpaque, stack.typed())
        gtk_overlay_add_overlay(overlay.gOpaque, notification.root.typed())
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_set_vexpand(overlay, 1)
        gtk_box_append(column.gCast(), overlay)
        gtk_box_append(column.gCast(), importFlow.progressBar.root.typed())
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
        let title = gtk_label_new("No Photos Yet")!
        gtk_widget_add_css_class(title, "empty-title")
        let body = gtk_label_new("Import photos to keep them here, each with a label of your own.")!
        gtk_label_set_wrap(body.gOpaque, 1)
        gtk_label_set_justify(body.gOpaque, GTK_JUSTIFY_CENTER)
        let button = gtk_button_new_with_mnemonic("_Import Photos…")!
        gtk_widget_add_css_class(button, "suggested-action")
        gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_top(button, 12)
        gtk_actionable_set_action_name(button.gOpaque, "win.import")
        for child in [icon, title, body, button] {
            gtk_box_append(page.gCast(), child)
        }
        return page
    }

    private func showPage(forCount count: Int) {
        gtk_stack_set_visible_child_name(stack.opaque, count == 0 ? "empty" : "photos")
    }

    var visiblePageName: String { String(cString: gtk_stack_get_visible_child_name(stack.opaque)) }

    func present() {
        gtk_window_present(window.typed())
    }
}
