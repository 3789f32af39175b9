// Loads thumbnails and import previews on worker threads, one per core, so the UI thread never
// waits on decoding. Results arrive on a worker thread: callers hop to their own thread.
import Foundation

public final class ThumbnailLoader: Sendable {
    private let queue: WorkQueue
    private let cache: ThumbnailCache

    public init(cache: ThumbnailCache = .shared(), concurrency: Int = ProcessInfo.processInfo.activeProcessorCount) {
        queue = WorkQueue(width: concurrency, qos: .userInitiated)
        self.cache = cache
    }

    /// Loads the file's thumbnail from the shared cache, making it there first when needed, and
    /// turns it `rotation` degrees clockwise. The cache holds the file as it is, as every program
    /// sharing it expects, so a rotation never finds a thumbnail of another one there.
    /// The returned request can be cancelled while it waits for a worker.
    @discardableResult
    public func thumbnail(of url: URL, size: ThumbnailCache.Size, rotation: Int = 0,
                          completion: @escaping @Sendable (Result<Thumbnail, DecodingFailure>) -> Void) -> ThumbnailRequest {
        let cache = cache
        return ThumbnailRequest(ticket: queue.add {
            completion(Result { () throws(DecodingFailure) in try cache.thumbnail(for: url, size: size).rotated(by: rotation) })
        })
    }

    /// Decodes the photo itself for viewing, scaled on load to fit a square of `size` pixels and
    /// upright, then turned `rotation` degrees clockwise; the result is not cached. The request
    /// can be cancelled while it waits.
    @discardableResult
    public func image(of url: URL, fittingIn size: Int, rotation: Int = 0,
                      completion: @escaping @Sendable (Result<Thumbnail, DecodingFailure>) -> Void) -> ThumbnailRequest {
        ThumbnailRequest(ticket: queue.add {
            completion(Result { () throws(DecodingFailure) in try Thumbnail(decoding: url, fittingIn: size).rotated(by: rotation) })
        })
    }

    public func candidate(inspecting url: URL, previewSize: Int,
                          completion: @escaping @Sendable (Result<PhotoCandidate, ImportError>) -> Void) {
        queue.add {
            completion(Result { () throws(ImportError) in try PhotoCandidate(inspecting: url, previewSize: previewSize) })
        }
    }
}
