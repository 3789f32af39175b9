// Why the library itself could not be opened, read or written: one case for each reason, with the
// paths, numbers and system codes that tell it, and the operation it stopped where more than one
// can meet it. The model never words it: SnapshelfMessages does, for the window and the command line.
import Foundation

public enum LibraryError: Error, Sendable, Equatable {
    /// What the system said: its error number, or its own words where it gave no number.
    public enum Cause: Sendable, Equatable {
        case errno(Int32)
        case said(String)
    }

    /// SQLite refused or failed; the failure says how.
    case database(SQLiteFailure, during: LibraryOperation)
    /// The disk holding `folder` has no room left: freeing some mends it.
    case diskFull(folder: URL, freeKilobytes: Int, during: LibraryOperation)
    /// The library's folder or database cannot be written.
    case readOnlyLibrary(URL, during: LibraryOperation)
    /// A file stands where a folder of the library must be.
    case fileInTheWay(during: LibraryOperation)
    /// The file system refused.
    case system(Cause, during: LibraryOperation)
    /// Another program kept the folder locked for longer than Snapshelf waits, `patience`.
    case folderLocked(URL, patience: Duration)
    /// Another program kept the library's lock file for longer than Snapshelf waits, `patience`.
    case lockFileHeld(URL, patience: Duration)
    /// The library's `.stignore` is not UTF-8 text, so lines cannot be added to it safely.
    case syncIgnoreNotText(URL)
    /// A sidecar could not be written, and `more` others neither; their labels are in the database.
    case sidecarsNotWritten(URL, reason: String, more: Int)
    /// The turn asked for is not a multiple of 90 degrees.
    case notAQuarterTurn(degrees: Int)
    /// The Trash would not take a removed photo's copy.
    indirect case trashRefused(TrashFailure, photoID: Int64)

    // What a folder given as a library holds instead of one (LibraryFolder).
    /// The database file itself was given, not the folder that holds it.
    case databaseGivenAsLibrary(URL)
    /// A file was given, not a folder.
    case fileGivenAsLibrary(URL)
    /// `file`, above the library's folder, is a file, so the folder cannot be.
    case fileAboveLibrary(URL, file: URL)
    /// The database is missing and the photos folder cannot be read to see what it holds.
    case photosUnreadable(URL)
    /// The database is missing or empty, but the photos folder holds `count` photo files.
    case photosWithoutDatabase(URL, count: Int)
    /// The database holds no photos, but the photos folder holds `count` photo files.
    case emptyDatabaseOverPhotos(URL, count: Int)
    /// There is no library at that folder yet.
    case noLibraryYet(URL)
    /// The database, of schema `version`, is from before sidecars, and `shared`, the library's
    /// folder or one above it, is shared through Syncthing: whether this computer made it cannot
    /// be told, and its labels are nowhere else.
    case olderDatabaseInSharedFolder(URL, version: Int, shared: URL)

    // A rebuild that cannot start or finish (LibraryRebuild).
    /// The folder has no `photos` folder, so it is no library.
    case notALibrary(URL)
    /// Another Snapshelf has the library open.
    case openElsewhere(URL)
    /// The new database could not be renamed into place.
    case databaseNotReplaced(URL, errno: Int32)
    /// The old database could not be moved out of the way.
    case databaseNotMovedAside(URL, errno: Int32)

    /// What Snapshelf was doing.
    public var operation: LibraryOperation {
        switch self {
        case .database(_, let operation), .diskFull(_, _, let operation), .readOnlyLibrary(_, let operation),
             .fileInTheWay(let operation), .system(_, let operation):
            operation
        case .folderLocked(let folder, _): .lockingFolder(folder)
        case .lockFileHeld(let file, _): .openingLockFile(file)
        case .syncIgnoreNotText(let file): .writingSyncIgnore(file)
        case .sidecarsNotWritten(let sidecar, _, _): .writingSidecar(sidecar)
        case .notAQuarterTurn: .rotatingPhotos
        case .trashRefused(let failure, let id): .removingPhoto(id, name: failure.photo.displayName)
        case .databaseGivenAsLibrary(let folder), .fileGivenAsLibrary(let folder), .fileAboveLibrary(let folder, _),
             .photosUnreadable(let folder), .photosWithoutDatabase(let folder, _), .emptyDatabaseOverPhotos(let folder, _),
             .noLibraryYet(let folder):
            .openingLibrary(folder)
        case .olderDatabaseInSharedFolder(let database, _, _): .openingDatabase(database)
        case .notALibrary(let folder), .openElsewhere(let folder), .databaseNotReplaced(let folder, _), .databaseNotMovedAside(let folder, _):
            .rebuildingLibrary(folder)
        }
    }

    /// Whether `snapshelf rebuild` mends it: the database is missing or damaged, and the photos
    /// and their sidecars can make it again.
    public var isMendedByRebuild: Bool {
        switch self {
        case .database(.failed(_, let rebuildMends), _): rebuildMends
        case .database(.damaged, _), .database(.impossibleVersion, _), .database(.unknownSchema, _), .photosWithoutDatabase,
             .emptyDatabaseOverPhotos:
            true
        default: false
        }
    }

    /// Whether the disk is full, which a read-only opening may get round.
    public var isDiskFull: Bool {
        if case .diskFull = self { true } else { false }
    }

    /// Whether the database is damaged, as SQLite or its version says.
    public var isDamage: Bool {
        switch self {
        case .database(.damaged, _), .database(.impossibleVersion, _): true
        default: false
        }
    }

    /// The same error, with the rebuild named as its repair; unchanged when the trouble is the
    /// disk or another program, which a rebuild would meet again.
    func mendedByRebuild() -> LibraryError {
        guard case .database(.failed(let said, _), let operation) = self else { return self }
        return .database(.failed(said, rebuildMends: true), during: operation)
    }

    /// The same error, said of a database that is damaged, with the repair: a rebuild.
    func damagedDatabase() -> LibraryError {
        guard case .database(.failed(let said, _), let operation) = self else { return mendedByRebuild() }
        return .database(.damaged(said), during: operation)
    }
}
