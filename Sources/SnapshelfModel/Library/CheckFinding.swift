// What `snapshelf check` found: a case for each finding, with its values. SnapshelfMessages
// words it, with its repair.
import Foundation

public enum CheckFinding: Sendable, Equatable {
    /// The library is read-only, and its latest changes, in the journal, cannot be read from here.
    case unreadJournal(URL)
    /// The folder of the library's photos cannot be used, so none of its `photos` files can be found.
    case filesUnreachable(LibraryError, photos: Int)
    /// A line of SQLite's integrity check; the last one names the rebuild as the repair.
    case integrity(String, namesRebuild: Bool)
    /// Damage the integrity check could not read past.
    case damage(LibraryError)
    /// The label search index does not match the labels.
    case labelIndexMismatch(LibraryError)
    /// The database names the photo's file with a name Snapshelf never gives, such as a path.
    case strangeFileName(photoID: Int64, name: String)
    /// A folder is where the photo's file belongs; `original` is the name it was imported from.
    case folderInPlace(photoID: Int64, file: URL, original: String)
    case missingFile(photoID: Int64, file: URL, original: String)
    case unreadableFile(photoID: Int64, file: URL, original: String, why: ReadFault)
    /// The file's content is not the content recorded on import.
    case changedFile(photoID: Int64, file: URL, original: String)
    /// The library is read-only and from before sidecars, so its photos have none yet.
    case noSidecarsYet
    /// A conflict copy a sync made, which opening the library where it can be written merges or
    /// removes, unless `unmerged` says why it cannot.
    case conflictCopy(URL, unmerged: ConflictObstacle?)
    /// A file in the library's folder that belongs to no photo, by its escaped path.
    case strayFile(String)
    /// A file in the photo folder that is no photo, for `why`, so it was set aside where it is
    /// rather than indexed (a link, a FIFO, a device, a file too large or sparse, or one that
    /// arrived through Syncthing holding other content than its name gives, or no image).
    case setAside(URL, why: PhotoFileRefusal)
    /// A sidecar with no photo beside it, with the label it keeps, or "".
    case straySidecar(URL, label: String)
    /// A removed photo's copy, kept since the Trash would not take it, whose photo is back.
    case keptCopyBack(URL, photoID: Int64)
    /// A removed photo's copy that the Trash's Restore brought back under its original name.
    case keptCopyRestored(URL)
    /// A removed photo's copy kept since the Trash would not take it.
    case keptCopy(URL)
    /// The photo's sidecar is due but something other than a file is in its place.
    case sidecarBlocked(photoID: Int64, sidecar: URL)
    /// The sidecar cannot be read; `why` is what is wrong with it.
    case sidecarUnusable(photoID: Int64, sidecar: URL, why: String)
    /// The sidecar is a copy of photo `owner`'s.
    case sidecarOfAnother(photoID: Int64, sidecar: URL, owner: Int64)
    /// The sidecar gives the photo another label, or other values, than the database.
    case sidecarDisagrees(photoID: Int64, sidecar: URL, label: String)

    /// This computer's Syncthing shares the library's folder as a type under which changes go
    /// one way only, as its configuration file says.
    case syncthingFolderType(SyncthingFolder.Kind, configuration: URL)
    /// This computer's Syncthing ignores deletions in the library's folder.
    case syncthingIgnoresDeletes(configuration: URL)
    /// A pattern of the library's `.stignore`, on `line` of `file`, hides files every computer needs.
    case syncthingIgnores(SyncedFiles, pattern: String, line: Int, file: URL)
    /// A line of the library's `.stignore` Syncthing cannot read, so that it takes none of the file.
    case syncthingIgnoreFileUnreadable(pattern: String, line: Int, file: URL)

    /// What a library shared through Syncthing must sync.
    public enum SyncedFiles: Sendable, Equatable {
        case photos, sidecars
        /// Each computer's records of its changes and removals, in the `computers` folder.
        case computerRecords
    }

    /// Why a photo's file could not be read.
    public enum ReadFault: Sendable, Equatable {
        /// It became shorter while it was read.
        case shrank
        case failed(errno: Int32)
        case notRegular(OpenFailure)
        /// It is too large or sparse to be any photo, and was not read.
        case refused(PhotoFileRefusal)
    }
}
