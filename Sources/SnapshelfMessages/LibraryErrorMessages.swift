// What a LibraryError says, for the window and the command line alike: what Snapshelf was doing,
// what went wrong, and its repair.
import Foundation
import SnapshelfModel

extension LibraryError {
    /// The whole message, as the command line prints it.
    public var message: String {
        // TRANSLATORS: the first %@ says what Snapshelf was doing, as in "opening the database /home/ada/.local/share/snapshelf/library.sqlite3"; the second, what went wrong.
        String(format: tr("error while %@: %@"), operation.words, reason)
    }

    /// What went wrong, with the rebuild named where it mends it.
    public var reason: String {
        guard isMendedByRebuild else { return cause }
        return String(format: tr("%@; `snapshelf rebuild` makes the database again from the photos and their sidecars"), cause)
    }

    /// What went wrong alone, without the command that mends it: for the window, which offers the
    /// rebuild as a button.
    public var cause: String {
        switch self {
        case .database(let failure, _): failure.words
        case .diskFull(let folder, let free, _):
            String(format: tr("the disk holding %@ is full (%ld KB free); free some space and try again"), folder.path, free)
        case .readOnlyLibrary(let folder, _): String(format: tr("the library at %@ is read-only"), folder.path)
        case .fileInTheWay: tr("a file of that name is in the way")
        case .system(let cause, _): cause.words
        case .folderLocked(_, let patience):
            String(format: tr("another program has kept it locked %@; close it and try again"), Self.longer(than: patience))
        case .lockFileHeld(_, let patience):
            String(format: tr("another program has kept it locked %@; if a rebuild is running, wait for it to finish"), Self.longer(than: patience))
        case .syncIgnoreNotText: tr("it is not UTF-8 text, so Snapshelf cannot add its lines without spoiling it")
        case .sidecarsNotWritten(_, let reason, let more):
            String(format: tr("%@; %@the label is saved in the database, and its sidecar is written when the library next opens, once what is in its way is moved"),
                   reason, more > 0 ? String(format: trn("and %ld more", "and %ld more", more), more) + "; " : "")
        case .notAQuarterTurn(let degrees): String(format: tr("%ld degrees is not a quarter, half or three-quarter turn"), degrees)
        case .trashRefused(let failure, _): String(format: tr("its file could not be moved to the Trash: %@"), failure.explanation)
        case .databaseGivenAsLibrary(let file):
            String(format: tr("it is the database itself; give the folder that holds it, %@"), file.deletingLastPathComponent().path)
        case .fileGivenAsLibrary: tr("it is a file, not a folder; a library is the folder that holds library.sqlite3 and photos/")
        case .fileAboveLibrary(_, let file): String(format: tr("%@ is a file, so no folder can be inside it"), file.path)
        case .photosUnreadable(let library):
            String(format: tr("its database library.sqlite3 is missing, and %@ cannot be read to see whether it still holds photos; Snapshelf will not start an empty database over them"),
                   Self.photos(of: library))
        case .photosWithoutDatabase(let library, let count):
            String(format: trn(
                "its database library.sqlite3 is missing or empty, but %@ still holds %ld photo file, which Snapshelf will not hide behind an empty database",
                "its database library.sqlite3 is missing or empty, but %@ still holds %ld photo files, which Snapshelf will not hide behind an empty database",
                count), Self.photos(of: library), count)
        case .emptyDatabaseOverPhotos(let library, let count):
            String(format: trn(
                "its database holds no photos, but %@ holds %ld photo file, which Snapshelf will not take as new photos",
                "its database holds no photos, but %@ holds %ld photo files, which Snapshelf will not take as new photos",
                count), Self.photos(of: library), count)
        case .noLibraryYet: tr("there is no library there yet; importing a photo creates one")
        case .olderDatabaseInSharedFolder(let database, let version, let shared):
            // TRANSLATORS: %1$@ is the database, %2$ld its schema version, %3$@ the folder Syncthing shares.
            String(format: tr("%1$@ is from a Snapshelf before sidecars (schema %2$ld), and %3$@ is shared through Syncthing, so Snapshelf cannot tell whether this computer made it, and its labels are in it alone; if it is yours, open the library once where Syncthing does not share it, which writes its sidecars; if it is not, move the database out of the folder, and the index is made again from the sidecars"),
                   database.path, version, shared.path)
        case .notALibrary(let library): String(format: tr("it is not a library: there is no photos folder at %@"), Self.photos(of: library))
        case .openElsewhere: tr("Snapshelf has the library open elsewhere; close it there and try again")
        case .databaseNotReplaced(_, let code):
            String(format: tr("the new database could not take its place (%@)"), Cause.errno(code).words)
        case .databaseNotMovedAside(_, let code):
            String(format: tr("the old database could not be moved aside (%@)"), Cause.errno(code).words)
        }
    }

    private static func photos(of library: URL) -> String {
        library.appendingPathComponent("photos", isDirectory: true).path
    }

    /// "for more than 30 seconds".
    static func longer(than patience: Duration) -> String {
        let seconds = Int(patience.components.seconds)
        return String(format: trn("for more than %ld second", "for more than %ld seconds", seconds), seconds)
    }
}

extension LibraryError.Cause {
    /// The system's own words.
    public var words: String {
        switch self {
        case .errno(let code): String(cString: strerror(code))
        case .said(let words): words
        }
    }
}
