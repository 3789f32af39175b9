// A second name for each photo's copy in a library shared through Syncthing, in `.snapshelf/reserve`,
// which Syncthing never sees (see LibrarySyncIgnore). When another computer removes a photo,
// Syncthing deletes this computer's copy outright; the reserve keeps its bytes, so the removal can
// be undone here, and a removal that loses to a relabel made here can be put back. A hard link
// costs no space: the bytes go only when no name is left.
import Foundation

struct LibraryReserve {
    static let folderName = ".snapshelf"

    let directory: URL

    init(library: URL) {
        directory = library.appendingPathComponent(Self.folderName, isDirectory: true).appendingPathComponent("reserve", isDirectory: true)
    }

    /// The names the reserve holds.
    func names() -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
    }

    /// Gives the copy a second name in the reserve. Where links cannot be made (a FAT disk), the
    /// reserve stays empty, and a removal made elsewhere cannot be undone here.
    @discardableResult
    func keep(_ copy: URL) -> Bool {
        do {
            try PrivateFolder.make(directory.deletingLastPathComponent())
            try PrivateFolder.make(directory)
        } catch {
            return false
        }
        return link(copy.path, directory.appendingPathComponent(copy.lastPathComponent).path) == 0 || errno == EEXIST
    }

    /// Whether the reserve holds the copy of this name.
    func holds(_ name: String) -> Bool {
        var status = stat()
        return lstat(directory.appendingPathComponent(name).path, &status) == 0
    }

    /// Puts the copy back at `copy` from the reserve; false when the reserve has none.
    func restore(_ copy: URL) -> Bool {
        link(directory.appendingPathComponent(copy.lastPathComponent).path, copy.path) == 0
    }

    /// Lets go of the second name of a photo no longer in the library. Its other name went to
    /// the Trash where this computer removed it, or to the Trash of the computer that did.
    func release(_ name: String) {
        unlink(directory.appendingPathComponent(name).path)
    }
}
