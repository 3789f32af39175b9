// The photos of one library as the window shows them, in order. It reads the library, and on
// `refresh` compares what is there now with what it shows, telling its observer exactly which
// positions changed, so a grid can update single tiles instead of reloading. Changes made by
// other connections (an import on a worker thread, the command line) arrive the same way.
import Foundation

public final class PhotoStore {
    /// Called after a change with the position where it happened and how many photos left and arrived.
    public typealias ChangeHandler = (_ position: Int, _ removed: Int, _ added: Int) -> Void

    public let library: Library
    public var itemsChanged: ChangeHandler?

    private var photos: [Photo]
    private var seenChangeCounter: Int64

    public init(library: Library) throws(LibraryError) {
        self.library = library
        seenChangeCounter = try library.changeCounter()
        photos = try library.photos()
    }

    /// Opens the library in `directory`, creating it when it does not exist yet.
    public convenience init(directory: URL) throws(LibraryError) {
        try self.init(library: try Library(directory: directory))
    }

    public var count: Int { photos.count }

    public func photo(at position: Int) -> Photo { photos[position] }

    public func position(ofPhotoWithID id: Int64) -> Int? { photos.firstIndex { $0.id == id } }

    /// Saves through this store's library and shows the result at once; returns the photo's
    /// position, which for a duplicate is where the existing photo already is.
    @discardableResult
    public func save(_ candidate: PhotoCandidate, label: Label, at date: Date = Date()) throws(ImportError) -> Int {
        let outcome = try library.add(candidate, label: label, at: date)
        do {
            try refresh()
        } catch {
            throw ImportError(path: candidate.sourceURL.path, reason: .databaseFailed(error.detail))
        }
        switch outcome {
        case .added(let photo), .duplicate(of: let photo):
            return position(ofPhotoWithID: photo.id) ?? count - 1
        }
    }

    /// Brings the store up to date with the library when another connection changed it.
    public func refreshIfChanged() throws(LibraryError) {
        guard try library.changeCounter() != seenChangeCounter else { return }
        try refresh()
    }

    /// Reads the library and reports the difference as removals, insertions and replacements,
    /// with neighbouring changes of one kind reported together, so an import of hundreds of
    /// photos between two refreshes is one change for the grid, not hundreds.
    public func refresh() throws(LibraryError) {
        seenChangeCounter = try library.changeCounter()
        let current = try library.photos()
        for run in Self.runs(from: photos, to: current) {
            photos.replaceSubrange(run.position..<run.position + run.removed,
                                   with: current[run.source..<run.source + run.added])
            itemsChanged?(run.position, run.removed, run.added)
        }
    }

    /// One change to apply in order: at `position` in the list as it is by then, `removed` photos
    /// leave and `added` arrive, taken from `source` onwards in the new list.
    private struct Run {
        enum Kind { case removal, insertion, replacement }

        let kind: Kind
        let position: Int
        let source: Int
        var count = 1

        var removed: Int { kind == .insertion ? 0 : count }
        var added: Int { kind == .removal ? 0 : count }
        /// Where the next change of the same kind must be to join this run: removals all happen
        /// at one position, as the list closes up behind each.
        var continuation: Int { kind == .removal ? position : position + count }
    }

    /// Both lists are ordered by ID, so one merge walk finds every difference.
    private static func runs(from old: [Photo], to new: [Photo]) -> [Run] {
        var runs: [Run] = []
        var oldIndex = 0
        var newIndex = 0
        var position = 0
        func record(_ kind: Run.Kind) {
            if let last = runs.last, last.kind == kind, last.continuation == position {
                runs[runs.count - 1].count += 1
            } else {
                runs.append(Run(kind: kind, position: position, source: newIndex))
            }
        }
        while oldIndex < old.count || newIndex < new.count {
            if newIndex == new.count || (oldIndex < old.count && old[oldIndex].id < new[newIndex].id) {
                record(.removal)
                oldIndex += 1
                continue
            }
            if oldIndex == old.count || old[oldIndex].id > new[newIndex].id {
                record(.insertion)
            } else {
                if old[oldIndex] != new[newIndex] {
                    record(.replacement)
                }
                oldIndex += 1
            }
            newIndex += 1
            position += 1
        }
        return runs
    }
}
