// The grid of photo tiles. The PhotoStore is its data source, through a Swift-backed list model
// that follows the store's change reports; the window controller supplies the closures that build
// a tile and fill it with a photo, and this adapter keeps GTK's factory, selection and recycling
// away from both. GTK keeps many more tiles bound than fit on screen, so only tiles near the view
// are told to load their thumbnails.
// Several photos can be selected (Ctrl and Shift clicks, Ctrl+A); a double-click, Enter or Space
// opens one, and a right-click or the Menu key asks for the context menu.
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class PhotoGrid {
    /// Builds the tile of a new slot at the grid's tile size; supplied by the window controller.
    typealias TileMaker = @MainActor (_ size: Int) -> PhotoTile
    /// Fills a recycled tile with the photo at a position; supplied by the window controller.
    typealias TileFiller = @MainActor (_ tile: PhotoTile, _ photo: Photo, _ position: Int) -> Void

    /// How far outside the view a mapped tile still counts as near, for the row GTK keeps
    /// partly shown at each edge.
    private static let nearMargin = 240.0

    /// The grid inside its scrolled window: what the window puts on screen.
    let root = ScrolledWindow()
    let view: GridView
    private let store: PhotoStore
    let model: ListModel
    private let selection: MultiSelection
    private let factory = SignalListItemFactory()
    /// Keeps the list model following the store for as long as the grid lives.
    private var storeSubscription: Subscription?
    /// Every tile GTK keeps a slot for, bound or not, so a new size reaches them all.
    private var tiles: [PhotoTile] = []
    private(set) var tileSize = PhotoTile.defaultSize
    private let makeTile: TileMaker
    private let fillTile: TileFiller
    /// The photo whose cell takes the keyboard focus once it is on screen.
    private var photoToFocus: Int64?
    /// The first selected position as the selection last changed: a removal leaves it as it was.
    private var firstSelected: Int?
    /// Whether binding or scrolling may have brought tiles near the view since the last look.
    private var needsVisibilityPass = false
    private var bound = BoundTiles()
    /// Tiles bound to a photo now, which are the ones GTK shows or keeps ready near the view.
    var boundTiles: [PhotoTile] { bound.all }
    /// Called when a photo is opened: double-click, Enter or Space.
    var activated: (@MainActor (Int) -> Void)?
    var selectionChanged: (@MainActor () -> Void)?
    /// Called for a right-click (with the point, in the grid's coordinates) or the Menu key.
    var contextMenuRequested: (@MainActor (_ x: Double, _ y: Double) -> Void)?

    init(store: PhotoStore, makeTile: @escaping TileMaker, fillTile: @escaping TileFiller) {
        self.store = store
        self.makeTile = makeTile
        self.fillTile = fillTile
        model = ListModel(count: { store.count }, key: { store.photo(at: $0)?.id ?? -1 })
        selection = MultiSelection(model: model)
        view = GridView(model: selection, factory: factory)
        // GTK 4.8 keeps about 30 rows of max-columns tiles alive whatever the size of the library, so
        // the limit is what the widest common screen needs rather than anything higher.
        view.maxColumns = 8
        view.minColumns = 1
        view.addStyleClass("photo-grid")
        view.setAccessibleName(tr("Photos"))
        // Scrolled sideways only when the window is narrower than a tile, rather than widening it.
        root.setPolicy(horizontal: .automatic, vertical: .automatic)
        root.setChild(view)
        root.expandsVertically = true
        root.expandsHorizontally = true

        factory.onSetup { [weak self] item in self?.setUp(item) }
        factory.onBind { [weak self] item in self?.bind(item) }
        factory.onUnbind { [weak self] item in self?.unbind(item) }
        factory.onTeardown { [weak self] item in self?.tearDown(item) }
        root.verticalAdjustment.onValueChanged { [weak self] in self?.needsVisibilityPass = true }
        root.verticalAdjustment.onChanged { [weak self] in self?.needsVisibilityPass = true }
        // After each frame is laid out and drawn, the tiles' places are known. The look happens
        // just after the frame rather than inside its paint cycle, so a frame is never held back
        // by it, the first one least of all.
        view.onRealize { [weak self] in
            self?.view.frameClock?.onAfterPaint { [weak self] in
                guard let self, needsVisibilityPass else { return }
                MainLoop.perform { [weak self] in self?.lookNearTheView() }
            }
        }
        view.onActivate { [weak self] position in self?.activated?(position) }
        selection.onSelectionChanged { [weak self] _ in
            self?.firstSelected = self?.selection.firstSelectedPosition
            self?.selectionChanged?()
        }
        let click = GestureClick(button: .secondary)
        click.onPressed { [weak self] _, x, y in self?.requestContextMenu(atX: x, y: y) }
        view.addController(click)
        installKeys()
        storeSubscription = store.observe { [weak self] change in
            self?.model.itemsChanged(position: change.position, removed: change.removed, added: change.added)
        }
    }

    /// The grid's commands, for the keys GtkGridView leaves to us, which act only while the grid
    /// has the focus.
    private func installKeys() {
        let actions = ActionGroup()
        for command in Command.allCases where command.scope == .grid {
            actions.addAction(command.rawValue) { [weak self] in self?.perform(command) }
            let keys = ShortcutController(command.localKeys.map { ($0, command.detailedName) })
            if command.takesKeysFirst {
                keys.phase = .capture
            }
            view.addController(keys)
        }
        view.insertActionGroup(actions, prefix: "grid")
    }

    private func perform(_ command: Command) {
        switch command {
        case .openFocused:
            if let position = focusedPosition { activated?(position) }
        case .contextMenu:
            // The menu acts on the selection: a focused photo outside it is selected alone first.
            if let position = focusedPosition, !isSelected(position) { selection.select(position, exclusively: true) }
            let bounds = focusedTile.flatMap { $0.root.bounds(in: view) }
            contextMenuRequested?(bounds?.midX ?? Double(view.width) / 2, bounds?.midY ?? Double(view.height) / 2)
        case .clearSelection:
            unselectAll()
        default:
            preconditionFailure("\(command) is not one of the grid's commands")
        }
    }

    private var focusedTile: PhotoTile? {
        view.focusedWidgetInWindow.flatMap { bound.tile(containing: $0, below: view) }
    }

    var focusedPosition: Int? {
        focusedTile.flatMap(position(of:))
    }

    private func position(of tile: PhotoTile) -> Int? {
        tile.photo.flatMap { store.position(ofPhotoWithID: $0.id) }
    }

    /// A right-click on an unselected photo selects it alone first, as in the Files app. The photo
    /// clicked takes the focus, which the menu gives back to when it closes.
    private func requestContextMenu(atX x: Double, y: Double) {
        if let picked = view.pick(x: x, y: y), let tile = bound.tile(containing: picked, below: view),
           let position = position(of: tile) {
            if !isSelected(position) { selection.select(position, exclusively: true) }
            tile.root.parent?.grabFocus()
        }
        contextMenuRequested?(x, y)
    }

    func isSelected(_ position: Int) -> Bool { selection.isSelected(position) }

    /// The selected positions, in order.
    var selectedPositions: [Int] { selection.selectedPositions }

    /// How many are selected, without listing them: after Ctrl+A that can be the whole library.
    var selectedCount: Int { selection.selectedCount }

    var selectedPhotos: [Photo] { selectedPositions.compactMap { store.photo(at: $0) } }

    /// Selects exactly these positions.
    func select(positions: [Int]) {
        selection.unselectAll()
        for position in positions {
            selection.select(position, exclusively: false)
        }
    }

    func unselectAll() {
        selection.unselectAll()
    }

    /// Makes the tiles the next size larger (positive steps) or smaller, within the sizes there
    /// are, and returns the size they have now.
    func stepTileSize(by steps: Int) -> Int {
        let sizes = PhotoTile.sizes
        let index = sizes.firstIndex(of: tileSize) ?? sizes.firstIndex(of: PhotoTile.defaultSize)!
        setTileSize(sizes[min(max(index + steps, 0), sizes.count - 1)])
        return tileSize
    }

    /// Shows every tile at another size at once, keeping the textures they have.
    func setTileSize(_ size: Int) {
        tileSize = size
        tiles.forEach { $0.resize(to: size) }
    }

    /// Selects the photo at a position alone and scrolls it into view.
    /// With `focusing`, its cell also takes the keyboard focus once it is on screen, so that the
    /// keys act on the photo that is highlighted.
    func reveal(position: Int, focusing: Bool = false) {
        selection.select(position, exclusively: true)
        view.scrollTo(position: position)
        photoToFocus = focusing ? store.photo(at: position)?.id : nil
        focusPendingPhoto()
    }

    /// Selects the photos at the positions, as after an import, and scrolls to the first of them
    /// in the grid's order, which with `focusing` takes the focus once on screen.
    func reveal(positions: [Int], focusing: Bool) {
        guard let first = positions.min() else { return }
        reveal(position: first, focusing: focusing)
        select(positions: positions)
    }

    /// Whether the grid may take the focus without taking it from anything a person sees: it
    /// shows, and the focus is in it, nowhere, or on what a page change hid.
    var mayTakeFocus: Bool {
        guard root.isMapped else { return false }
        return view.focusedWidgetInWindow.map { root.contains($0) || !$0.isMapped } ?? true
    }

    /// After the selection was removed, the photo that took the first one's place (or the new
    /// last one) is selected and focused, so the keys go on from there.
    func selectAfterRemoval() {
        guard selectedCount == 0, store.count > 0, let first = firstSelected else { return }
        reveal(position: min(first, store.count - 1), focusing: true)
    }

    /// Scrolls to the first photo and gives it the focus, leaving the selection alone: where a
    /// new order starts, rather than wherever the focused photo went in it.
    func goToStart() {
        guard store.count > 0 else { return }
        view.scrollTo(position: 0)
        photoToFocus = store.photo(at: 0)?.id
        focusPendingPhoto()
    }

    /// Gives the focus to the cell of the photo waiting for it, once that cell is bound and
    /// mapped; until then the grid looks again after each frame.
    private func focusPendingPhoto() {
        guard let id = photoToFocus else { return }
        guard let tile = bound.tile(showing: id), tile.root.isMapped, let cell = tile.root.parent else {
            needsVisibilityPass = true
            return
        }
        photoToFocus = nil
        cell.grabFocus()
    }

    private func setUp(_ item: ListItem) {
        let tile = makeTile(tileSize)
        tiles.append(tile)
        item.child = tile.root
        item.attach(tile)
    }

    private func bind(_ item: ListItem) {
        guard let tile = item.attached(PhotoTile.self), let id = item.key, let position = item.position,
              // The key is the authority: the position can be stale while items are being inserted.
              let photo = store.photo(at: position), photo.id == id else { return }
        fillTile(tile, photo, position)
        bound.add(tile)
        needsVisibilityPass = true
    }

    /// Names the cells whose photo changed, and tells the tiles near the view to load their
    /// thumbnails; GTK maps only the bound tiles inside the view, the rest wait for a scroll.
    private func lookNearTheView() {
        // Tiles bound while the viewer hides the grid, as after a turn there, look once it shows.
        guard needsVisibilityPass, root.isMapped else { return }
        needsVisibilityPass = false
        focusPendingPhoto()
        boundTiles.forEach { $0.updateAccessibleName() }
        let height = Double(root.height)
        for tile in boundTiles where !tile.isLoadingThumbnail && tile.root.isMapped {
            guard let bounds = tile.root.bounds(in: root) else {
                // Not laid out yet: look again after the next frame.
                needsVisibilityPass = true
                continue
            }
            if bounds.y < height + Self.nearMargin && bounds.y + bounds.height > -Self.nearMargin {
                tile.loadThumbnail()
            }
        }
    }

    /// Tiles that have started loading their thumbnail, which are those that came near the view.
    var tilesLoadingThumbnails: [PhotoTile] { boundTiles.filter(\.isLoadingThumbnail) }

    var tileCount: Int { tiles.count }

    /// GTK drops a slot it no longer needs, as when the grid grows fewer columns.
    private func tearDown(_ item: ListItem) {
        guard let tile = item.attached(PhotoTile.self) else { return }
        tiles.removeAll { $0 === tile }
    }

    private func unbind(_ item: ListItem) {
        guard let tile = item.attached(PhotoTile.self) else { return }
        tile.clear()
        bound.remove(tile)
    }
}
