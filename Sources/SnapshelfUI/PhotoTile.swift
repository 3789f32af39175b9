// One tile of the grid: the photo's thumbnail above its label. A tile is made once per recycled
// slot and shows a different photo after each bind, so `clear` undoes everything `show` did.
import CGtk
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class PhotoTile {
    /// The thumbnail sizes a person can pick from, small to large, in pixels.
    nonisolated static let sizes = [112, 144, 180, 224, 280]
    nonisolated static let defaultSize = 180

    let root: GObjectRef
    private let picture: GObjectRef
    private let label: GObjectRef
    /// The photo shown now, so a thumbnail that arrives after the slot moved on is not shown.
    private(set) var photo: Photo?
    var photoID: Int64? { photo?.id }
    /// Whether this tile came near the view and asked for its thumbnail since it was bound.
    var isLoadingThumbnail = false
    /// The thumbnail this tile waits for, called off when the tile moves on.
    var thumbnailTicket: TextureCache.Ticket?

    /// The side of the square the thumbnail fits in.
    private(set) var size: Int

    init(size: Int) {
        self.size = size
        root = GObjectRef(gtk_box_new(GTK_ORIENTATION_VERTICAL, 6))
        picture = GObjectRef(gtk_picture_new())
        label = GObjectRef(gtk_label_new(nil))

        gtk_widget_add_css_class(root.typed(), "photo-tile")
        gtk_widget_add_css_class(picture.typed(), "thumbnail")
        gtk_widget_set_size_request(picture.typed(), gint(size), gint(size))
        gtk_picture_set_content_fit(picture.opaque, GTK_CONTENT_FIT_CONTAIN)
        gtk_picture_set_can_shrink(picture.opaque, 1)

        gtk_label_set_ellipsize(label.opaque, PANGO_ELLIPSIZE_END)
        gtk_label_set_single_line_mode(label.opaque, 1)
        gtk_label_set_max_width_chars(label.opaque, 1)
        gtk_label_set_use_markup(label.opaque, 0)

        gtk_box_append(root.typed(), picture.typed())
        gtk_box_append(root.typed(), label.typed())
        root.setTooltip { [weak self] in self?.tooltipText }
    }

    /// The full label, which the tile may show ellipsized, or the file's name for an unlabelled photo.
    var tooltipText: String? {
        guard let photo else { return nil }
        return photo.label.isEmpty ? photo.originalName : photo.label
    }

    /// Shows the thumbnail at another size; the texture stays, so nothing is loaded again.
    func resize(to size: Int) {
        self.size = size
        gtk_widget_set_size_request(picture.typed(), gint(size), gint(size))
    }

    /// Whether the accessible name waits for `updateAccessibleName`.
    private(set) var accessibleNameIsStale = false

    /// Tells screen readers the tile's name. The grid calls it after a frame is drawn: each update
    /// goes out over the accessibility bus, which for a screen of new tiles delayed the first frame.
    func updateAccessibleName() {
        // A tile off screen, or in a window being destroyed, has no accessible context to update.
        guard accessibleNameIsStale, let accessibleName, gtk_widget_get_mapped(root.typed()) != 0 else { return }
        accessibleNameIsStale = false
        root.setAccessibleLabel(accessibleName)
    }

    /// What a screen reader says for the tile.
    var accessibleName: String? {
        guard let photo else { return nil }
        return photo.label.isEmpty ? tr("Unlabelled photo") : photo.label
    }

    var labelText: String { String(cString: gtk_label_get_text(label.opaque)) }
    var hasThumbnail: Bool { paintable != nil }
    var paintable: OpaquePointer? { gtk_picture_get_paintable(picture.opaque) }

    /// Shows the photo's label literally (never as markup); the tooltip shows it in full.
    func show(_ photo: Photo) {
        self.photo = photo
        PhotoCaption.show(photo.label, in: label)
        accessibleNameIsStale = true
    }

    /// Shows the thumbnail if it belongs to the photo this tile shows now.
    func showThumbnail(_ texture: GObjectRef, of photoID: Int64) {
        guard photoID == self.photoID else { return }
        gtk_picture_set_paintable(picture.opaque, texture.opaque)
    }

    func clear() {
        thumbnailTicket?.cancel()
        thumbnailTicket = nil
        isLoadingThumbnail = false
        photo = nil
        gtk_picture_set_paintable(picture.opaque, nil)
        gtk_label_set_text(label.opaque, "")
        gtk_widget_remove_css_class(label.typed(), "unlabelled")
    }
}
