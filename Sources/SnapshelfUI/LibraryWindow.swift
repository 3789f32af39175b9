// The main window: a header bar with Import, the grid of photos (or an invitation to import when
// there are none yet), and in-app notifications for problems.
import CGtk
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
    private let thumbnails: ThumbnailCache

    init(application: GObjectRef, store: PhotoStore, loader: ThumbnailLoader) {
        self.store = store
        window = GObjectRef(gtk_application_window_new(application.typed()))
        stack = GObjectRef(gtk_stack_new())
        thumbnails = ThumbnailCache(loader: loader, size: PhotoTile.thumbnailSize)
        gtk_window_set_title(window.typed(), "Snapshelf")
        gtk_window_set_default_size(window.typed(), 1000, 700)

        // The window controller's one job for the grid: fill each tile with its photo.
        grid = PhotoGrid(store: store) { [thumbnails] tile, photo, _ in
            tile.show(photo)
            thumbnails.texture(for: photo) { [weak tile] texture in tile?.showThumbnail(texture, of: photo.id) }
        }
        grid.countChanged = { [weak self] count in self?.showPage(forCount: count) }
        importFlow = ImportFlow(
            store: store, loader: loader, parent: window,
            report: { [notification] message in notification.show(message) },
            saved: { [weak self] position in self?.grid.reveal(position: position) }
        )

        SimpleAction.add("import", to: window.raw) { [weak self] in self?.importFlow.chooseFiles() }
        buildHeader()
        buildContent()
        showPage(forCount: store.count)
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
        gtk_window_set_titlebar(window.typed(), header)
    }

    private func buildContent() {
        gtk_stack_set_transition_type(stack.opaque, GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        gtk_stack_add_named(stack.opaque, emptyState(), "empty")
        gtk_stack_add_named(stack.opaque, grid.root.typed(), "photos")
        let overlay = gtk_overlay_new()!
        gtk_overlay_set_child(overlay.gOpaque, stack.typed())
        gtk_overlay_add_overlay(overlay.gOpaque, notification.root.typed())
        gtk_window_set_child(window.typed(), overlay)
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
