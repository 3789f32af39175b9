// Imports many files with one label, reporting each file in order. Reading, hashing and decoding
// run on every core, ahead of the saving. The photos are saved in batches (see `ImportBatch`), and
// each is reported only once its batch is on disk, so a photo reported imported outlasts a kill or
// a power cut. A batch is saved when it is full, or when its first photo has waited half a second,
// so the window shows photos soon however slow the next file is. Each photo's large thumbnail is
// saved to the shared cache in the background, from the decoding already done. Cancelling stops
// the taking of files; those already copied in are saved, and nothing is left half-done.
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
        public let notes: [ImportNote]
        /// Whether the photo was added with the title found in its files instead of the label given.
        public let keptOwnTitle: Bool
        /// What a photo already in the library took from the details brought for it, having none of
        /// its own; nil when it took nothing.
        public internal(set) var update: ImportedUpdate? = nil
    }

    /// A file taken from the inspections and not reported yet: its result, or nil while it waits
    /// in the batch.
    private struct Handled {
        let index: Int
        let notes: [ImportNote]
        var candidate: PhotoCandidate?
        var result: Result<ImportOutcome, ImportError>?
    }

    /// Photos saved together at most: enough that a batch's commits and flushes cost little per
    /// photo, few enough that its decoded previews take little memory.
    static let batchLimit = 32
    /// How long a photo may wait for the rest of its batch before the batch is saved without them.
    static let batchDelay = DispatchTimeInterval.milliseconds(500)

    private let cancelled = Atomic<Bool>(false)
    private let thumbnails: ThumbnailCache?

    /// - Parameter thumbnails: where to save each new photo's thumbnail; nil saves none.
    public init(thumbnails: ThumbnailCache? = .shared()) {
        self.thumbnails = thumbnails
    }

    /// Asks the import to stop taking files, once it has saved those it copied in; safe from any thread.
    public func cancel() {
        cancelled.store(true, ordering: .relaxed)
    }

    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// Imports the files into the library in `directory`, through a connection of its own, until
    /// done or cancelled. `report` is called on the calling thread, once per file, in order, and for
    /// a photo saved only once it is on disk.
    public func run(_ files: [URL], label: Label?, keepingFoundTitles: Bool = false, details: [ImportedDetails]? = nil,
                    libraryDirectory directory: URL, report: (Progress) -> Void) throws(LibraryError) {
        let library = try Library(directory: directory)
        run(files, label: label, keepingFoundTitles: keepingFoundTitles, details: details, opening: { () throws(Never) in library },
            report: report)
    }

    /// Imports the files through a library already open on this thread.
    public func run(_ files: [URL], label: Label?, into library: Library, report: (Progress) -> Void) {
        run(files, label: label, opening: { () throws(Never) in library }, report: report)
    }

    /// Imports the files through the library `opening` gives, which it asks for only once a file
    /// has passed inspection: importing nothing but bad files creates no library. A library that
    /// cannot be opened ends the import with that error.
    /// A nil `label` gives each photo the title it brought along, if any (see `FoundTitle`);
    /// `keepingFoundTitles` gives it that title over the label, which goes to the others.
    /// `details`, one for each file, are what a catalogue such as Shotwell's brings along: a title
    /// there wins over the label and over the file's own. Such files are opened without following
    /// a link: the catalogue named them, not the person, and a name it listed as a photo may have
    /// been made a link to another file since.
    public func run<E: Error>(_ files: [URL], label: Label?, keepingFoundTitles: Bool = false, details: [ImportedDetails]? = nil,
                              opening: () throws(E) -> Library, report: (Progress) -> Void) throws(E) {
        precondition(details == nil || details?.count == files.count, "one ImportedDetails for each file")
        // Enough files read and decoded ahead that the cores stay busy while a batch is saved.
        let ahead = max(2, ProcessInfo.processInfo.activeProcessorCount * 3) + Self.batchLimit
        let thumbnailSaves = ThumbnailSaves(limit: ahead)
        let inspections = InspectionQueue(files, ahead: ahead, followingLinks: details == nil,
                                          refusingHidden: details?.contains { !$0.hiddenFoldersAllowed } ?? false)
        defer {
            inspections.finish()
            thumbnailSaves.finish()
        }
        var library: Library?
        var batch: ImportBatch?
        var unreported: [Handled] = []
        var deadline: DispatchTime?
        // Saves the batch, then reports every file handled since the last report, in order.
        func save() {
            var saved = (batch?.commit() ?? []).makeIterator()
            for handled in unreported {
                var (result, savingNotes) = handled.result.map { ($0, []) } ?? saved.next()!
                var notes = handled.notes + savingNotes
                var update: ImportedUpdate?
                if case .success(.duplicate(of: let photo)) = result, let library, let brought = details?[handled.index] {
                    (result, update, notes) = complete(photo, FileName(url: files[handled.index]), with: brought, handled, notes: notes,
                                                       in: library)
                }
                var keptOwnTitle = false
                if case .success(.added) = result, keepingFoundTitles,
                   let title = details?[handled.index].label ?? handled.candidate?.title?.label {
                    keptOwnTitle = title != label
                }
                if case .success(let outcome) = result, outcome != .duplicate(of: outcome.photo), let thumbnails,
                   let candidate = handled.candidate {
                    thumbnailSaves.start { thumbnails.store(candidate.preview, for: outcome.photo.fileURL, size: .large) }
                }
                report(Progress(completed: handled.index + 1, total: files.count, file: files[handled.index], result: result,
                                notes: notes, keptOwnTitle: keptOwnTitle, update: update))
            }
            (unreported, deadline) = ([], nil)
        }
        var index = 0
        while index < files.count, !isCancelled {
            guard let inspected = inspections.take(index, waitingUntil: deadline ?? .distantFuture) else {
                // The batch's first photo has waited long enough for the file after it.
                save()
                continue
            }
            let brought = details?[index]
            // The file's own title matters only where the catalogue gives none.
            let ownTitleNeeded = brought?.label == nil && (label == nil || keepingFoundTitles)
            var notes = (brought?.notes ?? []) + (ownTitleNeeded ? ((try? inspected.get())?.titleNotes ?? []) : [])
            switch inspected {
            case .success(var candidate):
                if let brought, candidate.adopt(brought) {
                    notes.append(.shotwellMirrorDropped(FileName(url: files[index])))
                }
                if library == nil {
                    library = try opening()
                }
                let staging = batch ?? ImportBatch(into: library!)
                batch = staging
                if staging.holds(sameContentAs: candidate) { save() }
                let own = candidate.title?.label
                staging.stage(candidate, label: brought?.label ?? (keepingFoundTitles ? own : nil) ?? label ?? own ?? Label.empty)
                unreported.append(Handled(index: index, notes: notes, candidate: candidate))
                deadline = deadline ?? .now() + Self.batchDelay
            case .failure(let error):
                unreported.append(Handled(index: index, notes: notes, result: .failure(error)))
            }
            // A failure with nothing waiting before it is told at once. Batches grow smaller
            // towards the end, so little is left to save once the last file is decoded.
            let remaining = files.count - index - 1
            if batch.map({ $0.count >= min(Self.batchLimit, max(1, remaining / 2)) || $0.count == 0 }) ?? true { save() }
            index += 1
        }
        save()
    }

    /// Gives a photo found already in the library the title and turn brought for it, where it has
    /// none of its own. Without the turn, Shotwell's mirror is no matter to tell.
    private func complete(_ photo: Photo, _ file: FileName, with brought: ImportedDetails, _ handled: Handled, notes: [ImportNote],
                          in library: Library) -> (Result<ImportOutcome, ImportError>, ImportedUpdate?, [ImportNote]) {
        let degrees = brought.orientation == nil ? 0 : handled.candidate?.rotation ?? 0
        do {
            guard let update = try library.complete(photo, label: brought.label, degrees: degrees) else {
                return (.success(.duplicate(of: photo)), nil, notes.filter { !$0.isMirrorDropped })
            }
            let updated = try library.photo(withID: photo.id) ?? photo
            return (.success(.duplicate(of: updated)), update, update.rotation == nil ? notes.filter { !$0.isMirrorDropped } : notes)
        } catch {
            return (.success(.duplicate(of: photo)), nil, notes.filter { !$0.isMirrorDropped } + [.updateNotSaved(file, error)])
        }
    }
}
