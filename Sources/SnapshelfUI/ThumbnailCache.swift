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

    init(loader: ThumbnailLoader, size: Int, capacity: Int = 600) {
        self.loader = loader
        self.size = size
        self.capacity = capacity
    }

    /// Hands the photo's texture to `deliver`, at once when cached, else once it is decoded.
    /// A photo whose file cannot be decoded never gets a delivery; its tile keeps its placeholder.
    func texture(for photo: Photo, deliver: @escaping Delivery) {
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
        guard case .success(let thumbnail) = result else { return }
        let texture = GObjectRef(adopting: gdk_texture_new_for_pixbuf(thumbnail.pixbuf))
        textures[id] = texture
        touch(id)
        while recency.count > capacity {
            textures.removeValue(forKey: recency.removeFirst())
        }
        deliveries.forEach { $0(texture) }
    }

    private func touch(_ id: Int64) {
        if let index = recency.lastIndex(of: id) {
            recency.remove(at: index)
        }
        recency.append(id)
    }
}
