// Decodes thumbnails and import previews on worker threads, one per core, so the UI thread never
// waits on decoding. Results arrive on a worker thread: callers hop to their own thread.
import Foundation

public final class ThumbnailLoader: Sendable {
    private let queue: OperationQueue

    public init(concurrency: Int = ProcessInfo.processInfo.activeProcessorCount) {
        let queue = OperationQueue()
        queue.name = "Snapshelf thumbnails"
        queue.maxConcurrentOperationCount = max(1, concurrency)
        queue.qualityOfService = .userInitiated
        self.queue = queue
    }

    public func thumbnail(of url: URL, fittingIn size: Int,
                          completion: @escaping @Sendable (Result<Thumbnail, ImportError>) -> Void) {
        queue.addOperation {
            completion(Result { () throws(ImportError) in try Thumbnail(decoding: url, fittingIn: size) })
        }
    }

    public func candidate(inspecting url: URL, previewSize: Int,
                          completion: @escaping @Sendable (Result<PhotoCandidate, ImportError>) -> Void) {
        queue.addOperation {
            completion(Result { () throws(ImportError) in try PhotoCandidate(inspecting: url, previewSize: previewSize) })
        }
    }
}
