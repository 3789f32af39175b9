// Where the library keeps sidecars it could not read but would otherwise write over: the
// `set-aside` folder beside `photos`. Snapshelf never deletes a sidecar another program or a
// person may have put a label in; it moves it here, says where, and writes the photo a new one.
import Foundation

extension LibraryFiles {
    static let setAsideFolderName = "set-aside"

    var setAsideDirectory: URL {
        directory.deletingLastPathComponent().appendingPathComponent(Self.setAsideFolderName, isDirectory: true)
    }

    /// Moves whatever is at the sidecar's place of the copy named `name` into the set-aside
    /// folder, under its own name or a numbered one, and returns where it went.
    func setAside(sidecarOf name: String) throws(LibraryError) -> URL {
        let sidecar = sidecarURL(forFileNamed: name)
        try PrivateFolder.make(setAsideDirectory)
        var target = setAsideDirectory.appendingPathComponent(sidecar.lastPathComponent, isDirectory: false)
        var number = 1
        var status = stat()
        while lstat(target.path, &status) == 0 {
            number += 1
            target = setAsideDirectory.appendingPathComponent("\(number)-\(sidecar.lastPathComponent)", isDirectory: false)
        }
        guard rename(sidecar.path, target.path) == 0 else {
            throw .system(.errno(errno), during: .settingSidecarAside(sidecar))
        }
        syncDirectory()
        return target
    }
}
