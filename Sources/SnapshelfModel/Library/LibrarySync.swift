// A library shared with other computers through Syncthing, as the window and the command line
// see it: a rescan that takes in what the other computers changed, with what to tell the person,
// and the undo of a removal another computer made. Snapshelf syncs nothing itself.
import Foundation

extension Library {
    /// Whether Syncthing shares the library with other computers.
    public var isShared: Bool { LibraryFolder.isShared(directory) }

    /// What a rescan took in from the photo folder.
    public struct Rescan: Sendable {
        /// How many photos arrived from another computer.
        public let arrived: Int
        /// How many photos took a change another computer made to their sidecar.
        public let changed: Int
        /// Photos another computer removed, which `undoRemovalElsewhere` brings back.
        public let removedElsewhere: Removal?
        /// How many photos came back because a change here outlived their removal elsewhere.
        public let putBack: Int
        /// What the person should know, such as a sidecar that could not be read.
        public let notes: [String]
        /// Files in the photo folder newly set aside rather than indexed, and why: they stay
        /// where they are, and `check` names them until they go.
        public let setAside: [(file: URL, why: PhotoFileRefusal)]

        /// Whether the index changed, so a view of it must be read again.
        public var changedTheIndex: Bool { arrived + changed + putBack > 0 || removedElsewhere != nil }

        /// The sentences that tell the person what came from the other computers, if anything;
        /// a window that offers to undo the removals tells them its own way.
        public func summary(tellingRemovals: Bool = true) -> [String] {
            tallies(tellingRemovals: tellingRemovals).map { $0.sentence($0.count) }
        }

        /// A count of one kind, and the sentence that tells a count of that kind.
        public typealias Tally = (count: Int, sentence: @Sendable (Int) -> String)

        /// What `summary` says, as tallies, so a window can add up what several rescans took in.
        public func tallies(tellingRemovals: Bool = true) -> [Tally] {
            var tallies: [Tally] = []
            if arrived > 0 {
                tallies.append((arrived, {
                    String(format: trn("%ld photo arrived from another computer.", "%ld photos arrived from another computer.", $0), $0)
                }))
            }
            if tellingRemovals, let count = removedElsewhere?.photos.count {
                tallies.append((count, {
                    String(format: trn("%ld photo was removed on another computer.", "%ld photos were removed on another computer.", $0), $0)
                }))
            }
            if putBack > 0 {
                tallies.append((putBack, { String(format: trn(
                    "%ld photo removed on another computer was kept, since its label or rotation was changed here meanwhile.",
                    "%ld photos removed on another computer were kept, since their labels or rotations were changed here meanwhile.",
                    $0), $0) }))
            }
            return tallies
        }
    }

    /// Takes in what changed in the photo folder since the index last looked: only the files
    /// whose size or time changed are read. Only a library Syncthing shares is rescanned, and only where it can be
    /// written. With `opening`, the reserve also lets go of copies of photos removed before.
    /// `progress` is told how many sidecars have been read of how many need reading.
    public func rescan(opening: Bool = false, progress: (Int, Int) -> Void = { _, _ in }) throws(LibraryError) -> Rescan {
        guard isShared, !isReadOnly, files.problem == nil else {
            return Rescan(arrived: 0, changed: 0, removedElsewhere: nil, putBack: 0, notes: [], setAside: [])
        }
        let scan = LibraryRescan(database: database, files: files, reserve: LibraryReserve(library: directory))
        let report = try scan.run(sweepingReserve: opening, progress: progress)
        let removed = report.removedElsewhere.isEmpty ? nil
            : Removal(photos: report.removedElsewhere.map(photo(from:)), rows: report.removedElsewhere, histories: report.removedHistories)
        return Rescan(arrived: report.arrived.count, changed: report.changed.count, removedElsewhere: removed,
                      putBack: report.putBack.count, notes: report.notes, setAside: report.setAside)
    }

    /// The folders whose changes a rescan takes in: the photo folder, and the one where each
    /// computer records its removals, made here if it is not there yet so that it can be watched.
    public func foldersToWatch() -> [URL] {
        let records = directory.appendingPathComponent(ComputerRecords.folderName, isDirectory: true)
        if !isReadOnly { _ = try? PrivateFolder.make(records) }
        return [files.directory, records]
    }

    /// Brings back photos another computer removed: their copies from the reserve, their rows
    /// as they were, and their sidecars, which Syncthing then carries to the other computers
    /// again. Returns the photos whose copies this computer no longer has, which stay removed.
    public func undoRemovalElsewhere(_ removal: Removal) throws(LibraryError) -> [Photo] {
        try requireWritable(.restoringPhotos)
        try files.requireUsable()
        let reserve = LibraryReserve(library: directory)
        var back: [LibraryDatabase.Row] = []
        var gone: [Photo] = []
        for (row, photo) in zip(removal.rows, removal.photos) {
            let copy = files.url(forFileNamed: row.fileName)
            if FileManager.default.fileExists(atPath: copy.path) || reserve.restore(copy) {
                back.append(row)
            } else {
                gone.append(photo)
            }
        }
        try undo(Removal(photos: back.map(photo(from:)), rows: back, histories: removal.histories))
        return gone
    }
}
