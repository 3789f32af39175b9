// Writes photos' sidecars from their rows and clears the marks the database's triggers left, so
// that sidecar and row agree again after every change, and after a kill at the next open. One
// sidecar that cannot be written (a folder in its way, a full disk) stops none of the others: it
// keeps its mark, to be written at the next open, and the error names it. Each sidecar carries
// forward from the one it replaces what merging two computers' copies needs, which no row holds.
import Foundation
import SnapshelfDecoderWire

struct SidecarWriter {
    let database: LibraryDatabase
    let files: LibraryFiles
    /// The name this computer writes into the sidecars, and gives its own turns under.
    let machine: String

    init(database: LibraryDatabase, files: LibraryFiles) throws(LibraryError) {
        (self.database, self.files) = (database, files)
        machine = try database.machineName()
    }

    /// Writes the sidecars of these photos as their rows now stand; photos no longer there are
    /// only unmarked. Call it while holding the folder lock, so two writers never cross.
    /// With `turnedBy`, for a turn of the photos by that many degrees, a sidecar another computer
    /// wrote last takes the turn onto what it holds, and keeps its label: where those are not the
    /// row's, they arrived since the index last looked, and a rescan takes them in. One this
    /// computer wrote last is written from the row, which may hold what another process here
    /// saved and had no time to write.
    func write(_ ids: [Int64], turnedBy degrees: Int? = nil) throws(LibraryError) {
        var failures: [(sidecar: URL, reason: String)] = []
        try write(ids, turnedBy: degrees, failures: &failures)
        try Self.report(failures)
    }

    /// Writes every sidecar marked when it starts, a batch at a time, so imports can go on
    /// between batches.
    func writeAllPending() throws(LibraryError) {
        // Looked at first without the lock, so opening a library never waits for an import's
        // placing of a file when no sidecar is due, which is nearly always.
        let due = try database.pendingSidecars()
        var failures: [(sidecar: URL, reason: String)] = []
        for start in stride(from: 0, to: due.count, by: 256) {
            let batch = Array(due[start..<min(start + 256, due.count)])
            try files.exclusively(or: \.libraryError) { () throws(LibraryError) in try write(batch, failures: &failures) }
        }
        try Self.report(failures)
    }

    private func write(_ ids: [Int64], turnedBy degrees: Int? = nil, failures: inout [(sidecar: URL, reason: String)]) throws(LibraryError) {
        let rows = try datesFilled(in: camerasFilled(in: database.rows(withIDs: ids)))
        let found = Set(rows.map(\.id))
        var written: [LibraryDatabase.Row] = []
        var histories: [(id: Int64, history: SidecarHistory)] = []
        var records: [ChangeRecord] = []
        let now = ClampedDate.milliseconds(of: Date())
        for row in rows {
            do {
                let old = try? Sidecar(reading: files.sidecarURL(forFileNamed: row.fileName))
                // Turns given here that another computer's sidecar lacks, or one that cannot be
                // read, count on from this computer's last change: never from 1 again.
                let own = (try? database.ownChange(ofPhotoWithID: row.id))?.flatMap { ChangeRecord(line: Substring($0), machine: machine)?.turns }
                var given = row
                let elsewhere = degrees != nil && old != nil && old?.machine != machine
                if elsewhere, let old { given.label = old.label }
                // The index's earlier labels serve only where no sidecar is there to give them.
                let sidecar = Self.sidecar(for: given, replacing: old, machine: machine, now: now,
                                           history: old == nil ? try? database.history(ofPhotoWithID: row.id) : nil,
                                           ownTurns: own, turnedBy: elsewhere ? degrees : nil)
                try files.writeSidecar(sidecar, forFileNamed: row.fileName)
                written.append(row)
                histories.append((row.id, sidecar.history))
                if let record = ChangeRecord(fileName: row.fileName, writing: sidecar, over: old ?? Sidecar(row.record), machine: machine) {
                    records.append(record)
                }
            } catch {
                failures.append((files.sidecarURL(forFileNamed: row.fileName), error.description))
            }
        }
        // Only where the row is still what was written: another process may have changed it
        // meanwhile, and its mark must stay for its own sidecar, should it be killed before that.
        try database.clearPendingSidecars(writtenFrom: written, gone: ids.filter { !found.contains($0) })
        try database.keep(histories: histories)
        // Each record names the photo by this computer's ID, the row's.
        try database.keep(ownChanges: records.map { ($0.photoID, $0.line) })
        let library = files.directory.deletingLastPathComponent()
        if !records.isEmpty && LibraryFolder.isShared(library) {
            // Only what keeps a change when Syncthing drops a sidecar for another's: the change is
            // made and its sidecar written, so a record that cannot be written stops nothing.
            try? ComputerRecords.append(records.map(\.line), of: .changes, in: library, machine: machine)
        }
    }

    /// The row's sidecar with what the one it replaces held beyond the row: when the label was
    /// last changed, unless it changes now; each computer's turns, this one's changed to make the
    /// row's rotation; and the earlier labels, with the one it replaces when it changes. Where
    /// there is none that can be read, as for a new photo, whose sidecar is not there yet, it
    /// starts afresh, with the earlier labels the index keeps, as an undone removal's.
    static func sidecar(for row: LibraryDatabase.Row, replacing old: Sidecar?, machine: String, now: Int64,
                        history: SidecarHistory? = nil, ownTurns own: SidecarTurns.Entry? = nil, turnedBy degrees: Int? = nil) -> Sidecar {
        var sidecar = Sidecar(row.record)
        sidecar.machine = machine
        sidecar.labelChangedMilliseconds = old.flatMap { $0.label == row.label ? $0.labelChangedMilliseconds : nil } ?? now
        var turns = old?.turns ?? SidecarTurns(text: nil, rotation: 0)
        if let own, own.count > turns.entries[machine]?.count ?? 0 { turns = turns.merged(with: SidecarTurns(entries: [machine: own])) }
        // A turn adds to what the sidecar holds; anything else makes it add up to the row's rotation.
        sidecar.turns = turns.turned(by: machine, to: degrees.map { turns.rotation + $0 } ?? row.rotation)
        sidecar.rotation = sidecar.turns.rotation
        sidecar.history = old?.history ?? history ?? SidecarHistory()
        if let old, old.label != row.label {
            sidecar.history = sidecar.history.merged(with: SidecarHistory(), adding: [SidecarHistory.Entry(
                label: old.label, changedMilliseconds: old.labelChangedMilliseconds, machine: old.machine ?? "")])
        }
        return sidecar
    }

    /// The rows with the camera read from the copy where a library from before cameras lacks it,
    /// saved in one transaction; '' where the copy names none or cannot be read, so it is read once.
    private func camerasFilled(in rows: [LibraryDatabase.Row]) throws(LibraryError) -> [LibraryDatabase.Row] {
        var filled = rows
        for index in filled.indices where filled[index].camera == nil {
            // Never through a link: the camera of a file outside the library would go into a sidecar that syncs.
            guard case .success(let copy) = PhotoFileScreen.open(files.url(forFileNamed: filled[index].fileName)) else {
                filled[index].camera = ""
                continue
            }
            filled[index].camera = (try? PhotoTags.read(from: copy.descriptor, path: filled[index].fileName))?.camera ?? ""
        }
        try database.setCameras(of: filled.filter { $0.camera != nil && !rows.contains($0) })
        return filled
    }

    /// The rows with the date taken read again from the copy where a library from before clocks
    /// were kept marked it, saved in one transaction. A copy with no EXIF date keeps its moment,
    /// with this computer's offset as a file's date gets on import; one that cannot be read keeps
    /// the row's date as it is.
    private func datesFilled(in rows: [LibraryDatabase.Row]) throws(LibraryError) -> [LibraryDatabase.Row] {
        let due = try database.pendingDates(among: rows.map(\.id))
        guard !due.isEmpty else { return rows }
        var filled = rows
        for index in filled.indices where due.contains(filled[index].id) {
            let name = FileName(filled[index].fileName)
            guard case .success(let copy) = PhotoFileScreen.open(files.url(forFileNamed: filled[index].fileName)),
                  let facts = try? PhotoFacts.read(from: copy.descriptor, path: name.text, name: name.text) else { continue }
            filled[index].taken = facts.taken ?? filled[index].taken.map { TakenDate(moment: $0.instant) }
        }
        // Compared row by row with what was read: a search of the whole batch for each row would
        // take 256² comparisons a batch while a large library upgrades.
        let changed = filled.indices.filter { due.contains(filled[$0].id) && filled[$0] != rows[$0] }.map { filled[$0] }
        try database.setDatesTaken(of: changed, clearing: due)
        return filled
    }

    /// The first failure, saying how many more there were.
    private static func report(_ failures: [(sidecar: URL, reason: String)]) throws(LibraryError) {
        guard let first = failures.first else { return }
        throw .sidecarsNotWritten(first.sidecar, reason: first.reason, more: failures.count - 1)
    }
}
