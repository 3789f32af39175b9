// Imports many files with one label, reporting after each file in order. Reading, hashing and
// decoding run on every core, ahead of the saving; the copies and rows are written one at a time;
// each photo's large thumbnail is saved to the shared cache in the background, from the decoding
// already done. Each file is imported whole or not at all, so cancelling between files keeps what
// was finished and leaves nothing half-done.
import Foundation
import Synchronization

public final class BatchImport: Sendable {
    public struct Progress: Sendable {
        /// Files handled so far, this one included.
        public let completed: Int
        public let total: Int
        public let file: URL
        public let result: Result<ImportOutcome, ImportError>
        /// What the person should know that did not stop the import, such as a sidecar beside
        /// the original that could not give a title.
        public let notes: [String]
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
    public func run(_ files: [URL], label: Label?, libraryDirectory directory: URL,
                    report: (Progress) -> Void) throws(LibraryError) {
        run(files, label: label, into: try Library(directory: directory), report: report)
    }

    /// Imports the files through a library already open on this thread.
    public func run(_ files: [URL], label: Label?, into library: Library, report: (Progress) -> Void) {
        run(files, label: label, opening: { () throws(Never) in library }, report: report)
    }

    /// Imports the files through the library `opening` gives, which it asks for only once a file
    /// has passed inspection: importing nothing but bad files creates no library. A library that
    /// cannot be opened ends the import with that error.
    /// A nil `label` gives each photo the title it brought along, if any (see `FoundTitle`).
    public func run<E: Error>(_ files: [URL], label: Label?, opening: () throws(E) -> Library,
                              report: (Progress) -> Void) throws(E) {
        let ahead = max(2, ProcessInfo.processInfo.activeProcessorCount * 3)
        let thumbnailSaves = ThumbnailSaves(limit: ahead)
        // Files are read and decoded ahead of the saving, which is one file at a time.
        let inspections = InspectionQueue(files, ahead: ahead)
        defer {
            inspections.finish()
            thumbnailSaves.finish()
        }
        var library: Library?
        for (index, file) in files.enumerated() {
            guard !isCancelled else { break }
            let inspected = inspections.take(index)
            if case .success = inspected, library == nil {
                library = try opening()
            }
            let result = inspected.flatMap { candidate in
                Result { () throws(ImportError) in
                    try library!.add(candidate, label: label ?? candidate.title?.label ?? Label.empty)
                }.map { outcome in
                    if outcome != .duplicate(of: outcome.photo), let thumbnails {
                        thumbnailSaves.start { thumbnails.store(candidate.preview, for: outcome.photo.fileURL, size: .large) }
                    }
                    return outcome
                }
            }
            let notes = label == nil ? ((try? inspected.get())?.titleNotes ?? []) : []
            report(Progress(completed: index + 1, total: files.count, file: file, result: result, notes: notes))
        }
    }
}
