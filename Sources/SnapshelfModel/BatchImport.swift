// Imports many files with one label, reporting after each file in order. Reading, hashing and
// decoding run on every core; the copies and rows are written one at a time; each photo's large
// thumbnail is saved to the shared cache from the decoding already done. Each file is imported
// whole or not at all, so cancelling between files keeps what was finished and leaves nothing half-done.
import Foundation
import Synchronization

public final class BatchImport: Sendable {
    public struct Progress: Sendable {
        /// Files handled so far, this one included.
        public let completed: Int
        public let total: Int
        public let file: URL
        public let result: Result<ImportOutcome, ImportError>
    }

    private let cancelled = Atomic<Bool>(false)
    private let thumbnails: ThumbnailCache?

    /// - Parameter thumbnails: where to save each new photo's thumbnail; nil saves none.
    public init(thumbnails: ThumbnailCache? = .shared()) {
        self.thumbnails = thumbnails
    }

    /// Asks the import to stop after the file it is saving; safe from any thread.
    public func cancel() {
        cancelled.store(true, ordering: .relaxed)
    }

    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// Imports the files into the library in `directory`, through a connection of its own, until
    /// done or cancelled. `report` is called on the calling thread, once per file, in order.
    public func run(_ files: [URL], label: Label, libraryDirectory directory: URL,
                    report: (Progress) -> Void) throws(LibraryError) {
        run(files, label: label, into: try Library(directory: directory), report: report)
    }

    /// Imports the files through a library already open on this thread.
    public func run(_ files: [URL], label: Label, into library: Library, report: (Progress) -> Void) {
        let width = max(2, ProcessInfo.processInfo.activeProcessorCount * 2)
        var start = 0
        while start < files.count, !isCancelled {
            let chunk = Array(files[start..<min(start + width, files.count)])
            let candidates = Self.inspect(chunk)
            var added: [(Photo, Thumbnail)] = []
            for (offset, inspection) in candidates.enumerated() {
                guard !isCancelled else { break }
                let result = inspection.flatMap { candidate in
                    Result { () throws(ImportError) in try library.add(candidate, label: label) }.map { outcome in
                        if case .added(let photo) = outcome { added.append((photo, candidate.preview)) }
                        return outcome
                    }
                }
                report(Progress(completed: start + offset + 1, total: files.count, file: chunk[offset], result: result))
            }
            saveThumbnails(of: added)
            start += chunk.count
        }
    }

    /// Reads, hashes and decodes the files at once, one per core, keeping their order.
    private static func inspect(_ files: [URL]) -> [Result<PhotoCandidate, ImportError>] {
        let results = Mutex([Result<PhotoCandidate, ImportError>?](repeating: nil, count: files.count))
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let result = Result { () throws(ImportError) in
                try PhotoCandidate(inspecting: files[index], previewSize: ThumbnailCache.Size.large.pixels)
            }
            results.withLock { $0[index] = result }
        }
        return results.withLock { $0.map { $0! } }
    }

    private func saveThumbnails(of photos: [(Photo, Thumbnail)]) {
        guard let thumbnails, !photos.isEmpty else { return }
        DispatchQueue.concurrentPerform(iterations: photos.count) { index in
            thumbnails.store(photos[index].1, for: photos[index].0.fileURL, size: .large)
        }
    }
}
