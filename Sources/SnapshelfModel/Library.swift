// One opened library: its folder, its database connection and its photo files. Everything that
// writes goes through here. A Library is used from one thread at a time; a worker thread opens
// its own, and SQLite's WAL mode keeps the connections consistent.
import Foundation

public final class Library {
    public let directory: URL
    private let lock: LibraryLock
    private let files: LibraryFiles
    private let database: LibraryDatabase

    /// Opens the library in `directory`, creating it when it does not exist yet unless told not to.
    /// When no other process has it open, files left without a row by a crash are swept first.
    public init(directory: URL, creatingIfMissing: Bool = true) throws(LibraryError) {
        self.directory = directory
        let database = directory.appendingPathComponent("library.sqlite3")
        if !creatingIfMissing && !FileManager.default.fileExists(atPath: database.path) {
            throw LibraryError(operation: String(format: tr("opening the library %@"), directory.path),
                               detail: tr("there is no library there yet; importing a photo creates one"))
        }
        try LibraryFiles.makeDirectory(directory)
        lock = try LibraryLock(directory: directory)
        files = try LibraryFiles(directory: directory.appendingPathComponent("photos", isDirectory: true))
        self.database = try LibraryDatabase(fileURL: database)
        if lock.isAlone {
            try sweep()
        }
        lock.share()
    }

    /// Every photo, in the order they were added.
    public func photos() throws(LibraryError) -> [Photo] {
        try database.allRows().map(photo(from:))
    }

    public func photoCount() throws(LibraryError) -> Int {
        try database.photoCount()
    }

    /// The photos at positions `offset..<offset + limit`, in the order they were added.
    public func photos(from offset: Int, limit: Int) throws(LibraryError) -> [Photo] {
        try database.rows(from: offset, limit: limit).map(photo(from:))
    }

    /// The position of the photo with this ID among all photos, in the order they were added.
    public func position(ofPhotoWithID id: Int64) throws(LibraryError) -> Int {
        try database.countOfRows(before: id)
    }

    /// The log of changes after a sequence number, oldest first; see `LibraryChange`.
    public func changes(after sequence: Int64) throws(LibraryError) -> [LibraryChange] {
        try database.changes(after: sequence)
    }

    /// The ID of the photo added last, or 0 for an empty library, read from the end of the index
    /// rather than by counting through every photo.
    public func largestPhotoID() throws(LibraryError) -> Int64 {
        try database.largestID()
    }

    /// The newest entry of the change log, and the oldest still kept.
    public func changeLogBounds() throws(LibraryError) -> ClosedRange<Int64> {
        try database.earliestChange()...max(database.earliestChange(), database.latestChange())
    }

    public func photo(withID id: Int64) throws(LibraryError) -> Photo? {
        try database.row(withID: id).map(photo(from:))
    }

    /// The photo with this content, if the library has it.
    public func photo(withContentHash sha256: String) throws(LibraryError) -> Photo? {
        try database.row(withHash: sha256).map(photo(from:))
    }

    /// Photos whose label contains the text, ignoring case and accents, in the order they were added.
    public func search(_ text: String) throws(LibraryError) -> [Photo] {
        try database.rows(matching: SearchKey.folding(text)).map(photo(from:))
    }

    /// The IDs of the photos in this order, only those whose label contains the text (ignoring
    /// case and accents) when there is one: what a sorted or filtered view needs, without reading
    /// the photos themselves.
    public func photoIDs(in order: PhotoOrder = .addedOldestFirst, matching text: String? = nil) throws(LibraryError)
        -> [Int64] {
        try database.ids(in: order, matching: text.map(SearchKey.folding))
    }

    /// The photos with these IDs, in the order given; IDs with no photo are left out.
    public func photos(withIDs ids: [Int64]) throws(LibraryError) -> [Photo] {
        try database.rows(withIDs: ids).map(photo(from:))
    }

    /// A number that changes whenever any connection commits a change to the library.
    public func changeCounter() throws(LibraryError) -> Int64 {
        try database.dataVersion()
    }

    /// Copies the candidate in and records it. The copy is on disk before its row is committed,
    /// so a crash never leaves a row without its file. Content already in the library is not
    /// copied again: the existing photo is returned instead.
    public func add(_ candidate: PhotoCandidate, label: Label, at date: Date = Date()) throws(ImportError) -> ImportOutcome {
        let path = candidate.sourceURL.path
        let existing: LibraryDatabase.Row?
        do {
            existing = try database.row(withHash: candidate.sha256)
        } catch {
            throw ImportError(path: path, reason: .databaseFailed(error.detail))
        }
        if let existing {
            return .duplicate(of: photo(from: existing))
        }
        let copy = try files.writeTemporaryCopy(of: candidate)
        let row = LibraryDatabase.Row(
            id: 0, label: label.text, fileName: copy.finalName, originalName: candidate.sourceURL.lastPathComponent,
            addedMilliseconds: Int64((date.timeIntervalSince1970 * 1000).rounded()),
            width: candidate.width, height: candidate.height, sha256: candidate.sha256,
            takenMilliseconds: Int64((candidate.taken.timeIntervalSince1970 * 1000).rounded())
        )
        var placedHere = false
        do {
            if files.exists(copy.finalName) {
                files.discard(copy)
            } else {
                // Recorded first, so a crash between the rename and the row leaves a known leftover.
                try database.markPending(copy.finalName)
                try files.place(copy, source: candidate.sourceURL)
                placedHere = true
            }
            let id = try database.insert(row)
            return .added(photo(from: LibraryDatabase.Row(
                id: id, label: row.label, fileName: row.fileName, originalName: row.originalName,
                addedMilliseconds: row.addedMilliseconds, width: row.width, height: row.height, sha256: row.sha256,
                takenMilliseconds: row.takenMilliseconds
            )))
        } catch let error as ImportError {
            files.discard(copy)
            try? database.clearPending(copy.finalName)
            throw error
        } catch {
            // Another process may have saved the same content a moment ago; its row owns the file.
            if let existing = try? database.row(withHash: candidate.sha256) {
                return .duplicate(of: photo(from: existing))
            }
            if placedHere {
                files.discard(fileNamed: copy.finalName)
            }
            files.discard(copy)
            try? database.clearPending(copy.finalName)
            throw ImportError(path: path, reason: .databaseFailed("\(error)"))
        }
    }

    /// Finishes what a crash interrupted: half-written copies are deleted, and files recorded as
    /// in progress that no photo uses are retired. Only a process alone with the library does this.
    private func sweep() throws(LibraryError) {
        files.sweepIncoming()
        for name in try database.pendingFiles() {
            if try !database.isReferenced(name) {
                files.retire(fileNamed: name)
            }
            try database.clearPending(name)
        }
        try database.pruneChanges(keeping: 100_000)
    }

    /// Gives the photo a new label; false when there is no photo with that ID.
    @discardableResult
    public func relabel(photoWithID id: Int64, as label: Label) throws(LibraryError) -> Bool {
        try database.updateLabel(label.text, ofPhotoWithID: id)
    }

    /// Gives all the photos the same label at once, in one transaction; returns how many there were.
    @discardableResult
    public func relabel(photosWithIDs ids: [Int64], as label: Label) throws(LibraryError) -> Int {
        try database.updateLabel(label.text, ofPhotosWithIDs: ids)
    }

    /// Removes the photo's row, then moves the library's copy to the Trash. Returns the removed
    /// photo, or nil when there was none with that ID.
    public func remove(photoWithID id: Int64) throws(LibraryError) -> Photo? {
        let removal = try remove(photosWithIDs: [id])
        try complete(removal)
        return removal.photos.first
    }

    /// Takes the photos out of the library in one transaction, leaving their files in place until
    /// `complete` or `undo`. IDs with no photo are left out of the removal.
    public func remove(photosWithIDs ids: [Int64]) throws(LibraryError) -> Removal {
        let rows = try database.deleteRows(try database.rows(withIDs: ids))
        return Removal(photos: rows.map(photo(from:)), rows: rows)
    }

    /// Puts the removed photos back as they were, in one transaction.
    public func undo(_ removal: Removal) throws(LibraryError) {
        try database.restore(removal.rows)
    }

    /// Moves the removed photos' files to the Trash, unless a photo imported since uses one.
    public func complete(_ removal: Removal) throws(LibraryError) {
        for row in removal.rows {
            if try !database.isReferenced(row.fileName) {
                let url = files.url(forFileNamed: row.fileName)
                do {
                    try Trash.move(url)
                } catch {
                    throw LibraryError(operation: String(format: tr("moving %@ to the Trash"), url.path), detail: error.reason)
                }
            }
            try database.clearPending(row.fileName)
        }
    }

    /// Checks that the database is sound, that every row's file exists with the content its hash
    /// says, and that no file lacks a row.
    public func check() throws(LibraryError) -> [String] {
        var problems = try database.integrityProblems().map { String(format: tr("database: %@"), $0) }
        let rows = try database.allRows()
        for row in rows {
            let url = files.url(forFileNamed: row.fileName)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                problems.append(String(format: tr("photo %ld: its file %@ is missing"), Int(row.id), url.path))
                continue
            }
            if SourceFile.hash(data) != row.sha256 {
                problems.append(String(format: tr("photo %ld: its file %@ does not match its recorded content"), Int(row.id), url.path))
            }
        }
        // Files in progress, being imported or waiting for a removal's undo to expire, are not orphans.
        let rowFiles = Set(rows.map(\.fileName)).union(try database.pendingFiles())
        for name in files.allFileNames().sorted() where !rowFiles.contains(name) {
            problems.append(String(format: tr("file %@ belongs to no photo"), files.url(forFileNamed: name).path))
        }
        return problems
    }

    private func photo(from row: LibraryDatabase.Row) -> Photo {
        Photo(
            id: row.id,
            label: row.label,
            fileURL: files.url(forFileNamed: row.fileName),
            originalName: row.originalName,
            added: Date(timeIntervalSince1970: Double(row.addedMilliseconds) / 1000),
            taken: row.takenMilliseconds.map { Date(timeIntervalSince1970: Double($0) / 1000) },
            width: row.width,
            height: row.height
        )
    }
}
