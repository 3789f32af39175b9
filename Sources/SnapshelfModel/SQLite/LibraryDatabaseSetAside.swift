// The files of the photo folder that the rescan set aside rather than index: what arrived through
// Syncthing and is no photo (a link, a FIFO, a device, a file too large or sparse, content other
// than its name gives, bytes no decoder reads). They stay where they are, since taking a file out
// of a synced folder makes Syncthing delete it on every other computer too, and are remembered
// here by name, size, time and inode, so that no rescan reads one again until it changes.
import Foundation

extension LibraryDatabase {
    /// A file set aside, as it was when it was refused.
    struct SetAsideFile: Equatable {
        let stamp: FileStamp
        let inode: Int64
        let why: PhotoFileRefusal

        /// The file as an `lstat` or `fstat` describes it, refused for `why`.
        init(_ status: stat, why: PhotoFileRefusal) {
            (stamp, inode, self.why) = (FileStamp(status), Int64(truncatingIfNeeded: status.st_ino), why)
        }

        init(stamp: FileStamp, inode: Int64, why: PhotoFileRefusal) {
            (self.stamp, self.inode, self.why) = (stamp, inode, why)
        }

        /// Whether the file this `stat` describes is the one set aside, unchanged.
        func isSame(as status: stat) -> Bool {
            stamp == FileStamp(status) && inode == Int64(truncatingIfNeeded: status.st_ino)
        }
    }

    /// Every file set aside, by name; one whose reason no Snapshelf writes is left out, to be looked at again.
    func setAsideFiles() throws(LibraryError) -> [String: SetAsideFile] {
        let statement = try connection.prepare("SELECT name, size, modified_ns, inode, reason FROM set_aside_files",
                                               during: .readingSeenFiles)
        var files: [String: SetAsideFile] = [:]
        while try statement.step() {
            guard let why = PhotoFileRefusal(code: statement.text(at: 4)) else { continue }
            files[statement.text(at: 0)] = SetAsideFile(stamp: FileStamp(size: statement.integer(at: 1), modifiedNanoseconds: statement.integer(at: 2)),
                                                        inode: statement.integer(at: 3), why: why)
        }
        return files
    }

    /// Keeps what the database at `url` set aside, as a rebuild makes a new one, and returns it:
    /// a rebuild reads only sidecars, so it would index by its name a file whose bytes were
    /// found to be other, which stays refused until it changes.
    func keepSetAside(of url: URL) throws(LibraryError) -> [String: SetAsideFile] {
        guard let old = try? LibraryDatabase(fileURL: url, readOnly: true), let files = try? old.setAsideFiles() else { return [:] }
        try recordSetAside(files, forgetting: [])
        return files
    }

    /// Records the files set aside, and forgets those that are gone or are looked at again, in one transaction.
    func recordSetAside(_ files: [String: SetAsideFile], forgetting gone: [String]) throws(LibraryError) {
        guard !files.isEmpty || !gone.isEmpty else { return }
        try connection.inTransaction(during: .recordingSeenFiles) { () throws(LibraryError) in
            let record = try connection.prepare(
                "INSERT OR REPLACE INTO set_aside_files (name, size, modified_ns, inode, reason) VALUES (?, ?, ?, ?, ?)",
                during: .recordingSeenFiles)
            for (name, file) in files {
                try record.bind([.text(name), .integer(file.stamp.size), .integer(file.stamp.modifiedNanoseconds),
                                 .integer(file.inode), .text(file.why.code)])
                _ = try record.step()
                record.reset()
            }
            try forget(gone, from: "set_aside_files")
        }
    }
}
