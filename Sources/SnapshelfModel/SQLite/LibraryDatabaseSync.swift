// What a rescan asks of the database: the size and time of each file as the index last read it,
// and changes that come from the files rather than from the person at this computer. Those
// clear the sidecar marks their triggers leave, since the sidecar is where they come from and
// writing it again would only send it back to the other computers as a change of this one's.
import CSQLite
import Foundation

extension LibraryDatabase {
    /// A file's size and modification time, to the nanosecond, as `stat` gives them.
    struct FileStamp: Equatable {
        let size: Int64
        let modifiedNanoseconds: Int64

        init(size: Int64, modifiedNanoseconds: Int64) {
            (self.size, self.modifiedNanoseconds) = (size, modifiedNanoseconds)
        }

        init(_ status: stat) {
            size = Int64(status.st_size)
            modifiedNanoseconds = Self.nanoseconds(of: status.st_mtim)
        }

        /// A file time in nanoseconds since 1970. The time is whatever the file's sender set
        /// (Syncthing carries it, tmpfs keeps 10^17 seconds): it is held to about ±285 years
        /// around 1970, so it cannot overflow as nanoseconds.
        static func nanoseconds(of time: timespec) -> Int64 {
            let seconds = min(max(Int64(time.tv_sec), -9_000_000_000), 9_000_000_000)
            return seconds * 1_000_000_000 + Int64(time.tv_nsec)
        }
    }

    /// Every file the index has seen, by name, with its stamp then.
    func seenFiles() throws(LibraryError) -> [String: FileStamp] {
        let statement = try connection.prepare("SELECT name, size, modified_ns FROM seen_files", during: .readingSeenFiles)
        var seen: [String: FileStamp] = [:]
        while try statement.step() {
            seen[statement.text(at: 0)] = FileStamp(size: statement.integer(at: 1), modifiedNanoseconds: statement.integer(at: 2))
        }
        return seen
    }

    /// Records the stamps, and forgets the files that are gone, in one transaction.
    func recordSeen(_ stamps: [String: FileStamp], forgetting gone: [String]) throws(LibraryError) {
        guard !stamps.isEmpty || !gone.isEmpty else { return }
        try connection.inTransaction(during: .recordingSeenFiles) { () throws(LibraryError) in
            let record = try connection.prepare("INSERT OR REPLACE INTO seen_files (name, size, modified_ns) VALUES (?, ?, ?)",
                                                during: .recordingSeenFiles)
            for (name, stamp) in stamps {
                try record.bind([.text(name), .integer(stamp.size), .integer(stamp.modifiedNanoseconds)])
                _ = try record.step()
                record.reset()
            }
            try forget(gone, from: "seen_files")
        }
    }

    /// Each photo's ID by its file's name, without the rest of its row.
    func idsByFileName() throws(LibraryError) -> [String: Int64] {
        let statement = try connection.prepare("SELECT id, file_name FROM photos", during: .readingLibrary)
        var ids: [String: Int64] = [:]
        while try statement.step() {
            ids[statement.text(at: 1)] = statement.integer(at: 0)
        }
        return ids
    }

    /// Gives the photo all its sidecar now says but its ID (which is this computer's own): the
    /// label, rotation and dates the person chose, and its name, size and camera (a sidecar
    /// without the size or camera leaves the row's), when any of them differs from its row, and
    /// its earlier labels; true when the row or its earlier labels changed.
    func take(_ sidecar: Sidecar, intoPhotoWithID id: Int64) throws(LibraryError) -> Bool {
        try connection.inTransaction(during: .takingInChangedSidecar) { () throws(LibraryError) in
            let statement = try connection.prepare("""
                UPDATE photos SET label = ?1, label_key = ?2, rotation = ?3, taken_ms = ?4, original_name = ?5, original_bytes = ?6,
                    added_ms = ?8, width = coalesce(nullif(?9, 0), width), height = coalesce(nullif(?10, 0), height), camera = coalesce(?11, camera),
                    taken_clock_ms = ?12, taken_offset_min = ?13
                WHERE id = ?7 AND NOT (label IS ?1 AND rotation IS ?3 AND taken_ms IS ?4 AND original_name IS ?5 AND original_bytes IS ?6
                    AND added_ms IS ?8 AND width IS coalesce(nullif(?9, 0), width) AND height IS coalesce(nullif(?10, 0), height)
                    AND camera IS coalesce(?11, camera) AND taken_clock_ms IS ?12 AND taken_offset_min IS ?13)
                """, during: .takingInChangedSidecar)
            let name = sidecar.originalFileName
            try statement.bind([
                .text(sidecar.label), .text(SearchKey.folding(sidecar.label)), .integer(Int64(sidecar.rotation)),
                sidecar.taken.map { .integer($0.instantMilliseconds) } ?? .null, .text(name.text),
                name.isUTF8 ? .null : .text(name.percentEncoded), .integer(id),
                .integer(sidecar.addedMilliseconds), .integer(Int64(sidecar.width)), .integer(Int64(sidecar.height)),
                sidecar.camera.map { .text($0) } ?? .null, sidecar.taken.map { .integer($0.clockMilliseconds) } ?? .null,
                sidecar.taken?.offsetMinutes.map { .integer(Int64($0)) } ?? .null,
            ])
            _ = try statement.step()
            let rowChanged = sqlite3_changes(connection.handle) > 0
            // Its earlier labels too, which the row does not hold.
            let historyChanged = try !keepInTransaction(histories: [(id, sidecar.history)]).isEmpty
            guard rowChanged else { return historyChanged }
            let done = try connection.prepare("DELETE FROM pending_sidecars WHERE photo_id = ?", during: .takingInChangedSidecar)
            try done.bind([.integer(id)])
            _ = try done.step()
            return true
        }
    }

    /// Deletes the rows of photos whose files another computer removed, in one transaction,
    /// without marking their files as this computer's to retire: they are gone already.
    /// Returns the rows as they were, for an undo.
    func forget(photosWithIDs ids: [Int64]) throws(LibraryError) -> [Row] {
        try connection.inTransaction(during: .forgettingPhotosRemovedElsewhere) { () throws(LibraryError) in
            let found = try rows(withIDs: ids)
            let statement = try connection.prepare("DELETE FROM photos WHERE id = ?", during: .forgettingPhotosRemovedElsewhere)
            let unmark = try connection.prepare("DELETE FROM pending_sidecars WHERE photo_id = ?", during: .forgettingPhotosRemovedElsewhere)
            for row in found {
                try statement.bind([.integer(row.id)])
                _ = try statement.step()
                statement.reset()
                try unmark.bind([.integer(row.id)])
                _ = try unmark.step()
                unmark.reset()
            }
            return found
        }
    }

    /// Deletes the rows of the files named from `table`, seen_files or set_aside_files, both kept
    /// by name: inside the caller's transaction.
    func forget(_ names: [String], from table: String) throws(LibraryError) {
        let forget = try connection.prepare("DELETE FROM \(table) WHERE name = ?", during: .recordingSeenFiles)
        for name in names {
            try forget.bind([.text(name)])
            _ = try forget.step()
            forget.reset()
        }
    }
}
