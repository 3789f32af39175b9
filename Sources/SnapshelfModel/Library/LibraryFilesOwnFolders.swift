// The folders the library keeps for itself inside its own folder, made or cleared as each
// writable open begins, so that none is ever a link a peer or another program put in its place
// (see `PrivateFolder`).
import Foundation

extension LibraryFiles {
    /// Makes the incoming folder in `photos`, and clears the places of the folders made only when
    /// first needed (`kept`, `set-aside`, `.snapshelf` and its reserve) of any non-folder; returns a
    /// note of each thing moved aside.
    static func makeOwnFolders(photos: URL, kept: URL, in library: URL) throws(LibraryError) -> [OpeningNote] {
        let incoming = photos.appendingPathComponent(incomingFolderName, isDirectory: true)
        var moved: [(URL, URL?)] = [(incoming, try PrivateFolder.make(incoming))]
        let reserve = LibraryReserve(library: library).directory
        for folder in [kept, library.appendingPathComponent(setAsideFolderName), reserve.deletingLastPathComponent(), reserve] {
            moved.append((folder, try PrivateFolder.clear(folder)))
        }
        return moved.compactMap { folder, aside in aside.map { .notAFolderMovedAside(folder, aside: $0) } }
    }
}
