// The photos of one library, in order: it owns them, saves new ones and tells its observer
// exactly which positions changed, so a grid can update one tile instead of reloading.
import Foundation

public final class PhotoStore {
    /// Called after a change with the position where it happened and how many photos left and arrived.
    public typealias ChangeHandler = (_ position: Int, _ removed: Int, _ added: Int) -> Void

    public let directory: URL
    public var itemsChanged: ChangeHandler?

    private let database: LibraryDatabase
    private let files: LibraryFiles
    private var photos: [Photo]

    /// Opens the library in `directory`, creating it when it does not exist yet.
    public init(directory: URL) throws(LibraryError) {
        self.directory = directory
        files = try LibraryFiles(directory: directory.appendingPathComponent("photos", isDirectory: true))
        database = try LibraryDatabase(fileURL: directory.appendingPathComponent("library.sqlite3"))
        photos = try database.allRows().map { [files] row in
            Photo(
                id: row.id,
                label: row.label,
                fileURL: files.url(forFileNamed: row.fileName),
                originalName: row.originalName,
                added: Date(timeIntervalSince1970: Double(row.addedMilliseconds) / 1000),
                width: row.width,
                height: row.height
            )
        }
    }

    public var count: Int { photos.count }

    public func photo(at position: Int) -> Photo { photos[position] }

    public func position(ofPhotoWithID id: Int64) -> Int? { photos.firstIndex { $0.id == id } }

    /// Copies the candidate into the library, records it with its label, and returns its position.
    /// The copy is on disk before its row is committed, so a crash never leaves a row without a file.
    @discardableResult
    public func save(_ candidate: PhotoCandidate, label: String, at date: Date = Date()) throws(ImportError) -> Int {
        let stored = try files.storeCopy(of: candidate.sourceURL)
        let addedMilliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let originalName = candidate.sourceURL.lastPathComponent
        let id: Int64
        do {
            id = try database.insert(
                label: label, fileName: stored.fileName, originalName: originalName,
                addedMilliseconds: addedMilliseconds, width: candidate.width, height: candidate.height,
                sha256: stored.sha256
            )
        } catch {
            files.discard(stored)
            throw ImportError(path: candidate.sourceURL.path, reason: .databaseFailed(error.detail))
        }
        photos.append(Photo(
            id: id, label: label, fileURL: files.url(forFileNamed: stored.fileName), originalName: originalName,
            added: Date(timeIntervalSince1970: Double(addedMilliseconds) / 1000),
            width: candidate.width, height: candidate.height
        ))
        let position = photos.count - 1
        itemsChanged?(position, 0, 1)
        return position
    }
}
