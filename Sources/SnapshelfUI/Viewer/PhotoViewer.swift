// One photo full size inside the window: fitted and upright, with its label under it. It zooms
// (Ctrl++, Ctrl+−, Ctrl+0, Ctrl+scroll, pinch), pans by dragging or with the scroll bars when
// zoomed, and steps through the photos in the grid's current order and filter (the arrows on
// screen here, hidden when there is no other photo, the Left and Right keys through the window),
// and shows its zoom level in a corner. The thumbnail shows at once; the photo itself is decoded
// on a worker.
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class PhotoViewer {
    /// The longest side decoded for viewing: sharp on a 4K screen, bounded in memory for any photo.
    static let decodedSize = 4096
    static let zoomStep = 1.25
    static let zoomLimits = 0.05...16.0

    let root = Box(.vertical)
    private let scroller = ScrolledWindow()
    private let overlay = Overlay()
    private let zoomLabel = Label()
    private let picture = Picture()
    private let caption = Label()
    private let previousButton = Button(iconName: "go-previous-symbolic", name: tr("Previous Photo"))
    private let nextButton = Button(iconName: "go-next-symbolic", name: tr("Next Photo"))
    /// Ctrl+scroll zooms; the controller says whether Ctrl is held.
    private let wheel = ScrollController(.vertical)
    private let drag = GestureDrag()
    private let pinch = GestureZoom()
    /// Says why a photo cannot be shown, in place of the photo.
    private let problem = ViewerProblem()
    /// The grid's context menu, for the photo shown.
    let contextMenu: ViewerContextMenu
    private var storeSubscription: Subscription?
    private let store: PhotoStore
    private let loader: ThumbnailLoader
    private let textures: TextureCache
    private(set) var position = 0
    private(set) var photo: Photo?
    /// The scale against the decoded image's pixels; nil fits the photo to the window.
    private(set) var zoom: Double?
    private var imageSize: (width: Int, height: Int)?
    private(set) var showsFullImage = false
    private var request: ThumbnailRequest?
    private var thumbnailTicket: TextureCache.Ticket?
    private var dragStart = (x: 0.0, y: 0.0)
    private var pinchStart = 1.0
    /// Called when the viewer moves to another photo, with its position.
    var moved: (@MainActor (Int) -> Void)?
    /// Off in full screen, where only the photo shows.
    var showsControls = true {
        didSet { updateControls() }
    }

    init(store: PhotoStore, loader: ThumbnailLoader, textures: TextureCache) {
        self.store = store
        self.loader = loader
        self.textures = textures
        contextMenu = ViewerContextMenu(on: overlay)
        build()
        installInput()
        storeSubscription = store.observe { [weak self] _ in self?.updateControls() }
    }

    private func build() {
        root.addStyleClass("photo-viewer")
        scroller.setChild(picture)
        scroller.expandsVertically = true
        scroller.expandsHorizontally = true
        overlay.setChild(scroller)
        overlay.addOverlay(problem.root)
        for (button, alignment, action) in [(previousButton, Alignment.start, "viewer.previous"),
                                            (nextButton, Alignment.end, "viewer.next")] {
            button.addStyleClass("osd")
            button.addStyleClass("circular")
            button.horizontalAlignment = alignment
            button.verticalAlignment = .center
            button.margins = Margins(start: 18, end: 18)
            button.actionName = action
            overlay.addOverlay(button)
        }
        zoomLabel.addStyleClass("osd")
        zoomLabel.addStyleClass("zoom-level")
        zoomLabel.horizontalAlignment = .end
        zoomLabel.verticalAlignment = .end
        zoomLabel.margins = Margins(all: 18)
        overlay.addOverlay(zoomLabel)
        root.append(overlay)
        caption.wraps = true
        // A label without spaces wraps too, rather than widening the window to its length.
        caption.breaksLongWords = true
        caption.isSelectable = true
        caption.justification = .center
        caption.addStyleClass("viewer-caption")
        root.append(caption)
        applyZoom()
    }

    private func installInput() {
        let actions = ActionGroup()
        actions.addAction("previous") { [weak self] in self?.step(by: -1) }
        actions.addAction("next") { [weak self] in self?.step(by: 1) }
        root.insertActionGroup(actions, prefix: "viewer")

        wheel.onScroll { [weak self] _, dy in
            guard let self, wheel.isControlHeld else { return false }
            dy < 0 ? zoomIn() : zoomOut()
            return true
        }
        drag.onDragBegin { [weak self] _, _ in
            guard let self else { return }
            dragStart = (scroller.horizontalAdjustment.value, scroller.verticalAdjustment.value)
        }
        drag.onDragUpdate { [weak self] dx, dy in
            guard let self, zoom != nil else { return }
            scroller.horizontalAdjustment.value = dragStart.x - dx
            scroller.verticalAdjustment.value = dragStart.y - dy
        }
        pinch.onBegin { [weak self] in
            guard let self else { return }
            pinchStart = zoom ?? fittingScale
        }
        pinch.onScaleChanged { [weak self] scale in
            guard let self else { return }
            setZoom(pinchStart * scale)
        }
        [wheel, drag, pinch].forEach(scroller.addController)
    }

    /// Shows the photo at a position in the grid's order, fitted; the thumbnail first when it is at hand.
    func show(position: Int) {
        guard let photo = store.photo(at: position) else { return }
        request?.cancel()
        thumbnailTicket?.cancel()
        self.position = position
        self.photo = photo
        showsFullImage = false
        zoom = nil
        imageSize = (photo.width, photo.height)
        picture.paintable = nil
        problem.hide()
        thumbnailTicket = textures.texture(for: photo, size: .xLarge) { [weak self] texture in
            // The "missing image" symbol, blown up, would look like a photo still loading.
            guard let self, !showsFullImage, self.photo?.id == photo.id, !textures.isBroken(photo) else { return }
            picture.paintable = texture
        }
        let id = photo.id
        request = loader.image(of: photo.fileURL, fittingIn: Self.decodedSize, rotation: photo.rotation) { [weak self] result in
            // A photo turned again meanwhile waits for its own decoding.
            MainLoop.perform { [weak self] in if self?.photo?.rotation == photo.rotation { self?.finishLoading(id, result) } }
        }
        PhotoCaption.show(photo.label, in: caption)
        picture.setAccessibleName(caption.text)
        updateControls()
        applyZoom()
        moved?(position)
    }

    private func finishLoading(_ id: Int64, _ result: Result<Thumbnail, DecodingFailure>) {
        guard id == photo?.id else { return }
        guard case .success(let image) = result else {
            if case .failure(let error) = result {
                picture.paintable = nil
                problem.show(error)
            }
            return
        }
        showsFullImage = true
        imageSize = (image.width, image.height)
        picture.paintable = Texture(pixbuf: image.pixbuf)
        applyZoom()
    }

    /// What the viewer says instead of the photo, when it cannot show it.
    var problemText: String? { problem.text }

    func step(by offset: Int) {
        let target = position + offset
        guard target >= 0, target < store.count else { return }
        show(position: target)
    }

    var captionText: String { caption.text }

    var zoomText: String { zoomLabel.text }

    /// Puts a widget over the photo, such as the slideshow's pace.
    func addOverlay(_ widget: Widget) { overlay.addOverlay(widget) }

    /// Previous and Next only when there is another photo, and none of it in full screen.
    private func updateControls() {
        let steps = showsControls && store.count > 1
        previousButton.isVisible = steps
        nextButton.isVisible = steps
        previousButton.isSensitive = position > 0
        nextButton.isSensitive = position + 1 < store.count
        caption.isVisible = showsControls
        zoomLabel.isVisible = showsControls
    }

    // MARK: Zoom

    /// The scale at which the photo fits the view, never above its own size.
    private var fittingScale: Double {
        guard let imageSize, imageSize.width > 0, imageSize.height > 0 else { return 1 }
        let width = Double(max(scroller.width, 1))
        let height = Double(max(scroller.height, 1))
        return min(width / Double(imageSize.width), height / Double(imageSize.height), 1)
    }

    func zoomIn() { setZoom((zoom ?? fittingScale) * Self.zoomStep) }
    func zoomOut() { setZoom((zoom ?? fittingScale) / Self.zoomStep) }

    func zoomToFit() {
        zoom = nil
        applyZoom()
    }

    private func setZoom(_ scale: Double) {
        let clamped = min(max(scale, Self.zoomLimits.lowerBound), Self.zoomLimits.upperBound)
        // Zooming out past the fitted size goes back to fitting, which follows the window's size.
        zoom = clamped <= fittingScale ? nil : clamped
        applyZoom()
    }

    private func applyZoom() {
        zoomLabel.text = ZoomLevel.text(zoom: zoom, shownSize: imageSize, photo: photo)
        guard let zoom, let imageSize else {
            scroller.setPolicy(horizontal: .never, vertical: .never)
            picture.requestSize()
            // Fitted, a photo smaller than the window shows at its own size rather than blown up.
            // Its thumbnail, smaller still, fills the space until the photo arrives, so the
            // picture does not jump from small to large.
            alignPicture(showsFullImage ? .center : .fill)
            return
        }
        let width = Double(imageSize.width) * zoom
        let height = Double(imageSize.height) * zoom
        // Larger than the view, the picture fills what it asks for and scrolls. Smaller, which
        // only a small photo zoomed in a little can be, it keeps to its size in the middle
        // instead of being stretched to the view.
        let overflows = width > Double(scroller.width) || height > Double(scroller.height)
        alignPicture(overflows ? .fill : .center)
        scroller.setPolicy(horizontal: .automatic, vertical: .automatic)
        picture.requestSize(width: Int(width), height: Int(height))
    }

    private func alignPicture(_ alignment: Alignment) {
        picture.horizontalAlignment = alignment
        picture.verticalAlignment = alignment
    }

    /// Lets go of the photo when the viewer closes, so its decoded image does not stay in memory.
    func close() {
        request?.cancel()
        thumbnailTicket?.cancel()
        photo = nil
        showsFullImage = false
        picture.paintable = nil
    }
}
