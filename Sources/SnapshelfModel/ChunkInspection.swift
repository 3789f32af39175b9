// Reads, hashes and decodes a few files in the background, one per core, keeping their order,
// so an import can inspect the next files while it saves the ones before.
import Foundation
import Synchronization

final class ChunkInspection: Sendable {
    let files: [URL]
    private let outcome = Mutex<[Result<PhotoCandidate, ImportError>]?>(nil)
    private let done = DispatchSemaphore(value: 0)

    init(of files: [URL]) {
        self.files = files
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let results = Mutex([Result<PhotoCandidate, ImportError>?](repeating: nil, count: files.count))
            DispatchQueue.concurrentPerform(iterations: files.count) { index in
                let result = Result { () throws(ImportError) in
                    try PhotoCandidate(inspecting: files[index], previewSize: ThumbnailCache.Size.large.pixels)
                }
                results.withLock { $0[index] = result }
            }
            outcome.withLock { $0 = results.withLock { $0.map { $0! } } }
            done.signal()
        }
    }

    /// The files' candidates or errors, in the files' order, waiting for them if need be.
    func results() -> [Result<PhotoCandidate, ImportError>] {
        if let ready = outcome.withLock({ $0 }) { return ready }
        done.wait()
        return outcome.withLock { $0! }
    }
}
