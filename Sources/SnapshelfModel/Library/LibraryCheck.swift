// What `snapshelf check` verifies: the database, every photo's file against its hash, files that
// belong to no photo, removed photos' copies kept because the Trash would not take them, and how
// open the library is to the machine's other users, and conflict copies a sync left that could not
// be merged. Each problem names its repair.
import Foundation
import Synchronization

struct LibraryCheck {
    /// The threads that read the photos' files: enough to keep both cores busy while most wait for the disk.
    private static let workers = 8

    let database: LibraryDatabase
    let files: LibraryFiles

    func problems() throws(LibraryError) -> [CheckFinding] {
        var notes: [CheckFinding] = []
        if let journal = database.unreadJournal {
            notes.append(.unreadJournal(journal))
        }
        if !database.hasSidecars {
            notes.append(.noSidecarsYet)
        }
        if let problem = files.problem {
            let count = try database.photoCount()
            return try integrityProblems() + notes + [.filesUnreachable(problem, photos: count)]
        }
        // The folder and the files in progress, read while no connection places or retires a
        // file. The rows are read after, a batch at a time, so a check holds the folder's names
        // (compactly) and a batch, never every row: a photo imported meanwhile has its file, and
        // a file whose row went meanwhile is looked at again before it is called a stray.
        let (folder, pending, unwritten) = try files.exclusively(or: \.libraryError) { () throws(LibraryError) in
            (PhotoFolderNames(reading: files.directory), Set(try database.pendingFiles()), Set(try database.pendingSidecars()))
        }
        var names = folder
        pending.forEach { names.markUsed($0) }
        let machine = try database.machineName()
        var problems = try integrityProblems() + notes
        var found: [(row: LibraryDatabase.Row, problems: [CheckFinding])] = []
        var last = Int64.min
        while true {
            let batch = try database.rows(afterID: last, limit: Self.batchSize)
            guard let end = batch.last else { break }
            last = end.id
            batch.forEach { names.markUsed($0.fileName) }
            // The hashing and the sidecars, the long part, are done on workers, outside the lock,
            // so imports go on meanwhile.
            found += Self.fileProblems(of: batch, in: files, unwritten: unwritten, hasSidecars: database.hasSidecars, machine: machine)
        }
        for (row, rowProblems) in found {
            // A photo removed or changed since its batch was read is no problem.
            guard try database.row(withID: row.id) == row else { continue }
            problems += rowProblems
        }
        for name in names.others where SidecarConflict.isConflictCopy(name) {
            problems.append(.conflictCopy(files.url(forFileNamed: name), unmerged: SidecarConflict.obstacle(toResolving: name, in: files)))
        }
        // What a rescan set aside, or what is no photo by its `lstat` alone, is named with why.
        let setAside = (try? database.setAsideFiles()) ?? [:]
        let pendingNow = Set(try database.pendingFiles())
        for name in names.unusedCopies where !SidecarConflict.isConflictCopy(name) {
            let url = files.directory.appendingPathComponent(name)
            guard try !isStillUsed(name, pending: pendingNow), Self.exists(url) else { continue }
            if LibraryFiles.isPlainName(name), let why = setAside[name]?.why ?? PhotoFileScreen.refusal(at: url) {
                problems.append(.setAside(url, why: why))
                continue
            }
            // The name as it is in the folder: `url(forFileNamed:)` escapes one no copy has.
            problems.append(.strayFile(DisplayName.escaped(url.path)))
        }
        // A sidecar whose copy is missing but still has its row is that photo's problem, told above.
        for name in names.straySidecars where !SidecarConflict.isConflictCopy(name) {
            let url = files.url(forFileNamed: name)
            guard try !isStillUsed(String(name.dropLast(Sidecar.fileExtension.count + 1)), pending: pendingNow),
                  Self.exists(files.directory.appendingPathComponent(name)) else { continue }
            let label = SidecarSalvage.read(url).salvage?.label ?? ""
            problems.append(.straySidecar(url, label: DecoderText.clean(label, limit: 60)))
        }
        for file in files.keptFiles() {
            // Kept under its content's hash, perhaps after a number: "2-<sha>.jpeg".
            let hash = String(file.lastPathComponent.split(separator: "-").last?.prefix { $0 != "." } ?? "")
            if let back = try database.row(withHash: hash) {
                problems.append(.keptCopyBack(file, photoID: back.id))
            } else if !ContentHash.isDigest(hash) {
                // Under its original name: the Trash's Restore brought it back here (see `NamedTrash`).
                problems.append(.keptCopyRestored(file))
            } else {
                problems.append(.keptCopy(file))
            }
        }
        return problems
    }

    /// The rows read at once: enough to keep the workers busy, few enough to hold little memory.
    private static let batchSize = 4096

    /// Whether anything has the name still, a link included, as for a file a removal took away
    /// while the check ran. A name that is not UTF-8 cannot be looked up again as read, and is
    /// taken to be there, as the check before the compact listing named it.
    private static func exists(_ url: URL) -> Bool {
        var status = stat()
        return url.lastPathComponent.contains("\u{FFFD}") || lstat(url.path, &status) == 0
    }

    /// Whether a row names the copy now, or it is in progress, as for one imported while the
    /// check ran: the folder was read before the rows.
    private func isStillUsed(_ name: String, pending: Set<String>) throws(LibraryError) -> Bool {
        if pending.contains(name) { return true }
        return try database.isReferenced(name)
    }

    /// The problems of each row's file and sidecar, with the row, found by workers taking the rows
    /// in turn: more of them than cores, since each mostly waits for the disk.
    private static func fileProblems(of rows: [LibraryDatabase.Row], in files: LibraryFiles, unwritten: Set<Int64>, hasSidecars: Bool,
                                     machine: String) -> [(row: LibraryDatabase.Row, problems: [CheckFinding])] {
        let next = Mutex(0)
        let found = Mutex([Int: [CheckFinding]]())
        let done = DispatchGroup()
        for _ in 0..<workers {
            done.enter()
            // Threads of their own, since Dispatch's workers are as many as the cores.
            Thread {
                while true {
                    let start = next.withLock { next in defer { next += 64 }; return next }
                    guard start < rows.count else { break }
                    for index in start..<min(start + 64, rows.count) {
                        let row = rows[index]
                        let sidecarDue = unwritten.contains(row.id) || !hasSidecars
                        let problems = [problem(with: row, in: files),
                                        (sidecarDue ? blockedSidecar(of: row, in: files)
                                            : sidecarProblem(with: row, in: files, machine: machine))]
                            .compactMap { $0 }
                        if !problems.isEmpty { found.withLock { $0[index] = problems } }
                    }
                }
                done.leave()
            }.start()
        }
        done.wait()
        return found.withLock { $0 }.sorted { $0.key < $1.key }.map { (rows[$0.key], $0.value) }
    }

    /// What SQLite's own integrity check reports, with the repair, a rebuild: empty when the
    /// database is sound.
    private func integrityProblems() throws(LibraryError) -> [CheckFinding] {
        var problems: [String] = []
        do {
            let statement = try database.connection.prepare("PRAGMA integrity_check", during: .checkingDatabase)
            while try statement.step() {
                let line = statement.text(at: 0)
                if line != "ok" { problems.append(line) }
            }
        } catch where error.isDamage {
            // Damage the check cannot read past is its last finding, and names the rebuild itself.
            return Self.integrity(problems, namingRebuild: false) + [.damage(error)]
        }
        do {
            // The index's own check is written as an insertion, which a read-only database refuses.
            let checked = database.isReadOnly ? try database.connection.inMemoryCopy(during: .checkingLabelIndex) : database.connection
            try checked.execute("INSERT INTO label_index (label_index) VALUES ('integrity-check')",
                                during: .checkingLabelIndex)
        } catch {
            // The last finding names the rebuild, unless SQLite's word for the index is that it is
            // damaged, which names it already.
            return Self.integrity(problems, namingRebuild: false) + [.labelIndexMismatch(error)]
        }
        return Self.integrity(problems, namingRebuild: true)
    }

    /// The integrity check's lines, the last naming the rebuild when `namingRebuild`.
    private static func integrity(_ lines: [String], namingRebuild: Bool) -> [CheckFinding] {
        lines.indices.map { .integrity(lines[$0], namesRebuild: namingRebuild && $0 == lines.count - 1) }
    }

    /// What is wrong with the photo's file.
    private static func problem(with row: LibraryDatabase.Row, in files: LibraryFiles) -> CheckFinding? {
        guard LibraryFiles.isPlainName(row.fileName) else { return .strangeFileName(photoID: row.id, name: row.fileName) }
        let url = files.url(forFileNamed: row.fileName)
        let original = row.originalFileName.displayed
        let folder = CheckFinding.folderInPlace(photoID: row.id, file: url, original: original)
        // Never through a link, which could make the check read a file of the user's outside the
        // library, nor a file too large or sparse, which would take minutes to hash for nothing.
        switch PhotoFileScreen.open(url) {
        case .failure(.unreadable(errno: ENOENT)):
            return .missingFile(photoID: row.id, file: url, original: original)
        case .failure(.unreadable(let code)):
            return .unreadableFile(photoID: row.id, file: url, original: original, why: .failed(errno: code))
        case .failure(.notRegular(let mode)):
            guard mode & S_IFMT != S_IFDIR else { return folder }
            return .unreadableFile(photoID: row.id, file: url, original: original, why: .notRegular(.notRegular(mode: mode)))
        case .failure(let refusal):
            return .unreadableFile(photoID: row.id, file: url, original: original, why: .refused(refusal))
        case .success(let file):
            do {
                guard try sha256(of: file) != row.sha256 else { return nil }
                return .changedFile(photoID: row.id, file: url, original: original)
            } catch {
                return .unreadableFile(photoID: row.id, file: url, original: original, why: Self.fault(error))
            }
        }
    }

    /// The file's SHA-256; a small one, as most of a million-photo benchmark's are, is read at
    /// once into a buffer of its size rather than through a chunk of a megabyte.
    private static func sha256(of file: OpenFile) throws(OpenFile.ReadFailure) -> String {
        guard file.size <= 1 << 16 else { return try file.sha256() }
        let bytes = file.bytes(at: 0, count: file.size)
        // Read short: the whole reading again says why.
        guard bytes.count == file.size else { return try file.sha256() }
        let hash = ContentHash()
        bytes.withUnsafeBytes(hash.update)
        return hash.finish()
    }

    /// A sidecar still to be written that cannot be, for something other than a file in its place.
    private static func blockedSidecar(of row: LibraryDatabase.Row, in files: LibraryFiles) -> CheckFinding? {
        let url = files.sidecarURL(forFileNamed: row.fileName)
        var status = stat()
        guard lstat(url.path, &status) == 0, status.st_mode & S_IFMT != S_IFREG else { return nil }
        return .sidecarBlocked(photoID: row.id, sidecar: url)
    }

    /// What is wrong with the photo's sidecar. Its ID is another's when another
    /// computer wrote it, since each numbers its photos itself: `machine` is this one's name.
    private static func sidecarProblem(with row: LibraryDatabase.Row, in files: LibraryFiles, machine: String) -> CheckFinding? {
        let url = files.sidecarURL(forFileNamed: row.fileName)
        let expected = Sidecar(row.record)
        var found: Sidecar
        do {
            found = try Sidecar(reading: url)
        } catch {
            return .sidecarUnusable(photoID: row.id, sidecar: url, why: error.description)
        }
        if let writer = found.machine, writer != machine { found.id = row.id }
        guard found != expected else { return nil }
        guard found.id == row.id else {
            // A copy of another photo's sidecar: a rebuild would give this photo the other's label.
            return .sidecarOfAnother(photoID: row.id, sidecar: url, owner: found.id)
        }
        return .sidecarDisagrees(photoID: row.id, sidecar: url, label: Label.fitting(found.label).text)
    }

    private static func fault(_ failure: OpenFile.ReadFailure) -> CheckFinding.ReadFault {
        switch failure {
        case .shrank: .shrank
        case .failed(let code): .failed(errno: code)
        }
    }

    /// Where other users of the machine can read the library, said as one note with the command
    /// that makes it private; empty when it is private.
    func exposure(of directory: URL) -> [String] {
        var open: [String] = []
        for url in [directory, files.directory, database.fileURL] where Self.isReadableByOthers(url) && (url != files.directory || files.problem == nil) {
            open.append(url.path)
        }
        let copies = openCopies()
        if copies > 0 {
            open.append(String(format: trn("%ld photo file", "%ld photo files", copies), copies))
        }
        guard !open.isEmpty else { return [] }
        return [String(format: tr("other users of this computer can read %@; if that is not what you want, `chmod -R go= %@` makes the library private"),
                       open.joined(separator: ", "), directory.path)]
    }

    /// How many photo files others can read, each looked up by name in the folder already open,
    /// not by its whole path (a million photos made that a tenth of a check), as the folder is
    /// read: no list of a million names is held.
    private func openCopies() -> Int {
        let folder = FolderNames.open(files.directory)
        guard folder >= 0 else { return 0 }
        defer { close(folder) }
        var count = 0
        var status = stat()
        FolderNames.forEach(in: folder) { name in
            // Only plain names are the library's files, and sidecars are no photos.
            guard LibraryFiles.isPlainName(name), !name.hasSuffix("." + Sidecar.fileExtension) else { return }
            if fstatat(folder, name, &status, 0) == 0 && status.st_mode & 0o044 != 0 { count += 1 }
        }
        return count
    }

    private static func isReadableByOthers(_ url: URL) -> Bool {
        var status = stat()
        return stat(url.path, &status) == 0 && status.st_mode & 0o044 != 0
    }
}
