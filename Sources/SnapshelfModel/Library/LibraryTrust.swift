// Whether a library's database is the index this computer made. The database never syncs (the
// library's `.stignore` keeps it home), but one can arrive before that file exists, as when
// Syncthing shares the folder before Snapshelf first opens it, and a database brings its triggers
// along, which would then run inside every import. So each database this computer makes holds a
// random token that is also written in a file outside every library, under this user's data
// folder: a copy from elsewhere cannot have a token of this user's, which another computer never
// sees. A database with no such token is still this computer's when the machine ID it keeps (see
// `LibraryDatabaseMachine`) is this computer's, as one made under another data folder is (a
// Flatpak's, or another $XDG_DATA_HOME): its token is then noted here too, as it is for one from
// before machine IDs in a folder no Syncthing shares (see `verdict`). Any other is moved
// aside (see `SetAsideDatabases`), and the index made again from the photos and their sidecars, which hold
// everything it held; its -wal, -shm and -journal go with it, and ones found without a database
// are moved aside too, so no log from elsewhere is replayed. One whose token cannot be read is
// never used as it is: from elsewhere where Syncthing shares the folder, damaged where it does
// not (see `unread`). Whatever is taken, the schema check (`LibrarySchemaCheck`) still refuses
// any trigger or view no migration made.
import Foundation

enum LibraryTrust {
    enum Verdict: Equatable {
        /// There is no database yet: the one made now gets a token.
        case absent
        /// It holds a token this user's computer wrote.
        case made
        /// Its token is not noted here, but its machine ID is this computer's, or it is from before
        /// version 9, which named no computer, in a folder no Syncthing shares: its token is noted
        /// now, or it gets one.
        case adoptable
        /// It was not made here, or it is no regular file, or, in a folder Syncthing shares, it
        /// cannot be read or names no computer.
        case foreign
        /// It is not judged now: another Snapshelf has it open, or this computer cannot read it
        /// for a while (its disk is full, it may not read the file). It is not sealed, so the next
        /// open judges it again, and the schema check still refuses what it must not run.
        case unjudged
    }

    /// What stands beside a database and is part of it: SQLite replays a log into the database.
    static let companions = ["-wal", "-shm", "-journal"]

    /// Where this user's computer keeps the tokens of the databases it made, outside every library.
    static var tokensFile: URL {
        LibraryLocation.dataHome(environment: ProcessInfo.processInfo.environment)
            .appendingPathComponent("snapshelf-own", isDirectory: true).appendingPathComponent("databases")
    }

    /// Moves a database this computer did not make aside, with its companions, and makes the index
    /// again from the library's photos and sidecars; moves companions without a database aside.
    /// Returns what opening the library must do next, and what the person should be told.
    static func admit(_ directory: URL) throws(LibraryError) -> (verdict: Verdict, note: OpeningNote?) {
        let database = directory.appendingPathComponent("library.sqlite3")
        // Judged under the library's lock, which a process making the database holds alone until
        // it has its token: a database being made is never taken for one from elsewhere.
        var lock: LibraryLock? = try LibraryLock(directory: directory, writable: true)
        defer { withExtendedLifetime(lock) {} }
        switch try verdict(of: database) {
        case .absent:
            _ = try setAside(database, companionsOnly: true)
            return (.absent, nil)
        case .foreign where lock?.isAlone == false:
            // Another Snapshelf has it open: moving it would pull it from under that one. It is
            // left for the last to close; the schema check still refuses what it must not run.
            return (.unjudged, nil)
        case .foreign:
            guard let aside = try setAside(database, companionsOnly: false) else { return (.absent, nil) }
            // The rebuild takes the lock of its own.
            lock = nil
            guard LibraryFiles.isDirectory(directory.appendingPathComponent("photos", isDirectory: true)) else {
                return (.absent, .foreignDatabaseSetAside(aside, rebuiltPhotos: nil))
            }
            let report = try LibraryRebuild.run(directory: directory)
            return (.made, .foreignDatabaseSetAside(aside, rebuiltPhotos: report.photos))
        case let verdict:
            return (verdict, nil)
        }
    }

    static func verdict(of database: URL) throws(LibraryError) -> Verdict {
        var status = stat()
        guard lstat(database.path, &status) == 0, status.st_size > 0 else { return .absent }
        // A link or a pipe under the database's name is no index at all, and may lead anywhere.
        guard status.st_mode & S_IFMT == S_IFREG else { return .foreign }
        let directory = database.deletingLastPathComponent()
        let sharedFolder = LibraryFolder.isShared(directory) ? directory : LibraryFolder.sharedFolder(above: directory)
        // Read with its log, as a kill may leave the token there. The connection is a writing one,
        // as the library's own is: SQLite may fold a log into the file or roll back a journal a
        // kill left, which changes the file though nothing of ours is added to it. Whatever is
        // read here is only compared, never run or kept.
        let read: (version: Int, token: String?, host: String?)
        do {
            read = try contents(of: try SQLiteConnection(fileURL: database))
        } catch {
            return try unread(database, error, shared: sharedFolder != nil)
        }
        if let token = read.token, madeTokens().contains(token) {
            return .made
        }
        // A database from before tokens, or one made under another data folder of this computer,
        // is told by the machine ID it keeps since version 9, where a peer's names its own
        // computer.
        if read.host == LibraryDatabase.hostIdentity {
            return .adoptable
        }
        guard read.version < LibrarySchema.machineVersion else { return .foreign }
        // One from before version 9 names no computer, and any peer can write a version that low.
        // Where no Syncthing shares the folder, no peer can have put it there: it is this
        // computer's, and it alone may hold labels that no sidecar has yet, so it is kept.
        guard let sharedFolder else { return .adoptable }
        // In a shared folder it is made again from the sidecars, which hold all it held since
        // version 5. Before that there were no sidecars, and its labels are in it alone: set
        // aside, they would be lost to the library, and taken, a peer's rows would be. Refused,
        // it stays where it is, whole, until the person says whose it is (see the message).
        if read.version > 0 && read.version < LibrarySchema.sidecarsVersion {
            throw .olderDatabaseInSharedFolder(database, version: read.version, shared: sharedFolder)
        }
        return .foreign
    }

    /// The verdict on a database whose token or machine ID could not be read. Unread is not
    /// trusted: in a folder Syncthing shares it may be a peer's with a page spoiled on purpose, so
    /// it is set aside as one from elsewhere. Elsewhere it can only be this computer's own, and a
    /// damaged one is refused with the rebuild that mends it, never opened as it is. A lock that
    /// outlasted SQLite's wait is reported, and a disk too full to read it leaves it unjudged.
    private static func unread(_ database: URL, _ error: LibraryError, shared: Bool) throws(LibraryError) -> Verdict {
        switch error {
        case .database(.locked, _): throw error
        case _ where shared: return .foreign
        case .diskFull, .database(.readOnly, _): return .unjudged
        default: throw error
        }
    }

    /// The schema version, the token and the machine ID the database holds, where it has them.
    private static func contents(of connection: SQLiteConnection) throws(LibraryError) -> (version: Int, token: String?, host: String?) {
        let operation = LibraryOperation.openingDatabase(connection.fileURL)
        try connection.execute("PRAGMA busy_timeout = 10000", during: operation)
        func value(_ sql: String) throws(LibraryError) -> String? {
            let statement = try connection.prepare(sql, during: operation)
            return try statement.step() ? statement.text(at: 0) : nil
        }
        func hasTable(_ name: String) throws(LibraryError) -> Bool {
            try value("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '\(name)'") != nil
        }
        let version = Int(try value("PRAGMA user_version") ?? "") ?? 0
        let token = try hasTable("maker") ? try value("SELECT token FROM maker LIMIT 1") : nil
        let host = try hasTable("machine") ? try value("SELECT host FROM machine LIMIT 1") : nil
        return (version, token, host)
    }

    /// Notes the database's token in the tokens file, giving it one first when it has none: the
    /// file is written before the database, so a kill between the two leaves a database that the
    /// next open makes again, losing nothing.
    static func seal(_ database: LibraryDatabase) throws(LibraryError) {
        let file = tokensFile
        let operation = LibraryOperation.notingDatabaseMade(file)
        let reading = try database.connection.prepare("SELECT token FROM maker LIMIT 1", during: operation)
        let existing = try reading.step() ? reading.text(at: 0) : nil
        reading.reset()
        let token = existing ?? (0..<4).map { _ in String(UInt64.random(in: 0...UInt64.max), radix: 16) }.joined(separator: "-")
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw .system(.said(error.localizedDescription), during: operation)
        }
        let descriptor = open(file.path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .system(.errno(errno), during: operation) }
        defer { close(descriptor) }
        // One short write with O_APPEND: processes sealing at once never mix their lines.
        let line = Array((token + "\n").utf8)
        guard write(descriptor, line, line.count) == line.count else { throw .system(.errno(errno), during: operation) }
        guard existing == nil else { return }
        let connection = database.connection
        try connection.inTransaction(during: operation) { () throws(LibraryError) in
            try connection.execute("DELETE FROM maker", during: operation)
            let insert = try connection.prepare("INSERT INTO maker (token) VALUES (?)", during: operation)
            try insert.bind([.text(token)])
            _ = try insert.step()
        }
    }

    /// Renames the database and its companions, or the companions alone, to a name of their own
    /// beside them; nil when there was nothing to move.
    private static func setAside(_ database: URL, companionsOnly: Bool) throws(LibraryError) -> URL? {
        let present = ((companionsOnly ? [] : [""]) + companions).filter {
            var status = stat()
            return lstat(database.path + $0, &status) == 0
        }
        guard !present.isEmpty else { return nil }
        let aside = LibraryRebuild.asideURL(for: database, tag: "from-elsewhere")
        for suffix in present where rename(database.path + suffix, aside.path + suffix) != 0 {
            throw .system(.errno(errno), during: .settingDatabaseAside(database))
        }
        return aside
    }

    /// The tokens of the databases this user's computer made.
    private static func madeTokens() -> Set<String> {
        guard let data = FileManager.default.contents(atPath: tokensFile.path) else { return [] }
        return Set(String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init))
    }
}
