// What a folder given as a library holds: a library, nothing yet, a file, or photos whose database
// is gone. Each case that is no usable library gets a message naming what is there and the repair.
import Foundation

public enum LibraryFolder {
    /// Whether a library has been started in the folder: it has its database, and the database
    /// is more than the empty file a kill during creation leaves.
    public static func exists(at directory: URL) -> Bool {
        var status = stat()
        return stat(directory.appendingPathComponent("library.sqlite3").path, &status) == 0 && status.st_size > 0
    }

    /// Says what is there instead of a library, where something is: a file, or photos whose
    /// database is gone, over which a new database would hide them.
    public static func refuseWhatIsNoLibrary(at directory: URL, creatingIfMissing: Bool) throws(LibraryError) {
        if FileManager.default.fileExists(atPath: directory.path) && !LibraryFiles.isDirectory(directory) {
            throw directory.lastPathComponent == "library.sqlite3" ? .databaseGivenAsLibrary(directory) : .fileGivenAsLibrary(directory)
        }
        if let file = fileInTheWay(above: directory) {
            throw .fileAboveLibrary(directory, file: file)
        }
        // A library another computer shares through Syncthing arrives without its database,
        // which stays on each computer: this one makes its own from the sidecars.
        guard !exists(at: directory), !isShared(directory) else { return }
        let photos = directory.appendingPathComponent("photos", isDirectory: true)
        if FileManager.default.fileExists(atPath: photos.path) {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: photos.path) else {
                throw .photosUnreadable(directory)
            }
            let count = names.filter { $0 != LibraryFiles.incomingFolderName && !$0.hasSuffix("." + Sidecar.fileExtension) }.count
            if count > 0 {
                throw .photosWithoutDatabase(directory, count: count)
            }
        }
        if !creatingIfMissing {
            throw .noLibraryYet(directory)
        }
    }

    /// Whether the folder holds files of something else and no library, such as a folder of
    /// documents named by mistake: a library made there would mix its files with them, so the
    /// window asks first. A folder that is empty, but for what Snapshelf or Syncthing put there, is
    /// no such folder, nor is a library whose database is not there.
    public static func holdsOtherFiles(_ directory: URL) -> Bool {
        guard LibraryFiles.isDirectory(directory), !exists(at: directory), !isShared(directory),
              let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return false }
        let own: Set = [".stignore", ".snapshelf", "library.lock"]
        return !names.contains("photos") && names.contains { !own.contains($0) && !$0.hasPrefix("library.sqlite3") }
    }

    /// The nearest existing folder above, when it is no folder but a file.
    private static func fileInTheWay(above directory: URL) -> URL? {
        var parent = directory.deletingLastPathComponent()
        while parent.path != "/" && !FileManager.default.fileExists(atPath: parent.path) {
            parent = parent.deletingLastPathComponent()
        }
        return LibraryFiles.isDirectory(parent) ? nil : parent
    }

    /// Whether Syncthing shares the folder with other computers: it keeps its `.stfolder` marker
    /// in the root of each folder it shares, and stops sharing one that lost it.
    public static func isShared(_ directory: URL) -> Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent(".stfolder").path)
    }

    /// The folder above the library that Syncthing shares, if one does: Syncthing reads only
    /// the `.stignore` at the root of what it shares, so it would carry the database too.
    static func sharedFolder(above directory: URL) -> URL? {
        var parent = directory.standardizedFileURL.deletingLastPathComponent()
        while parent.path != "/" {
            if isShared(parent) { return parent }
            parent = parent.deletingLastPathComponent()
        }
        return nil
    }

    /// A library that exists but whose folder or database this process cannot write.
    static func isReadOnly(_ directory: URL) -> Bool {
        let database = directory.appendingPathComponent("library.sqlite3")
        guard FileManager.default.fileExists(atPath: database.path) else { return false }
        return access(directory.path, W_OK) != 0 || access(database.path, W_OK) != 0
    }

    /// A database with no photos while photos/ holds copies that no import has in progress is
    /// no new library but one whose rows are gone, as a database restored empty leaves it: a
    /// rebuild mends it, where importing the copies as new photos would lose their labels.
    static func refuseAnEmptyDatabase(_ database: LibraryDatabase, over files: LibraryFiles, in directory: URL) throws(LibraryError) {
        guard !isShared(directory), try database.photoCount() == 0 else { return }
        let inProgress = Set(try database.pendingFiles())
        let copies = files.allFileNames().filter { !inProgress.contains($0) }.count
        guard copies > 0 else { return }
        throw .emptyDatabaseOverPhotos(directory, count: copies)
    }
}
