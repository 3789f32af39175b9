// Imports many files with one label on the calling thread (a worker, in the window), reporting
// after each file. Each file is imported whole or not at all, so cancelling between files keeps
// what was finished and leaves nothing half-done.
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

    public init() {}

    /// Asks the import to stop after the file it is on; safe from any thread.
    public func cancel() {
        cancelled.store(true, ordering: .relaxed)
    }

    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// Imports the files one by one into the library in `directory`, through a connection of its
    /// own, until done or cancelled.
    public func run(_ files: [URL], label: Label, libraryDirectory directory: URL, previewSize: Int,
                    report: (Progress) -> Void) throws(LibraryError) {
        let library = try Library(directory: directory)
        for (index, file) in files.enumerated() {
            guard !isCancelled else { return }
            let result = Result { () throws(ImportError) in
                try library.add(try PhotoCandidate(inspecting: file, previewSize: previewSize), label: label)
            }
            report(Progress(completed: index + 1, total: files.count, file: file, result: result))
        }
    }
}
