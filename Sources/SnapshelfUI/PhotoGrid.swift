// The grid of photo tiles. The PhotoStore is its data source through a Swift-backed GListModel;
// the window controller supplies the closures that fill each tile and load its thumbnail, and this
// adapter keeps GTK's factory, selection and recycling away from both. GTK keeps many more tiles
// bound than fit on screen, so thumbnails are asked for only once a tile is near the view.
// Several photos can be selected (Ctrl and Shift clicks, Ctrl+A); a double-click, Enter or Space
// opens one, and a right-click or the Menu key asks for the context menu.
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
    /// Keeps the list model following the store for as long as the grid lives.
    private var storeSubscription: Subscription?
    /// Every tile GTK keeps a slot for, bound or not, so a new size reaches them all.
    private var tiles: [PhotoTile] = []
    private(set) var tileSize = PhotoTile.defaultSize
    private let fillTile: TileFiller
    private let loadThumbnail: ThumbnailLoading
    /// Whether binding or scrolling may have brought tiles near the view since the last look.
    private var needsVisibilityPass = false
    /// Tiles bound to a photo now, which are the ones GTK shows or keeps ready near the view.
    private(set) var boundTiles: [PhotoTile] = []
    /// Called after photos arrive or leave, with the new count.
    var countChanged: (@MainActor (Int) -> Void)?
    /// Called when a photo is opened: double-click, Enter or Space.
    var activated: (@MainActor (Int) -> Void)?
    var selectionChanged: (@MainActor () -> Void)?
    /// Called for a right-click (with the point, in the grid's coordinates) or the Menu key.
    var contextMenuRequested: (@MainActor (_ x: Double, _ y: Double) -> Void)?

    init(store: PhotoStore, fillTile: @escaping TileFiller, loadThumbnail: @escaping ThumbnailLoading) {
        self.store = store
        self.fillTile = fillTile
        self.loadThumbnail = loadThumbnail
        model = ListModel(count: { store.count }, key: { store.photo(at: $0)?.id ?? -1 })
        selection = GObjectRef(adopting: gtk_multi_selection_new(model.transferred))
        factory = GObjectRef(adopting: gtk_signal_list_item_factory_new())
        view = GObjectRef(gtk_grid_view_new(selection.transferred, factory.transferred))
        // GTK 4.8 keeps about 30 rows of max-columns tiles alive whatever the size of the library, so
        // the limit is what the widest common screen needs rather than anything higher.
        gtk_grid_view_set_max_columns(view.opaque, 8)
        gtk_grid_view_set_min_columns(view.opaque, 1)
        gtk_widget_add_css_class(view.typed(), "photo-grid")
        view.setAccessibleLabel(tr("Photos"))
        root = GObjectRef(gtk_scrolled_window_new())
        gtk_scrolled_window_set_policy(root.opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(root.opaque, view.typed())
        gtk_widget_set_vexpand(root.typed(), 1)
        gtk_widget_set_hexpand(root.typed(), 1)

        factory.connect("setup") { [weak self] item in self?.setUp(item) }
        factory.connect("bind") { [weak self] item in self?.bind(item) }
        factory.connect("unbind") { [weak self] item in self?.unbind(item) }
        factory.connect("teardown") { [weak self] item in self?.tearDown(item) }
        let adjustment = gtk_scrolled_window_get_vadjustment(root.opaque)!
        for signal in ["value-changed", "changed"] {
            SignalConnection.connect(UnsafeMutableRawPointer(adjustment), signal) { [weak self] in
                self?.needsVisibilityPass = true
            }
        }
        // After each frame is laid out and drawn, the tiles' places are known. The look happens
        // just after the frame rather than inside its paint cycle, so a frame is never held back
        // by it, the first one least of all.
        view.connect("realize") { [weak self] in
            guard let self, let clock = gtk_widget_get_frame_clock(view.typed()) else { return }
            SignalConnection.connect(UnsafeMutableRawPointer(clock), "after-paint") { [weak self] in
                guard let self, needsVisibilityPass else { return }
                MainLoop.perform { [weak self] in self?.loadThumbnailsNearTheView() }
            }
        }
        view.connect("activate") { [weak self] (position: Int32) in self?.activated?(Int(position)) }
        SignalConnection.connect(selection.raw, "selection-changed") { [weak self] (_: UInt32, _: UInt32) in
            self?.selectionChanged?()
        }
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(click, guint(GDK_BUTTON_SECONDARY))
        SignalConnection.connect(UnsafeMutableRawPointer(click), "pressed") { [weak self] (_: Int32, x: Double, y: Double) in
            self?.requestContextMenu(atX: x, y: y)
        }
        gtk_widget_add_controller(view.typed(), click)
        installKeys()
        storeSubscription = store.observe { [weak self] change in
            guard let self else { return }
            model.itemsChanged(position: change.position, removed: change.removed, added: change.added)
            countChanged?(store.count)
        }
    }

    /// The keys GtkGridView leaves to us, which act only while the grid has the focus.
    private func installKeys() {
        let actions = g_simple_action_group_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(actions)) }
        SimpleAction.add("open-focused", to: UnsafeMutableRawPointer(actions)) { [weak self] in
            guard let self, let position = focusedPosition else { return }
            activated?(position)
        }
        SimpleAction.add("menu", to: UnsafeMutableRawPointer(actions)) { [weak self] in
            guard let self else { return }
            var x = Double(gtk_widget_get_width(view.typed())) / 2
            var y = Double(gtk_widget_get_height(view.typed())) / 2
            if let focus = focusedTile {
                var bounds = graphene_rect_t()
                if gtk_widget_compute_bounds(focus.root.typed(), view.typed(), &bounds) != 0 {
                    x = Double(bounds.origin.x + bounds.size.width / 2)
                    y = Double(bounds.origin.y + bounds.size.height / 2)
                }
            }
            contextMenuRequested?(x, y)
        }
        SimpleAction.add("unselect-all", to: UnsafeMutableRawPointer(actions)) { [weak self] in self?.unselectAll() }
        gtk_widget_insert_action_group(view.typed(), "grid", actions.gOpaque)
        Shortcuts.add([("Menu", "grid.menu"), ("<Shift>F10", "grid.menu"), ("Escape", "grid.unselect-all")], to: view.raw)
        // A list item would take Space to select; here it opens the photo, as Enter does.
        Shortcuts.add([("space", "grid.open-focused")], to: view.raw, beforeChildren: true)
    }

    /// The bound tile the widget belongs to: the tile itself, a widget inside it, or the list item
    /// that holds it, which is what GTK focuses and picks in a tile's padding.
    private func tile(containing widget: UnsafeMutablePointer<GtkWidget>) -> PhotoTile? {
        var current: UnsafeMutablePointer<GtkWidget>? = widget
        while let widget = current, widget != view.typed() {
            for candidate in [widget, gtk_widget_get_first_child(widget)].compactMap(\.self) {
                if let tile = boundTiles.first(where: { $0.root.raw == UnsafeMutableRawPointer(candidate) }) {
                    return tile
                }
            }
            current = gtk_widget_get_parent(widget)
        }
        return nil
    }

    private var focusedTile: PhotoTile? {
        gtk_root_get_focus(gtk_widget_get_root(view.typed())).flatMap(tile(containing:))
    }

    var focusedPosition: Int? {
        focusedTile?.photo.flatMap { store.position(ofPhotoWithID: $0.id) }
    }

    /// A right-click on an unselected photo selects it alone first, as in the Files app.
    private func requestContextMenu(atX x: Double, y: Double) {
        if let picked = gtk_widget_pick(view.typed(), x, y, GTK_PICK_DEFAULT),
           let position = tile(containing: picked)?.photo.flatMap({ store.position(ofPhotoWithID: $0.id) }),
           !isSelected(position) {
            gtk_selection_model_select_item(selection.opaque, guint(position), 1)
        }
        contextMenuRequested?(x, y)
    }

    func isSelected(_ position: Int) -> Bool {
        gtk_selection_model_is_selected(selection.opaque, guint(position)) != 0
    }

    /// The selected positions, in order.
    var selectedPositions: [Int] {
        let set = gtk_selection_model_get_selection(selection.opaque)!
        defer { gtk_bitset_unref(set) }
        return (0..<gtk_bitset_get_size(set)).map { Int(gtk_bitset_get_nth(set, guint($0))) }
    }

    /// How many are selected, without listing them: after Ctrl+A that can be the whole library.
    var selectedCount: Int {
        let set = gtk_selection_model_get_selection(selection.opaque)!
        defer { gtk_bitset_unref(set) }
        return Int(gtk_bitset_get_size(set))
    }

    var selectedPhotos: [Photo] { selectedPositions.compactMap { store.photo(at: $0) } }

    /// Selects exactly these positions.
    func select(positions: [Int]) {
        gtk_selection_model_unselect_all(selection.opaque)
        for position in positions {
            gtk_selection_model_select_item(selection.opaque, guint(position), 0)
        }
    }

    func selectAll() {
        gtk_selection_model_select_all(selection.opaque)
    }

    func unselectAll() {
        gtk_selection_model_unselect_all(selection.opaque)
    }

    /// Shows every tile at another size at once, keeping the textures they have.
    func setTileSize(_ size: Int) {
        tileSize = size
        tiles.forEach { $0.resize(to: size) }
    }

    /// Selects the photo at a position alone and scrolls it into view.
    func reveal(position: Int) {
        gtk_selection_model_select_item(selection.opaque, guint(position), 1)
        // GTK 4.8 has no gtk_grid_view_scroll_to; its built-in action does the same.
        let target = g_variant_ref_sink(g_variant_new_uint32(guint(position)))
        defer { g_variant_unref(target) }
        gtk_widget_activate_action_variant(view.typed(), "list.scroll-to-item", target)
    }

    private func setUp(_ item: UnsafeMutableRawPointer?) {
        guard let item else { return }
        let tile = PhotoTile(size: tileSize)
        tiles.append(tile)
        gtk_list_item_set_child(OpaquePointer(item), tile.root.typed())
        ObjectData.attach(tile, to: item, key: Self.tileKey)
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
        boundTiles.forEach { $0.updateAccessibleName() }
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

    var tileCount: Int { tiles.count }

    /// GTK drops a slot it no longer needs, as when the grid grows fewer columns.
    private func tearDown(_ item: UnsafeMutableRawPointer?) {
        guard let item, let tile = ObjectData.attached(PhotoTile.self, to: item, key: Self.tileKey) else { return }
        tiles.removeAll { $0 === tile }
    }

    private func unbind(_ item: UnsafeMutableRawPointer?) {
        guard let item, let tile = ObjectData.attached(PhotoTile.self, to: item, key: Self.tileKey) else { return }
        tile.clear()
        boundTiles.removeAll { $0 === tile }
    }
}
