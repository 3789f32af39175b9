// The grid of photo tiles. The PhotoStore is its data source through a Swift-backed GListModel;
// the window controller supplies the closures that fill each tile and load its thumbnail, and this
// adapter keeps GTK's factory, selection and recycling away from both. GTK keeps many more tiles
// bound than fit on screen, so thumbnails are asked for only once a tile is near the view.
import CGtk
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class PhotoGrid {
    /// Fills a recycled tile with the photo at a position; supplied by the window controller.
    typealias TileFiller = @MainActor (_ tile: PhotoTile, _ photo: Photo, _ position: Int) -> Void
    /// Starts loading the thumbnail of a bound tile that has come near the view.
    typealias ThumbnailLoading = @MainActor (_ tile: PhotoTile, _ photo: Photo) -> Void

    /// How far outside the view a mapped tile still counts as near, for the row GTK keeps
    /// partly shown at each edge.
    private static let nearMargin: Float = 240

    private static let tileKey = "snapshelf-photo-tile"

    /// The grid inside its scrolled window: what the window puts on screen.
    let root: GObjectRef
    let view: GObjectRef
    private let store: PhotoStore
    let model: ListModel
    private let selection: GObjectRef
    private let factory: GObjectRef
    private let fillTile: TileFiller
    private let loadThumbnail: ThumbnailLoading
    /// Whether binding or scrolling may have brought tiles near the view since the last look.
    private var needsVisibilityPass = false
    /// Tiles bound to a photo now, which are the ones GTK shows or keeps ready near the view.
    private(set) var boundTiles: [PhotoTile] = []
    /// Called after photos arrive or leave, with the new count.
    var countChanged: (@MainActor (Int) -> Void)?

    init(store: PhotoStore, fillTile: @escaping TileFiller, loadThumbnail: @escaping ThumbnailLoading) {
        self.store = store
        self.fillTile = fillTile
        self.loadThumbnail = loadThumbnail
        model = ListModel(count: { store.count }, key: { store.photo(at: $0)?.id ?? -1 })
        selection = GObjectRef(adopting: gtk_single_selection_new(model.object.transferred))
        gtk_single_selection_set_autoselect(selection.opaque, 0)
        gtk_single_selection_set_can_unselect(selection.opaque, 1)
        // Autoselect chose the first photo already; nothing is selected until the person picks.
        gtk_single_selection_set_selected(selection.opaque, guint(GTK_INVALID_LIST_POSITION))
        factory = GObjectRef(adopting: gtk_signal_list_item_factory_new())
        view = GObjectRef(gtk_grid_view_new(selection.transferred, factory.transferred))
        // GTK 4.8 keeps about 30 rows of max-columns tiles alive whatever the size of the library, so
        // the limit is what the widest common screen needs rather than anything higher.
        gtk_grid_view_set_max_columns(view.opaque, 8)
        gtk_grid_view_set_min_columns(view.opaque, 1)
        gtk_widget_add_css_class(view.typed(), "photo-grid")
        root = GObjectRef(gtk_scrolled_window_new())
        gtk_scrolled_window_set_policy(root.opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(root.opaque, view.typed())
        gtk_widget_set_vexpand(root.typed(), 1)
        gtk_widget_set_hexpand(root.typed(), 1)

        factory.connect("setup") { item in Self.setUp(item) }
        factory.connect("bind") { [weak self] item in self?.bind(item) }
        factory.connect("unbind") { [weak self] item in self?.unbind(item) }
        let adjustment = gtk_scrolled_window_get_vadjustment(root.opaque)!
        for signal in ["value-changed", "changed"] {
            SignalConnection.connect(UnsafeMutableRawPointer(adjustment), signal) { [weak self] in
                self?.needsVisibilityPass = true
            }
        }
        // After each frame is laid out and drawn, the tiles' places are known.
        view.connect("realize") { [weak self] in
            guard let self, let clock = gtk_widget_get_frame_clock(view.typed()) else { return }
            SignalConnection.connect(UnsafeMutableRawPointer(clock), "after-paint") { [weak self] in
                self?.loadThumbnailsNearTheView()
            }
        }
        store.itemsChanged = { [weak self] position, removed, added in
            guard let self else { return }
            model.itemsChanged(position: position, removed: removed, added: added)
            countChanged?(store.count)
        }
    }

    /// Selects the photo at a position and scrolls it into view.
    func reveal(position: Int) {
        gtk_selection_model_select_item(selection.opaque, guint(position), 1)
        // GTK 4.8 has no gtk_grid_view_scroll_to; its built-in action does the same.
        let target = g_variant_ref_sink(g_variant_new_uint32(guint(position)))
        defer { g_variant_unref(target) }
        gtk_widget_activate_action_variant(view.typed(), "list.scroll-to-item", target)
    }

    var selectedPosition: Int? {
        let position = gtk_single_selection_get_selected(selection.opaque)
        return position == GTK_INVALID_LIST_POSITION ? nil : Int(position)
    }

    private static func setUp(_ item: UnsafeMutableRawPointer?) {
        guard let item else { return }
        let tile = PhotoTile()
        gtk_list_item_set_child(OpaquePointer(item), tile.root.typed())
        ObjectData.attach(tile, to: item, key: tileKey)
    }

    private func bind(_ item: UnsafeMutableRawPointer?) {
        guard let item, let tile = ObjectData.attached(PhotoTile.self, to: item, key: Self.tileKey),
              let id = ListModel.key(ofItem: gtk_list_item_get_item(OpaquePointer(item))) else { return }
        let position = Int(gtk_list_item_get_position(OpaquePointer(item)))
        // The key is the authority: the position can be stale while items are being inserted.
        guard let photo = store.photo(at: position), photo.id == id else { return }
        fillTile(tile, photo, position)
        boundTiles.append(tile)
        needsVisibilityPass = true
    }

    private func loadThumbnailsNearTheView() {
        guard needsVisibilityPass else { return }
        needsVisibilityPass = false
        let height = Float(gtk_widget_get_height(root.typed()))
        // GTK maps only the bound tiles inside the view; the rest wait, unmapped, for a scroll.
        for tile in boundTiles where !tile.isLoadingThumbnail && gtk_widget_get_mapped(tile.root.typed()) != 0 {
            var bounds = graphene_rect_t()
            guard let photo = tile.photo, gtk_widget_compute_bounds(tile.root.typed(), root.typed(), &bounds) != 0 else {
                // Not laid out yet: look again after the next frame.
                needsVisibilityPass = true
                continue
            }
            if bounds.origin.y < height + Self.nearMargin && bounds.origin.y + bounds.size.height > -Self.nearMargin {
                tile.isLoadingThumbnail = true
                loadThumbnail(tile, photo)
            }
        }
    }

    /// Tiles that have started loading their thumbnail, which are those that came near the view.
    var tilesLoadingThumbnails: [PhotoTile] { boundTiles.filter(\.isLoadingThumbnail) }

    private func unbind(_ item: UnsafeMutableRawPointer?) {
        guard let item, let tile = ObjectData.attached(PhotoTile.self, to: item, key: Self.tileKey) else { return }
        tile.clear()
        boundTiles.removeAll { $0 === tile }
    }
}
