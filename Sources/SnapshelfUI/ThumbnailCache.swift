// The grid's thumbnails as GPU-ready textures, decoded off the UI thread on demand and kept for
// the most recently used photos only.
import CGtk
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class ThumbnailCache {
    typealias Delivery = @MainActor (GObjectRef) -> Void

    private let loader: ThumbnailLoader
    private let size: Int
    private let capacity: Int
    private var textures: [Int64: GObjectRef] = [:]
    /// Photo IDs from least to most recently used.
    private var recency: [Int64] = []
    private var waiting: [Int64: [Delivery]] = [:]
    /// Photos whose file could not be decoded, so a tile scrolled past again does not retry.
    private var failed: Set<Int64> = []
    /// What a tile shows for a photo whose file is missing or damaged.
    private lazy var brokenPicture: GObjectRef? = Self.brokenPicture()

    init(loader: ThumbnailLoader, size: Int, capacity: Int = 600) {
        self.loader = loader
        self.size = size
        self.capacity = capacity
    }

    /// Hands the photo's texture to `deliver`, at once when cached, else once it is decoded.
    /// A photo whose file cannot be decoded gets a "missing image" symbol instead.
    func texture(for photo: Photo, deliver: @escaping Delivery) {
        if failed.contains(photo.id) {
            if let brokenPicture { deliver(brokenPicture) }
            return
        }
        if let texture = textures[photo.id] {
            touch(photo.id)
            deliver(texture)
            return
        }
        if waiting[photo.id] != nil {
            waiting[photo.id]?.append(deliver)
            return
        }
        waiting[photo.id] = [deliver]
        let id = photo.id
        loader.thumbnail(of: photo.fileURL, fittingIn: size) { result in
            MainLoop.perform { [weak self] in self?.finish(id, result) }
        }
    }

    private func finish(_ id: Int64, _ result: Result<Thumbnail, ImportError>) {
        let deliveries = waiting.removeValue(forKey: id) ?? []
        guard case .success(let thumbnail) = result else {
            failed.insert(id)
            if let brokenPicture { deliveries.forEach { $0(brokenPicture) } }
            return
        }
        let texture = GObjectRef(adopting: gdk_texture_new_for_pixbuf(thumbnail.pixbuf))
        textures[id] = texture
        touch(id)
        while recency.count > capacity {
            textures.removeValue(forKey: recency.removeFirst())
        }
        deliveries.forEach { $0(texture) }
    }

    private static func brokenPicture() -> GObjectRef? {
        guard let display = gdk_display_get_default(),
              let icon = gtk_icon_theme_lookup_icon(gtk_icon_theme_get_for_display(display), "image-missing-symbolic",
                                                    nil, 64, 1, GTK_TEXT_DIR_NONE, GtkIconLookupFlags(rawValue: 0))
        else { return nil }
        return GObjectRef(adopting: icon)
    }

    private func touch(_ id: Int64) {
        if let index = recency.lastIndex(of: id) {
            recency.remove(at: index)
        }
        recency.append(id)
    }
}
