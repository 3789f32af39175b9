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
        // One view of rows, files in progress and the folder, read while no connection places or
        // retires a file; else an import between the readings would show its file as an orphan.
        let (rows, pending, names, sidecars, unwritten) = try files.exclusively(or: \.libraryError) { () throws(LibraryError) in
            (try database.allRows(), Set(try database.pendingFiles()), files.allFileNames(), files.sidecarNames(),
             Set(try database.pendingSidecars()))
        }
        let machine = try database.machineName()
        // The hashing and the sidecars, the long part, are done outside the lock, so imports go on
        // meanwhile, on workers, while this thread checks the database.
        let found = Self.fileProblems(of: rows, in: files, unwritten: unwritten, hasSidecars: database.hasSidecars,
                                      machine: machine) {
            () throws(LibraryError) in try integrityProblems()
        }
        var problems = try found.database.get() + notes
        for (index, found) in found.byRow.sorted(by: { $0.key < $1.key }) {
            // A photo removed or changed since the view was taken is no problem.
            guard try database.row(withID: rows[index].id) == rows[index] else { continue }
            problems += found
        }
        let used = Set(rows.map(\.fileName)).union(pending)
        for name in (names + sidecars).sorted() where SidecarConflict.isConflictCopy(name) {
            problems.append(.conflictCopy(files.url(forFileNamed: name), unmerged: SidecarConflict.obstacle(toResolving: name, in: files)))
        }
        // What a rescan set aside, or what is no photo by its `lstat` alone, is named with why.
        let setAside = (try? database.setAsideFiles()) ?? [:]
        for name in names.sorted() where !used.contains(name) && !SidecarConflict.isConflictCopy(name) {
            let url = files.directory.appendingPathComponent(name)
            if LibraryFiles.isPlainName(name), let why = setAside[name]?.why ?? PhotoFileScreen.refusal(at: url) {
                problems.append(.setAside(url, why: why))
                continue
            }
            // The name as it is in the folder: `url(forFileNamed:)` escapes one no copy has.
            problems.append(.strayFile(DisplayName.escaped(url.path)))
        }
        // A sidecar whose copy is missing but still has its row is that photo's problem, told above.
        let copies = Set(names).union(used)
        for name in sidecars.sorted() where !copies.contains(String(name.dropLast(Sidecar.fileExtension.count + 1)))
            && !SidecarConflict.isConflictCopy(name) {
            let url = files.url(forFileNamed: name)
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

    /// The problems of each row's file and sidecar, by the row's place, found by workers taking
    /// the rows in turn: more of them than cores, since each mostly waits for the disk. `meanwhile`
    /// runs on this thread as they work.
    private static func fileProblems(of rows: [LibraryDatabase.Row], in files: LibraryFiles, unwritten: Set<Int64>, hasSidecars: Bool,
                                     machine: String, meanwhile: () throws(LibraryError) -> [CheckFinding])
        -> (byRow: [Int: [CheckFinding]], database: Result<[CheckFinding], LibraryError>) {
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
        let database = Result(catching: meanwhile)
        done.wait()
        return (found.withLock { $0 }, database)
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
    /// not by its whole path: a million photos made this a tenth of a check.
    private func openCopies() -> Int {
        let folder = open(files.directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return 0 }
        defer { close(folder) }
        var status = stat()
        // Only plain names are the library's files; any other is looked for under its escaped name, which is no file.
        return files.allFileNames().filter {
            LibraryFiles.isPlainName($0) && fstatat(folder, $0, &status, 0) == 0 && status.st_mode & 0o044 != 0
        }.count
    }

    private static func isReadableByOthers(_ url: URL) -> Bool {
        var status = stat()
        return stat(url.path, &status) == 0 && status.st_mode & 0o044 != 0
    }
}
