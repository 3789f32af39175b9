// The grid's thumbnails as GPU-ready textures: loaded on demand for the tiles on screen, from the
// shared thumbnail cache on worker threads, and kept within a memory budget, least recently used
// first out. A tile that leaves the screen calls off its request if no one else wants it. A photo
// is cached as it is turned, so a rotated photo never gets the texture it had before.
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class TextureCache {
    typealias Delivery = @MainActor (Paintable) -> Void

    /// A photo as it is turned.
    fileprivate struct Key: Hashable {
        let id: Int64
        let rotation: Int
    }

    /// One tile's wish for a thumbnail; cancelling it drops the delivery.
    @MainActor
    final class Ticket {
        fileprivate let key: Key
        fileprivate weak var cache: TextureCache?

        fileprivate init(key: Key, cache: TextureCache) {
            self.key = key
            self.cache = cache
        }

        func cancel() {
            cache?.cancel(self)
        }
    }

    private struct Pending {
        var deliveries: [(ticket: ObjectIdentifier, deliver: Delivery)]
        let request: ThumbnailRequest
    }

    private let loader: ThumbnailLoader
    /// The textures kept, each costing its bytes.
    private var textures: LRUCache<Key, Texture>
    private var pending: [Key: Pending] = [:]
    /// Photos whose file could not be decoded, so a tile scrolled past again does not retry.
    private var failed: Set<Int64> = []
    /// What a tile shows for a photo whose file is missing or damaged.
    private lazy var brokenPicture = IconPaintable.named("image-missing-symbolic", size: 64)

    /// What a texture costs at the least, whatever its pixels: the renderer's copy and the objects
    /// around it. Counting only pixels let thousands of tiny thumbnails in, each far larger in
    /// memory than its pixels.
    static let smallestCost = 64 << 10

    /// - Parameter budget: the most bytes of texture kept; 40 MB holds about 200 large thumbnails,
    ///   several screens of the grid.
    init(loader: ThumbnailLoader, budget: Int = 40 << 20) {
        self.loader = loader
        textures = LRUCache(costLimit: budget)
    }

    /// Whether the photo's file could not be decoded, so what it was given is the "missing image"
    /// symbol rather than its thumbnail.
    func isBroken(_ photo: Photo) -> Bool { failed.contains(photo.id) }

    var usedBytes: Int { textures.totalCost }
    var count: Int { textures.count }
    var pendingCount: Int { pending.count }

    /// Hands the photo's texture to `deliver`, at once when cached, else once loaded. A photo whose
    /// file cannot be decoded gets a "missing image" symbol instead.
    func texture(for photo: Photo, size: ThumbnailCache.Size, deliver: @escaping Delivery) -> Ticket {
        let key = Key(id: photo.id, rotation: photo.rotation)
        let ticket = Ticket(key: key, cache: self)
        if failed.contains(photo.id) {
            if let brokenPicture { deliver(brokenPicture) }
        } else if let texture = textures.value(forKey: key) {
            deliver(texture)
        } else if pending[key] != nil {
            pending[key]?.deliveries.append((ObjectIdentifier(ticket), deliver))
        } else {
            let request = loader.thumbnail(of: photo.fileURL, size: size, rotation: photo.rotation) { [weak self] result in
                MainLoop.perform { [weak self] in self?.finish(key, result) }
            }
            pending[key] = Pending(deliveries: [(ObjectIdentifier(ticket), deliver)], request: request)
        }
        return ticket
    }

    private func cancel(_ ticket: Ticket) {
        guard var waiting = pending[ticket.key] else { return }
        waiting.deliveries.removeAll { $0.ticket == ObjectIdentifier(ticket) }
        if waiting.deliveries.isEmpty {
            waiting.request.cancel()
            pending.removeValue(forKey: ticket.key)
        } else {
            pending[ticket.key] = waiting
        }
    }

    private func finish(_ key: Key, _ result: Result<Thumbnail, DecodingFailure>) {
        // A request cancelled after its decoding began still ends here, with no one waiting.
        let deliveries = pending.removeValue(forKey: key)?.deliveries ?? []
        guard case .success(let thumbnail) = result else {
            failed.insert(key.id)
            if let brokenPicture { deliveries.forEach { $0.deliver(brokenPicture) } }
            return
        }
        guard !deliveries.isEmpty else { return }
        let texture = Texture(pixbuf: thumbnail.pixbuf)
        textures.insert(texture, forKey: key, cost: max(thumbnail.width * thumbnail.height * 4, Self.smallestCost))
        deliveries.forEach { $0.deliver(texture) }
    }
}
