// One photo full size inside the window: fitted and upright, with its label under it. It zooms
// (Ctrl++, Ctrl+−, Ctrl+0, Ctrl+scroll, pinch), pans by dragging or with the scroll bars when
// zoomed, and steps through the photos in the grid's current order and filter (the arrows on
// screen here, the Left and Right keys through the window). The thumbnail shows at once; the photo itself is decoded on a worker.
import CGtk
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class PhotoViewer {
    /// The longest side decoded for viewing: sharp on a 4K screen, bounded in memory for any photo.
    static let decodedSize = 4096
    static let zoomStep = 1.25
    static let zoomLimits = 0.05...16.0

    let root: GObjectRef
    private let scroller: GObjectRef
    private let picture: GObjectRef
    private let caption: SnapshelfGlue.Label
    private let previousButton: GObjectRef
    private let nextButton: GObjectRef
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

    init(store: PhotoStore, loader: ThumbnailLoader, textures: TextureCache) {
        self.store = store
        self.loader = loader
        self.textures = textures
        root = GObjectRef(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
        scroller = GObjectRef(gtk_scrolled_window_new())
        picture = GObjectRef(gtk_picture_new())
        caption = SnapshelfGlue.Label()
        previousButton = GObjectRef(gtk_button_new_from_icon_name("go-previous-symbolic"))
        nextButton = GObjectRef(gtk_button_new_from_icon_name("go-next-symbolic"))
        build()
        installInput()
    }

    private func build() {
        gtk_widget_add_css_class(root.typed(), "photo-viewer")
        gtk_picture_set_content_fit(picture.opaque, GTK_CONTENT_FIT_CONTAIN)
        gtk_picture_set_can_shrink(picture.opaque, 1)
        gtk_scrolled_window_set_child(scroller.opaque, picture.typed())
        gtk_widget_set_vexpand(scroller.typed(), 1)
        gtk_widget_set_hexpand(scroller.typed(), 1)
        let overlay = gtk_overlay_new()!
        gtk_overlay_set_child(overlay.gOpaque, scroller.typed())
        for (button, name, align, action) in [(previousButton, tr("Previous Photo"), GTK_ALIGN_START, "viewer.previous"),
                                              (nextButton, tr("Next Photo"), GTK_ALIGN_END, "viewer.next")] {
            gtk_widget_add_css_class(button.typed(), "osd")
            gtk_widget_add_css_class(button.typed(), "circular")
            gtk_widget_set_halign(button.typed(), align)
            gtk_widget_set_valign(button.typed(), GTK_ALIGN_CENTER)
            for setMargin in [gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
                setMargin(button.typed(), 18)
            }
            gtk_widget_set_tooltip_text(button.typed(), name)
            button.setAccessibleLabel(name)
            gtk_actionable_set_action_name(button.opaque, action)
            gtk_overlay_add_overlay(overlay.gOpaque, button.typed())
        }
        gtk_box_append(root.typed(), overlay)
        gtk_label_set_wrap(caption.opaque, 1)
        gtk_label_set_selectable(caption.opaque, 1)
        gtk_label_set_justify(caption.opaque, GTK_JUSTIFY_CENTER)
        gtk_widget_add_css_class(caption.typed(), "viewer-caption")
        gtk_box_append(root.typed(), caption.typed())
        applyZoom()
    }

    private func installInput() {
        let actions = GObjectRef(adopting: g_simple_action_group_new())
        SimpleAction.add("previous", to: actions.raw) { [weak self] in self?.step(by: -1) }
        SimpleAction.add("next", to: actions.raw) { [weak self] in self?.step(by: 1) }
        gtk_widget_insert_action_group(root.typed(), "viewer", actions.opaque)

        let scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL)!
        SignalConnection.connect(UnsafeMutableRawPointer(scroll), "scroll") { [weak self] (_: Double, dy: Double) -> Bool in
            guard let self else { return false }
            let state = gtk_event_controller_get_current_event_state(scroll)
            guard state.rawValue & GDK_CONTROL_MASK.rawValue != 0 else { return false }
            dy < 0 ? zoomIn() : zoomOut()
            return true
        }
        gtk_widget_add_controller(scroller.typed(), scroll)

        let drag = gtk_gesture_drag_new()!
        SignalConnection.connect(UnsafeMutableRawPointer(drag), "drag-begin") { [weak self] (_: Double, _: Double) -> Void in
            guard let self else { return }
            dragStart = (gtk_adjustment_get_value(horizontal), gtk_adjustment_get_value(vertical))
        }
        SignalConnection.connect(UnsafeMutableRawPointer(drag), "drag-update") { [weak self] (dx: Double, dy: Double) -> Void in
            guard let self, zoom != nil else { return }
            gtk_adjustment_set_value(horizontal, dragStart.x - dx)
            gtk_adjustment_set_value(vertical, dragStart.y - dy)
        }
        gtk_widget_add_controller(scroller.typed(), drag)

        let pinch = gtk_gesture_zoom_new()!
        SignalConnection.connect(UnsafeMutableRawPointer(pinch), "begin") { [weak self] (_: UnsafeMutableRawPointer?) in
            guard let self else { return }
            pinchStart = zoom ?? fittingScale
        }
        SignalConnection.connect(UnsafeMutableRawPointer(pinch), "scale-changed") { [weak self] (scale: Double) in
            guard let self else { return }
            setZoom(pinchStart * scale)
        }
        gtk_widget_add_controller(scroller.typed(), pinch)
    }

    private var horizontal: UnsafeMutablePointer<GtkAdjustment> { gtk_scrolled_window_get_hadjustment(scroller.opaque)! }
    private var vertical: UnsafeMutablePointer<GtkAdjustment> { gtk_scrolled_window_get_vadjustment(scroller.opaque)! }

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
        gtk_picture_set_paintable(picture.opaque, nil)
        thumbnailTicket = textures.texture(for: photo, size: .xLarge) { [weak self] texture in
            guard let self, !showsFullImage, self.photo?.id == photo.id else { return }
            gtk_picture_set_paintable(picture.opaque, texture.opaque)
        }
        let id = photo.id
        request = loader.image(of: photo.fileURL, fittingIn: Self.decodedSize) { result in
            MainLoop.perform { [weak self] in self?.finishLoading(id, result) }
        }
        PhotoCaption.show(photo.label, in: caption)
        gtk_widget_set_sensitive(previousButton.typed(), position > 0 ? 1 : 0)
        gtk_widget_set_sensitive(nextButton.typed(), position + 1 < store.count ? 1 : 0)
        applyZoom()
        moved?(position)
    }

    private func finishLoading(_ id: Int64, _ result: Result<Thumbnail, ImportError>) {
        guard id == photo?.id, case .success(let image) = result else { return }
        let texture = GObjectRef(adopting: gdk_texture_new_for_pixbuf(image.pixbuf))
        showsFullImage = true
        imageSize = (image.width, image.height)
        gtk_picture_set_paintable(picture.opaque, texture.opaque)
        applyZoom()
    }

    /// Shows the photo again, as after its label changed.
    func reload() {
        show(position: position)
    }

    func step(by offset: Int) {
        let target = position + offset
        guard target >= 0, target < store.count else { return }
        show(position: target)
    }

    var captionText: String { String(cString: gtk_label_get_text(caption.opaque)) }

    // MARK: Zoom

    /// The scale at which the photo fits the view, never above its own size.
    private var fittingScale: Double {
        guard let imageSize, imageSize.width > 0, imageSize.height > 0 else { return 1 }
        let width = Double(max(gtk_widget_get_width(scroller.typed()), 1))
        let height = Double(max(gtk_widget_get_height(scroller.typed()), 1))
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
        guard let zoom, let imageSize else {
            gtk_scrolled_window_set_policy(scroller.opaque, GTK_POLICY_NEVER, GTK_POLICY_NEVER)
            gtk_widget_set_size_request(picture.typed(), -1, -1)
            // Fitted, a photo smaller than the window shows at its own size rather than blown up.
            // Its thumbnail, smaller still, fills the space until the photo arrives, so the
            // picture does not jump from small to large.
            let align = showsFullImage ? GTK_ALIGN_CENTER : GTK_ALIGN_FILL
            gtk_widget_set_halign(picture.typed(), align)
            gtk_widget_set_valign(picture.typed(), align)
            return
        }
        let width = Double(imageSize.width) * zoom
        let height = Double(imageSize.height) * zoom
        // Larger than the view, the picture fills what it asks for and scrolls. Smaller, which
        // only a small photo zoomed in a little can be, it keeps to its size in the middle
        // instead of being stretched to the view.
        let overflows = width > Double(gtk_widget_get_width(scroller.typed()))
            || height > Double(gtk_widget_get_height(scroller.typed()))
        let align = overflows ? GTK_ALIGN_FILL : GTK_ALIGN_CENTER
        gtk_widget_set_halign(picture.typed(), align)
        gtk_widget_set_valign(picture.typed(), align)
        gtk_scrolled_window_set_policy(scroller.opaque, GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC)
        gtk_widget_set_size_request(picture.typed(), gint(width), gint(height))
    }

    /// Lets go of the photo when the viewer closes, so its decoded image does not stay in memory.
    func close() {
        request?.cancel()
        thumbnailTicket?.cancel()
        photo = nil
        showsFullImage = false
        gtk_picture_set_paintable(picture.opaque, nil)
    }
}
