// Makes a library's database again from what is the truth: the photos' copies and their sidecars.
// The old database, damaged or not, is moved aside (see `SetAsideDatabases`). Each photo comes back with
// the label, original name, date added, size and date taken its sidecar holds, and its ID unless
// another sidecar claims it too (see `SidecarReading`); a copy without a sidecar comes back with
// what the photo itself gives, under a new ID, and gets a sidecar. A sidecar that cannot be read
// is set aside, never written over.
import Foundation

public enum LibraryRebuild {
    public struct Report: Sendable, Equatable {
        public let photos: Int
        /// Photos whose sidecar was missing or could not be read, rebuilt from the photo alone.
        public let withoutSidecar: Int
        /// Where the old database went, when there was one.
        public let movedAside: URL?
        /// What could not be taken as it was.
        public let notes: [RebuildNote]
    }

    /// Rebuilds the library in `directory`, calling `progress` with the photos read so far and
    /// their number. The library must be closed everywhere else.
    public static func run(directory: URL, progress: (Int, Int) -> Void = { _, _ in }) throws(LibraryError) -> Report {
        let operation = LibraryOperation.rebuildingLibrary(directory)
        let photos = directory.appendingPathComponent("photos", isDirectory: true)
        guard LibraryFiles.isDirectory(photos) else {
            throw .notALibrary(directory)
        }
        guard !LibraryFolder.isReadOnly(directory), access(directory.path, W_OK) == 0 else {
            throw .readOnlyLibrary(directory, during: operation)
        }
        let lock = try LibraryLock(directory: directory, writable: true)
        guard lock.isAlone else {
            throw .openElsewhere(directory)
        }
        // Built under another name and put in place only when whole, so a rebuild cut short
        // leaves the database that was there, never an empty one that hides the photos.
        let building = directory.appendingPathComponent("library.sqlite3.rebuilding")
        for suffix in ["", "-wal", "-shm"] { unlink(building.path + suffix) }
        let database = directory.appendingPathComponent("library.sqlite3")
        var movedAside: URL?
        do throws(LibraryError) {
            let report = try fill(building, from: directory, progress: progress)
            movedAside = try moveDatabaseAside(in: directory, during: operation)
            for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: building.path + suffix) {
                guard rename(building.path + suffix, database.path + suffix) == 0 else {
                    throw .databaseNotReplaced(directory, errno: errno)
                }
            }
            SetAsideDatabases.prune(in: directory)
            return Report(photos: report.photos, withoutSidecar: report.withoutSidecar, movedAside: movedAside, notes: report.notes)
        } catch {
            undo(building, puttingBack: movedAside, as: database)
            throw error
        }
    }

    /// What a rebuild that failed leaves: nothing of the new database, and the old one where it
    /// was, so trying again, or opening the library, meets what was there before.
    private static func undo(_ building: URL, puttingBack aside: URL?, as database: URL) {
        for suffix in ["", "-wal", "-shm"] { unlink(building.path + suffix) }
        guard let aside else { return }
        // What is under the database's name now may be the new one's: a log of it must not meet
        // the old, which goes back in one rename of each file.
        for suffix in ["-wal", "-shm"] { unlink(database.path + suffix) }
        for suffix in ["", "-wal", "-shm"] {
            rename(aside.path + suffix, database.path + suffix)
            // A rename onto another name of the same file changes nothing: the aside name is a spare.
            var left = stat(), there = stat()
            if lstat(aside.path + suffix, &left) == 0, lstat(database.path + suffix, &there) == 0,
               (left.st_dev, left.st_ino) == (there.st_dev, there.st_ino) {
                unlink(aside.path + suffix)
            }
        }
    }

    /// Makes the database at `url` from the library's copies and sidecars, and closes it.
    private static func fill(_ url: URL, from directory: URL, progress: (Int, Int) -> Void) throws(LibraryError) -> Report {
        let database = try LibraryDatabase(fileURL: url, readOnly: false)
        let files = LibraryFiles(library: directory, writable: true)
        try files.requireUsable()
        files.sweepIncoming()
        // Made here, so the next open takes it as this computer's own (see `LibraryTrust`).
        try LibraryTrust.seal(database)
        // The computer keeps its name, so its turns in the sidecars stay its own.
        try database.keepMachineName(of: directory.appendingPathComponent("library.sqlite3"))
        let refused = try database.keepSetAside(of: directory.appendingPathComponent("library.sqlite3"))
        // Syncthing's conflict copies are merged first; one that cannot be is no photo of its own.
        let conflicts = SidecarConflict.resolveAll(in: files, machine: try database.machineName(), remembered: refused)
        var found = try SidecarReading(into: database, files: files)
        let (setAside, refusedNow, orphans) = try read(files, into: &found, refused: refused, progress: progress)
        try database.recordSetAside(refusedNow, forgetting: [])
        // Rows from their sidecars agree with them already; the others get theirs written below,
        // as do those whose sidecar is from before cameras were kept, which get it from their copies.
        try found.place(into: database)
        var notes = conflicts.notes.map(RebuildNote.said) + setAside + found.notes + orphans
        // Moved, never written over: what could not be read may still hold a label.
        for name in found.unreadable {
            _ = try files.setAside(sidecarOf: name)
        }
        do {
            try SidecarWriter(database: database, files: files).writeAllPending()
        } catch {
            notes.append(.sidecarsNotWritten(error))
        }
        try database.flushWhole()
        return Report(photos: found.photos, withoutSidecar: found.withoutSidecar, movedAside: nil, notes: notes)
    }

    /// Reads the copies and their sidecars into `found`, a batch at a time, and returns what was
    /// set aside, and a note for each sidecar without its copy. The names are held compactly, and
    /// only here, and the claims wait in a table: a million photos' names and rows held as strings
    /// took more than a gigabyte.
    private static func read(_ files: LibraryFiles, into found: inout SidecarReading, refused: [String: LibraryDatabase.SetAsideFile],
                             progress: (Int, Int) -> Void) throws(LibraryError)
        -> (setAside: [RebuildNote], refused: [String: LibraryDatabase.SetAsideFile], orphans: [RebuildNote]) {
        var setAside: [RebuildNote] = []
        var refusedNow: [String: LibraryDatabase.SetAsideFile] = [:]
        let folder = PhotoFolderNames(reading: files.directory)
        // A folder that cannot be listed must not make an empty library over the photos in it.
        if let code = folder.readFailure { throw .system(.errno(code), during: .readingFolder(files.directory)) }
        let copies = folder.copyCount
        var read = 0
        try folder.forEachBatchOfCopies(of: 2048) { (names: [String]) throws(LibraryError) in
            // A link, a FIFO, a device, or a file too large or sparse is never opened: a link's target
            // would give its date, size and camera to a sidecar that syncs back to the computer that made it.
            // Nor is one the index set aside, unchanged since.
            let listed = names.filter { name in
                let url = files.directory.appendingPathComponent(name)
                var status = stat()
                let known = lstat(url.path, &status) == 0 ? refused[name].flatMap { $0.isSame(as: status) ? $0.why : nil } : nil
                if let known {
                    setAside.append(.setAside(url, why: known))
                    return false
                }
                guard let why = PhotoFileScreen.refusal(at: url) else { return true }
                setAside.append(.setAside(url, why: why))
                refusedNow[name] = LibraryDatabase.SetAsideFile(status, why: why)
                return false
            }
            // A copy and its sidecar are only what the folder holds, which a peer may have filled, as
            // when a database from elsewhere was set aside: each copy is screened as the rescan screens
            // what arrives, its bytes the content its name gives and read by a decoder, before its
            // sidecar names a photo. One that fails stays where it is, remembered and named by `check`.
            let hashed = listed.compactMap { name in LibraryRescan.sha256(ofCopyNamed: name).map { (name: name, sha256: $0) } }
            let verdicts = LibraryRescan.refusals(of: hashed.map { files.url(forFileNamed: $0.name) }, sha256: hashed.map(\.sha256))
            for (copy, verdict) in zip(hashed, verdicts) {
                guard let verdict else { continue }
                setAside.append(.setAside(files.url(forFileNamed: copy.name), why: verdict.why))
                refusedNow[copy.name] = LibraryDatabase.SetAsideFile(verdict.status, why: verdict.why)
            }
            try found.read(listed.filter { refusedNow[$0] == nil })
            read += names.count
            progress(read, copies)
        }
        return (setAside, refusedNow, orphanNotes(in: files, folder: folder))
    }

    /// A note for each sidecar with no copy beside it: a rebuild cannot make a photo of it, but
    /// it stays where it is, with its label, for the photo's import to take back.
    private static func orphanNotes(in files: LibraryFiles, folder: PhotoFolderNames) -> [RebuildNote] {
        folder.straySidecars.filter { !SidecarConflict.isConflictCopy($0) }.map { name in
            let url = files.url(forFileNamed: name)
            let label = SidecarSalvage.read(url).salvage?.label ?? ""
            return .straySidecar(url, label: DecoderText.clean(label, limit: 60))
        }
    }

    /// A name beside the database for it and its journal files, with the tag and the time, that
    /// none of them has yet: `library.sqlite3.before-rebuild-20250101-120000`.
    static func asideURL(for database: URL, tag: String) -> URL {
        let stem = database.path + ".\(tag)-\(SetAsideDatabases.stampFormatter().string(from: Date()))"
        var (aside, number) = (URL(fileURLWithPath: stem), 1)
        while ([""] + LibraryTrust.companions).contains(where: { FileManager.default.fileExists(atPath: aside.path + $0) }) {
            number += 1
            aside = URL(fileURLWithPath: stem + "-\(number)")
        }
        return aside
    }

    /// Renames the database and its journal files out of the way, under a name with the time.
    private static func moveDatabaseAside(in directory: URL, during operation: LibraryOperation) throws(LibraryError) -> URL? {
        let database = directory.appendingPathComponent("library.sqlite3")
        guard FileManager.default.fileExists(atPath: database.path) else { return nil }
        let aside = asideURL(for: database, tag: "before-rebuild")
        // Its log folded in first, where it can be, so the old database stays whole under its own
        // name until the new one replaces it in one rename: a kill between the two finds one or
        // the other, never neither. A damaged one that cannot be opened keeps its log beside it.
        if let old = try? SQLiteConnection(fileURL: database) {
            try? old.execute("PRAGMA wal_checkpoint(TRUNCATE)", during: operation)
        }
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: database.path + suffix) {
            guard link(database.path + suffix, aside.path + suffix) == 0 else {
                throw .databaseNotMovedAside(directory, errno: errno)
            }
        }
        // The log of the old must not meet the new: emptied by the checkpoint, or kept aside.
        for suffix in ["-wal", "-shm"] { unlink(database.path + suffix) }
        return aside
    }
}
