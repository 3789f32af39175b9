// One tile of the grid: the photo's thumbnail above its label. A tile is made once per recycled
// slot and shows a different photo after each bind, so `clear` undoes everything `show` did. It
// asks the texture cache for its own thumbnail once the grid says it is near the view, and calls
// the request off when it moves on.
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class PhotoTile {
    /// The thumbnail sizes a person can pick from, small to large, in pixels.
    nonisolated static let sizes = [112, 144, 180, 224, 280]
    nonisolated static let defaultSize = 180

    let root = Box(.vertical, spacing: 6)
    private let picture = Picture()
    private let label = Label()
    private let textures: TextureCache
    /// The photo shown now, so a thumbnail that arrives after the slot moved on is not shown.
    private(set) var photo: Photo?
    var photoID: Int64? { photo?.id }
    /// The thumbnail this tile waits for, called off when the tile moves on.
    private var thumbnailTicket: TextureCache.Ticket?
    /// Whether this tile came near the view and asked for its thumbnail since it was bound.
    var isLoadingThumbnail: Bool { thumbnailTicket != nil }

    /// The side of the square the thumbnail fits in.
    private(set) var size: Int

    init(size: Int, textures: TextureCache) {
        self.size = size
        self.textures = textures
        root.addStyleClass("photo-tile")
        picture.addStyleClass("thumbnail")
        picture.requestSize(width: size, height: size)
        // The cell is named after the photo; the picture would only add "GtkPicture".
        picture.hideFromScreenReaders()
        label.ellipsis = .end
        label.isSingleLine = true
        label.maxWidthChars = 1
        root.append([picture, label])
        root.setTooltip { [weak self] in self?.tooltipText }
    }

    /// The full label, which the tile may show ellipsized, or the file's name for an unlabelled
    /// photo, when it was taken, and whether its file is missing.
    var tooltipText: String? {
        guard let photo else { return nil }
        let name = photo.label.isEmpty ? photo.displayName : photo.label
        let taken = String(format: tr("Taken %@"), PhotoDetails.date(photo.taken))
        let broken = isBroken ? [tr("The library’s copy of this photo is missing or damaged.")] : []
        return ([name, taken] + broken).joined(separator: "\n")
    }

    /// Whether the photo's file could not be shown, which the tile then says rather than looking
    /// as if it were still loading.
    private(set) var isBroken = false

    /// Shows the thumbnail at another size; the texture stays, so nothing is loaded again.
    func resize(to size: Int) {
        self.size = size
        picture.requestSize(width: size, height: size)
    }

    /// Whether the accessible name waits for `updateAccessibleName`.
    private(set) var accessibleNameIsStale = false

    /// Names the grid cell holding the tile, the widget that takes the keyboard focus, after its
    /// photo. The grid calls it after a frame is drawn: each update goes out over the accessibility
    /// bus, which for a screen of new tiles delayed the first frame.
    func updateAccessibleName() {
        // A tile off screen, or in a window being destroyed, has no accessible context to update.
        guard accessibleNameIsStale, let accessibleName, root.isMapped, let cell = root.parent else { return }
        accessibleNameIsStale = false
        cell.setAccessibleName(accessibleName)
    }

    /// What a screen reader says for the tile.
    var accessibleName: String? {
        guard let photo else { return nil }
        return photo.label.isEmpty ? tr("Unlabelled photo") : photo.label
    }

    var labelText: String { label.text }
    var hasThumbnail: Bool { paintable != nil }
    var paintable: Paintable? { picture.paintable }

    /// Shows the photo's label literally (never as markup); the tooltip shows it in full.
    func show(_ photo: Photo) {
        self.photo = photo
        PhotoCaption.show(photo.label, in: label)
        accessibleNameIsStale = true
    }

    /// Asks for the thumbnail, sharp at the display's scale: the x-large thumbnails serve a
    /// scale-2 display. The grid calls it once the tile is near the view.
    func loadThumbnail() {
        guard let photo, thumbnailTicket == nil else { return }
        let size = ThumbnailCache.Size.fitting(size, scale: root.scaleFactor)
        thumbnailTicket = textures.texture(for: photo, size: size) { [weak self] texture in
            guard let self, self.photo?.id == photo.id else { return }
            picture.paintable = texture
            isBroken = textures.isBroken(photo)
            root.setStyleClass("broken", isBroken)
        }
    }

    func clear() {
        thumbnailTicket?.cancel()
        thumbnailTicket = nil
        photo = nil
        picture.paintable = nil
        isBroken = false
        root.removeStyleClass("broken")
        label.text = ""
        label.removeStyleClass("unlabelled")
    }
}
