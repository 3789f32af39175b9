// One opened library: its folder, its database connection and its photo files. Everything that
// writes goes through here. A Library is used from one thread at a time; a worker thread opens
// its own, and SQLite's WAL mode keeps the connections consistent.
import Foundation

public final class Library {
    public let directory: URL
    /// Whether the library can only be read, as a backup on read-only media or a library on a
    /// full disk can: listing, searching and checking work, and every change is refused.
    public var isReadOnly: Bool { writeRefusal != nil }
    /// Why changes are refused, when they are: the library is read-only, or its disk is full.
    public let writeRefusal: LibraryError?
    /// What opening the library had to say: a crash's leftover that the Trash would not take.
    public private(set) var openingNotes: [OpeningNote] = []
    /// Whether this connection started the library: there was no database before it opened.
    private let createdLibrary: Bool
    private let lock: LibraryLock
    let files: LibraryFiles
    let database: LibraryDatabase

    /// Starts, on another thread, what every open compares the database's schema with: the
    /// schema the migrations build, in memory. Called as a program starts, it is made while the
    /// display opens rather than after, holding back the window's first frame.
    public static func prepareToOpen() {
        Thread.detachNewThread { LibrarySchemaCheck.prepare() }
    }

    /// Opens the library in `directory`, creating it when it does not exist yet unless told not to.
    /// When no other process has it open, files left without a row by a crash are swept first.
    ///
    /// Sidecars a kill left unwritten, or that a library from before sidecars lacks, are written
    /// then too, unless `writingSidecars` is false: the window writes them on a worker instead.
    public init(directory: URL, creatingIfMissing: Bool = true, writingSidecars: Bool = true) throws(LibraryError) {
        self.directory = directory
        let database = directory.appendingPathComponent("library.sqlite3")
        try LibraryFolder.refuseWhatIsNoLibrary(at: directory, creatingIfMissing: creatingIfMissing)
        let folderIsReadOnly = LibraryFolder.isReadOnly(directory)
        createdLibrary = !LibraryFolder.exists(at: directory)
        var syncNote: OpeningNote?
        if !folderIsReadOnly {
            try LibraryFiles.makeDirectory(directory)
            do {
                try LibrarySyncIgnore.keep(in: directory)
            } catch {
                syncNote = .failed(error)
            }
        }
        // Before the lock: making the index again takes the lock of its own.
        var trust: (verdict: LibraryTrust.Verdict, note: OpeningNote?) = (.made, nil)
        if !folderIsReadOnly {
            trust = try LibraryTrust.admit(directory)
        }
        lock = try LibraryLock(directory: directory, writable: !folderIsReadOnly)
        let opened = try Self.openDatabase(database, readOnly: folderIsReadOnly)
        self.database = opened.database
        writeRefusal = folderIsReadOnly
            ? .readOnlyLibrary(directory, during: .openingLibrary(directory))
            : opened.fullDisk
        files = LibraryFiles(library: directory, writable: writeRefusal == nil)
        openingNotes += [syncNote, trust.note].compactMap { $0 } + files.notes
        if (trust.verdict == .absent || trust.verdict == .adoptable) && writeRefusal == nil {
            do {
                try LibraryTrust.seal(self.database)
            } catch where trust.verdict == .absent {
                // Unsealed, the database is made again at the next open, from what it told the sidecars.
                openingNotes.append(.failed(error))
            } catch {
                // An adopted database is adopted again at the next open, by the same rule: a data
                // folder that cannot be written, as under another XDG_DATA_HOME, changes nothing.
            }
        }
        if let shared = LibraryFolder.sharedFolder(above: directory) {
            openingNotes.append(.sharedAbove(shared, library: directory))
        }
        if let journal = self.database.unreadJournal {
            openingNotes.append(.unreadJournal(journal))
        }
        if lock.isAlone && !isReadOnly && files.problem == nil {
            openingNotes += try sweep()
        }
        try LibraryFolder.refuseAnEmptyDatabase(self.database, over: files, in: directory)
        lock.share()
        if writingSidecars && !isReadOnly && files.problem == nil {
            do {
                try writePendingSidecars()
            } catch {
                // A sidecar that cannot be written must not keep the library from opening.
                openingNotes.append(.failed(error))
            }
        }
    }

    /// Opens the database for writing unless `readOnly`. On a full disk, where it cannot be, it
    /// is opened for reading instead, so the photos can still be seen, with the reason that
    /// changes are refused.
    private static func openDatabase(_ url: URL, readOnly: Bool) throws(LibraryError) -> (database: LibraryDatabase, fullDisk: LibraryError?) {
        do {
            return (try LibraryDatabase(fileURL: url, readOnly: readOnly), nil)
        } catch where error.isDiskFull && !readOnly {
            guard let reading = try? LibraryDatabase(fileURL: url, readOnly: true) else { throw error }
            return (reading, error)
        }
    }

    var sidecars: SidecarWriter { get throws(LibraryError) { try SidecarWriter(database: database, files: files) } }

    /// Writes the sidecars still to be written, telling of those that could not be.
    public func writePendingSidecars() throws(LibraryError) {
        try sidecars.writeAllPending()
    }

    /// Takes away the library this connection started, when nothing went into it after all, as
    /// when the one photo to import changed meanwhile: a command that imports nothing leaves no
    /// library behind. Only when no other process has it open, and only what it made, so a
    /// folder holding anything else stays. The library cannot be used afterwards.
    public func discardIfUnused() {
        guard createdLibrary, (try? database.photoCount()) == 0, lock.takeAlone() else { return }
        for suffix in ["", "-wal", "-shm"] {
            unlink(database.fileURL.path + suffix)
        }
        files.sweepIncoming()
        for folder in [files.directory.appendingPathComponent(LibraryFiles.incomingFolderName), files.directory, directory] {
            // rmdir takes only empty folders, so nothing the person put there goes.
            if folder == directory {
                unlink(directory.appendingPathComponent("library.lock").path)
                LibrarySyncIgnore.discard(in: directory)
            }
            rmdir(folder.path)
        }
    }

    /// Moves what SQLite's write-ahead log holds into the database file itself, as the window
    /// does when it closes, so that a copy of the library folder made then is whole even
    /// without its `-wal`. A read-only library has nothing to move; a busy one moves it later.
    public func checkpoint() {
        guard !isReadOnly else { return }
        try? database.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)", during: .writingLogIntoDatabase)
    }

    /// Refuses a change to a read-only library, naming what was asked.
    func requireWritable(_ operation: LibraryOperation) throws(LibraryError) {
        switch writeRefusal {
        case nil: return
        case .readOnlyLibrary(let directory, _)?: throw .readOnlyLibrary(directory, during: operation)
        case .diskFull(let folder, let free, _)?: throw .diskFull(folder: folder, freeKilobytes: free, during: operation)
        case let refusal?: throw refusal
        }
    }

    /// Every photo, in the order they were added.
    public func photos() throws(LibraryError) -> [Photo] {
        try database.allRows().map(photo(from:))
    }

    /// Hands every photo to `body` in the order they were added, one at a time: `photos()`
    /// without holding them all.
    public func forEachPhoto(_ body: (Photo) -> Void) throws(LibraryError) {
        try database.forEachRow { body(photo(from: $0)) }
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

    /// Runs body with every read of this library seeing one state of it, so counts, positions
    /// and the change log agree even while another connection commits.
    func readingOneState<T>(_ body: () throws(LibraryError) -> T) throws(LibraryError) -> T {
        try database.connection.readingOneState(during: .readingLibrary, body)
    }

    /// A number that changes whenever any connection commits a change to the library.
    public func changeCounter() throws(LibraryError) -> Int64 {
        try database.dataVersion()
    }

    /// Copies the candidate in and records it. The copy is on disk before its row is committed,
    /// so a crash never leaves a row without its file. Content already in the library is not
    /// copied again: the existing photo is returned instead, unless its copy is missing or
    /// damaged, which this file then mends. An import of many files saves them in batches instead
    /// (see `ImportBatch`); this is a batch of one.
    public func add(_ candidate: PhotoCandidate, label: Label, at date: Date = Date()) throws(ImportError) -> ImportOutcome {
        let batch = ImportBatch(into: self)
        batch.stage(candidate, label: label, at: date)
        return try batch.commit()[0].result.get()
    }

    /// Finishes what a crash interrupted: half-written copies are deleted, and files recorded as
    /// in progress that no photo uses are retired. Only a process alone with the library does
    /// this; it returns what the person should know of files the Trash would not take.
    private func sweep() throws(LibraryError) -> [OpeningNote] {
        files.sweepIncoming()
        var notes: [OpeningNote] = []
        var pending = try database.pendingFiles()
        do throws(LibraryError) {
            try recordRemovals(of: pending)
        } catch {
            // Their files stay, recorded as in progress, until the records can be written: the
            // library opens all the same, and says why.
            notes.append(.failed(error))
            pending = []
        }
        for name in pending {
            if try !database.isReferenced(name) {
                switch files.retire(fileNamed: name) {
                case .trashed: break
                case .kept(let said, let kept):
                    notes.append(.removedFileKept(trashSaid: said, kept: kept))
                case .stayed(let said, let file, let error):
                    notes.append(.removedFileStayed(trashSaid: said, file: file, because: error))
                    // Still recorded as in progress, so the next start tries again.
                    continue
                }
            }
            try database.clearPending(name)
        }
        try database.pruneChanges(keeping: 100_000)
        SetAsideDatabases.prune(in: directory)
        return notes
    }

    /// Checks that the database is sound, that every row's file exists with the content its hash
    /// says, and that no file lacks a row; each problem names its repair.
    public func check() throws(LibraryError) -> [CheckFinding] {
        try LibraryCheck(database: database, files: files).problems() + syncthingFindings
    }

    /// This computer's Syncthing settings for the library's folder under which the computers
    /// cannot end up holding the same photos, as its configuration and the library's `.stignore`
    /// give them.
    public var syncthingFindings: [CheckFinding] {
        SyncthingFolder.findings(forLibraryAt: directory)
    }

    /// Where the library is open to the machine's other users, which a check mentions without
    /// calling it a problem: the person may have chosen it.
    public func exposure() -> [String] {
        LibraryCheck(database: database, files: files).exposure(of: directory)
    }

    func photo(from row: LibraryDatabase.Row) -> Photo {
        Photo(record: row.record, fileURL: files.url(forFileNamed: row.fileName))
    }
}
