// Sends a removed photo's copy and its sidecar to the Trash under the photo's original name, so
// that the person finds "IMG_1234.jpg" and "IMG_1234.jpg.xmp" there, not the copy's hash. The
// Trash keeps a file under the name it has, so each goes through a hard link of that name in the
// library's `removed/` folder, on the copy's file system as the Trash's rename needs. The Trash
// records that folder as where they came from: Restore puts both back there, where `check` names
// the photo, and importing it takes its label back from the sidecar beside it. Two photos of one
// name do not clash in the Trash, which numbers the second itself. Where no link can be made (a
// file system without them), the files go under their library names, as before.
import Foundation

struct NamedTrash {
    let files: LibraryFiles

    /// Moves the copy, then its sidecar, to the Trash. Throws when the Trash refuses the copy,
    /// which then stays where it was with its sidecar.
    func move(fileNamed name: String, of photo: Photo) throws(Trash.Failure) {
        let copy = files.url(forFileNamed: name)
        guard let links = link(copy, as: ExportName(for: photo)) else {
            try Trash.move(copy)
            _ = files.retire(fileNamed: name)
            return
        }
        do throws(Trash.Failure) {
            try Trash.move(links.copy)
        } catch {
            unlinkAll([links.copy] + (links.sidecar.map { [$0] } ?? []))
            throw error
        }
        // The copy's content is in the Trash: this is only its other name.
        unlinkAll([FileName(url: copy)])
        if let sidecar = links.sidecar {
            // A sidecar the Trash refuses is left to `retire`, below, under its library name.
            let trashed = (try? Trash.move(sidecar)) != nil
            unlinkAll([trashed ? FileName(url: files.sidecarURL(forFileNamed: name)) : sidecar])
        }
        _ = files.retire(fileNamed: name)
        files.syncDirectory()
    }

    /// Links the copy and its sidecar into `removed/` under the first free original name,
    /// "name.jpg" or "name (2).jpg"…; nil when no link can be made there.
    private func link(_ copy: URL, as name: ExportName) -> (copy: FileName, sidecar: FileName?)? {
        // What `make` returns is only where something in the folder's place went, nil for nothing.
        do { try PrivateFolder.make(files.keptDirectory) } catch { return nil }
        let sidecar = Sidecar.url(for: copy)
        let hasSidecar = FileManager.default.fileExists(atPath: sidecar.path)
        let folder = FileName(url: files.keptDirectory)
        for number in 1...100 {
            let linked = folder.appending(name.numbered(number, reserving: hasSidecar ? ExportName.sidecarBytes : 0))
            guard linked.withCString({ Foundation.link(copy.path, $0) }) == 0 else {
                if errno == EEXIST { continue }
                return nil
            }
            guard hasSidecar else { return (linked, nil) }
            let linkedSidecar = linked.appendingExtension(Sidecar.fileExtension)
            if linkedSidecar.withCString({ Foundation.link(sidecar.path, $0) }) == 0 { return (linked, linkedSidecar) }
            let code = errno
            unlinkAll([linked])
            if code != EEXIST { return nil }
        }
        return nil
    }

    private func unlinkAll(_ paths: [FileName]) {
        for path in paths { _ = path.withCString(unlink) }
    }
}
