// Photos saved into the library together. Each candidate is copied into the incoming folder as it
// comes; `commit` then places and records them all with two commits and one flush of the folder
// for the lot, rather than two of each per photo. A photo counts as saved only once `commit` has
// returned it, when its copy, its sidecar, its name and its row are all on disk. A kill before
// then leaves copies in the incoming folder, which the next open deletes, or copies recorded as
// in progress without their rows, which it retires (see `Library.sweep`).
import Foundation

final class ImportBatch {
    private struct Entry {
        let candidate: PhotoCandidate
        let label: Label
        let date: Date
        /// The copy in the incoming folder, for a candidate the commit is to place.
        var copy: LibraryFiles.TemporaryCopy?
        /// What became of the candidate, once known: a duplicate or a failure is known before the commit.
        var result: Result<ImportOutcome, ImportError>?
        /// What the person should know of how it was saved, such as a sidecar taken back.
        var notes: [ImportNote] = []
    }

    /// A new photo being placed: its row, and whether no file had its name before, so that the
    /// file was recorded as in progress and is this import's to take back if the row fails.
    private struct Addition {
        let index: Int
        let copy: LibraryFiles.TemporaryCopy
        let row: LibraryDatabase.Row
        let placedHere: Bool
    }

    /// A photo whose copy was missing or damaged, mended from the candidate's.
    private struct Restoration {
        let index: Int
        let copy: LibraryFiles.TemporaryCopy
        let existing: LibraryDatabase.Row
    }

    private let library: Library
    private var entries: [Entry] = []
    private var files: LibraryFiles { library.files }
    private var database: LibraryDatabase { library.database }

    init(into library: Library) {
        self.library = library
    }

    var count: Int { entries.count }

    /// Whether a candidate with this content waits in the batch already. Another must wait for the
    /// next batch, where it finds the photo this one became.
    func holds(sameContentAs candidate: PhotoCandidate) -> Bool {
        entries.contains { $0.candidate.sha256 == candidate.sha256 }
    }

    /// Copies the candidate into the incoming folder, unless the library has its content already.
    func stage(_ candidate: PhotoCandidate, label: Label, at date: Date = Date()) {
        var entry = Entry(candidate: candidate, label: label, date: date)
        do throws(ImportError) {
            if let photo = try photo(sameAs: candidate) {
                entry.result = .success(.duplicate(of: photo))
            } else {
                entry.copy = try files.writeTemporaryCopy(of: candidate)
            }
        } catch {
            entry.result = .failure(error)
        }
        entries.append(entry)
    }

    /// The photo with the candidate's content, when the library holds it with a sound copy.
    private func photo(sameAs candidate: PhotoCandidate) throws(ImportError) -> Photo? {
        let source = candidate.sourceURL
        if let refusal = library.writeRefusal {
            // A full disk is no read-only library: the person frees space, not changes the folder.
            throw ImportError(url: source, reason: refusal.isDiskFull ? .libraryFull(refusal) : .libraryReadOnly)
        }
        do {
            try files.requireUsable()
        } catch {
            throw ImportError(url: source, reason: .libraryUnusable(error))
        }
        guard let existing = try row(withHashOf: candidate), files.holdsCopy(named: existing.fileName, sameAs: candidate.source) else {
            return nil
        }
        return library.photo(from: existing)
    }

    /// Places and records every copy, and returns what became of each candidate, in the order
    /// staged, with what the person should know of it. The batch is empty afterwards.
    func commit() -> [(result: Result<ImportOutcome, ImportError>, notes: [ImportNote])] {
        defer {
            // Once placed, the temporary name is gone and this does nothing.
            entries.compactMap(\.copy).forEach(files.discard)
            entries = []
        }
        if entries.contains(where: { $0.result == nil }) {
            do throws(FolderLock.Failure) {
                try files.exclusively(or: { $0 }) { () throws(FolderLock.Failure) in save() }
            } catch {
                // Another program kept the folder locked: nothing of the batch was placed.
                for index in entries.indices where entries[index].result == nil {
                    entries[index].result = .failure(ImportError(url: entries[index].candidate.sourceURL, reason: .folderLocked(error.folder, patience: Flock.patience)))
                }
            }
        }
        return entries.map { ($0.result!, $0.notes) }
    }

    /// Saves the copies while no one else can place or retire a file. Every step that flushes is
    /// taken once for the batch where it can be, and each comes before the step it makes safe: the
    /// copies before their names, the marks of files in progress before the names appear, and the
    /// names and sidecars before the rows.
    private func save() {
        let (restorations, additions) = plan()
        for (index, copy) in restorations.map({ ($0.index, $0.copy) }) + additions.map({ ($0.index, $0.copy) }) {
            do throws(ImportError) {
                try files.flush(copy, source: entries[index].candidate.sourceURL)
            } catch {
                entries[index].result = .failure(error)
            }
        }
        for restoration in restorations where entries[restoration.index].result == nil {
            let index = restoration.index
            do throws(ImportError) {
                try files.place(restoration.copy, as: restoration.existing.fileName, source: entries[index].candidate.sourceURL)
                entries[index].result = .success(.restored(library.photo(from: restoration.existing)))
            } catch {
                entries[index].result = .failure(error)
            }
        }
        let flushed = additions.filter { entries[$0.index].result == nil }
        do throws(LibraryError) {
            // Recorded first, so a kill between the names and the rows leaves known leftovers.
            try database.markPending(flushed.filter(\.placedHere).map(\.copy.finalName))
        } catch {
            flushed.forEach { fail($0.index, error) }
            files.syncDirectory()
            return
        }
        // What the sidecars say of the computer that wrote them, for merging with other computers'.
        let machine = (try? database.machineName()) ?? ""
        var placed: [(addition: Addition, sidecarWritten: Bool)] = []
        // The earlier labels a sidecar already there gave, as one a removal left behind does.
        var histories: [(id: Int64, history: SidecarHistory)] = []
        for addition in flushed {
            do throws(ImportError) {
                try files.place(addition.copy, as: addition.copy.finalName, source: entries[addition.index].candidate.sourceURL)
            } catch {
                if addition.placedHere { try? database.clearPending(addition.copy.finalName) }
                entries[addition.index].result = .failure(error)
                continue
            }
            // The sidecar before the row, so a kill leaves it beside a leftover copy, which the
            // sweep retires with it. Should it fail, as on a full disk, the row keeps its mark and
            // the next open writes it.
            let sidecar = SidecarWriter.sidecar(for: addition.row, replacing: try? Sidecar(reading: files.sidecarURL(forFileNamed: addition.row.fileName)),
                                                machine: machine, now: addition.row.addedMilliseconds)
            let sidecarWritten = (try? files.writeSidecar(sidecar, forFileNamed: addition.row.fileName)) != nil
            placed.append((addition, sidecarWritten))
            if sidecarWritten && sidecar.history.text != nil { histories.append((addition.row.id, sidecar.history)) }
        }
        files.syncDirectory()
        do throws(LibraryError) {
            try database.insert(placed.map { ($0.addition.row, $0.sidecarWritten) })
            placed.forEach { entries[$0.addition.index].result = .success(.added(library.photo(from: $0.addition.row))) }
            // The photos are saved: should this fail, their sidecars still hold the earlier labels,
            // and a rebuild takes them from there.
            _ = try? database.keep(histories: histories)
        } catch {
            // A file already there was a removed photo's, waiting for its undo, or a crash's
            // leftover: replaced by the verified copy, but never deleted.
            for (addition, _) in placed {
                if addition.placedHere {
                    files.discard(fileNamed: addition.copy.finalName)
                    try? database.clearPending(addition.copy.finalName)
                }
                fail(addition.index, error)
            }
        }
    }

    /// Looks each copy's content up again, now that no one else can place or retire a file: another
    /// import of the same content may have saved it meanwhile, with a sound copy. Gives what is new
    /// its IDs, which stay free while the folder lock is held, so its sidecar can be written first:
    /// the ID an orphan sidecar of the same content claims, if free, else a new one.
    private func plan() -> (restorations: [Restoration], additions: [Addition]) {
        var restorations: [Restoration] = []
        var fresh: [(index: Int, copy: LibraryFiles.TemporaryCopy, orphan: OrphanSidecar)] = []
        var retiring: Set<String>?
        for index in entries.indices where entries[index].result == nil {
            let entry = entries[index]
            guard let copy = entry.copy else { continue }
            do throws(LibraryError) {
                if let existing = try database.row(withHash: entry.candidate.sha256) {
                    if files.holdsCopy(named: existing.fileName, sameAs: copy.url) {
                        entries[index].result = .success(.duplicate(of: library.photo(from: existing)))
                    } else {
                        restorations.append(Restoration(index: index, copy: copy, existing: existing))
                    }
                    continue
                }
                // A file on its way out is a removed photo's, whose sidecar waits for the Trash or
                // an undo: no orphan to take back.
                if retiring == nil { retiring = Set(try database.pendingFiles()) }
                let orphan = retiring?.contains(copy.finalName) == true ? OrphanSidecar.none
                    : try OrphanSidecar.look(forFileNamed: copy.finalName, in: files)
                fresh.append((index, copy, orphan))
            } catch {
                fail(index, error)
            }
        }
        var additions: [Addition] = []
        do throws(LibraryError) {
            var claimed = Set<Int64>()
            for orphan in fresh.map(\.orphan) {
                if let id = orphan.claimedID, PhotoID.isValid(id), try database.row(withID: id) == nil { claimed.insert(id) }
            }
            var ids = try database.newPhotoIDs(count: fresh.count, avoiding: claimed).makeIterator()
            var adoptedIDs = Set<Int64>()
            for (index, copy, orphan) in fresh {
                let entry = entries[index]
                let adoptedID = orphan.claimedID.flatMap { claimed.contains($0) && adoptedIDs.insert($0).inserted ? $0 : nil }
                let id = adoptedID ?? ids.next()!
                let plain = row(id: id, for: entry, fileName: copy.finalName)
                // A label the person chose stays; one that only came with the photo gives way to the library's own.
                let chosen = !entry.label.text.isEmpty && entry.label != entry.candidate.title?.label
                let row = orphan.adopted(into: plain, id: id, keepingLabel: chosen)
                if let note = orphan.note(for: id, label: row.label == plain.label && chosen ? "" : row.label) {
                    entries[index].notes.append(note)
                }
                // Beside a sidecar taken back, the copy is never marked as this import's to take
                // back: a kill before the row would have the next open retire both to the Trash,
                // and the library would lose the sidecar it had. The pair stays for an import.
                let adopting = orphan.isAdoptable
                additions.append(Addition(index: index, copy: copy, row: row, placedHere: !adopting && !files.exists(copy.finalName)))
            }
        } catch {
            fresh.forEach { fail($0.index, error) }
            return (restorations, [])
        }
        return (restorations, additions)
    }

    private func row(id: Int64, for entry: Entry, fileName: String) -> LibraryDatabase.Row {
        let candidate = entry.candidate
        let record = PhotoRecord(id: id, label: entry.label.text, originalFileName: FileName(url: candidate.sourceURL).lastComponent,
                                 addedMilliseconds: ClampedDate.milliseconds(of: entry.date), taken: candidate.taken,
                                 width: candidate.width, height: candidate.height, rotation: candidate.rotation,
                                 camera: candidate.camera ?? "")
        return LibraryDatabase.Row(record, fileName: fileName, sha256: candidate.sha256)
    }

    private func fail(_ index: Int, _ error: LibraryError) {
        entries[index].result = .failure(ImportError(url: entries[index].candidate.sourceURL, reason: .notRecorded(error)))
    }

    private func row(withHashOf candidate: PhotoCandidate) throws(ImportError) -> LibraryDatabase.Row? {
        do {
            return try database.row(withHash: candidate.sha256)
        } catch {
            throw ImportError(url: candidate.sourceURL, reason: .notRecorded(error))
        }
    }
}
