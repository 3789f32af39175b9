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

    /// Reads the library and reports the difference as removals, insertions and replacements.
    public func refresh() throws(LibraryError) {
        seenChangeCounter = try library.changeCounter()
        let current = try library.photos()
        // Both lists are ordered by ID, so one merge walk finds every difference.
        var position = 0
        var newIndex = 0
        while position < photos.count || newIndex < current.count {
            if newIndex == current.count || (position < photos.count && photos[position].id < current[newIndex].id) {
                photos.remove(at: position)
                itemsChanged?(position, 1, 0)
            } else if position == photos.count || photos[position].id > current[newIndex].id {
                photos.insert(current[newIndex], at: position)
                itemsChanged?(position, 0, 1)
                position += 1
                newIndex += 1
            } else {
                if photos[position] != current[newIndex] {
                    photos[position] = current[newIndex]
                    itemsChanged?(position, 1, 1)
                }
                position += 1
                newIndex += 1
            }
        }
    }
}
