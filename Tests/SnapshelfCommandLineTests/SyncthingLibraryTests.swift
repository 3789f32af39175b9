// One library shared by two real Syncthing instances: the photos and their sidecars travel, each
// computer's database stays its own, and what one computer does reaches the other.
import Foundation
import SnapshelfTestSupport
import XCTest

final class SyncthingLibraryTests: SyncthingTestCase {
    func testTheDatabaseIsNeverTransferred() throws {
        try snapshelf(libraryA, "import", "--label", "Lighthouse", SamplePhotos.cameras[0].path, SamplePhotos.cameras[1].path)
        // Held open as a running Snapshelf holds it, so that its -wal and -shm are there to be
        // scanned.
        let held = try HeldDatabase(libraryA.appendingPathComponent("library.sqlite3"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: libraryA.appendingPathComponent("library.sqlite3-wal").path))
        try startSyncing()
        try pair.waitUntilInSync()
        // The photos did travel, so that what did not travel says something.
        XCTAssertEqual(try photoFiles(in: libraryB), try photoFiles(in: libraryA))
        XCTAssertEqual(try photoFiles(in: libraryB).count, 4)
        for name in Self.databaseFiles + ["photos/.incoming"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: libraryB.appendingPathComponent(name).path), "\(name) reached B")
        }
        held.close()

        // Each computer then works on its own database, and neither's is ever replaced by the other's.
        try snapshelf(libraryB, "list")
        let databaseA = libraryA.appendingPathComponent("library.sqlite3")
        let databaseB = libraryB.appendingPathComponent("library.sqlite3")
        let inodes = try [databaseA, databaseB].map(inode)
        try snapshelf(libraryA, "label", "1", "Lighthouse at dusk")
        try snapshelf(libraryB, "rotate", try id(of: SamplePhotos.cameras[1], in: libraryB), "--by", "90")
        try pair.waitUntilInSync()
        XCTAssertEqual(try [databaseA, databaseB].map(inode), inodes, "a database was replaced by a synced one")
        let machines = try [databaseA, databaseB].map { try HeldDatabase($0).text("SELECT name FROM machine") }
        XCTAssertNotNil(machines[0], "A, which wrote a sidecar, has no name for itself")
        XCTAssertNotNil(machines[1], "B, which wrote a sidecar, has no name for itself")
        XCTAssertNotEqual(machines[0], machines[1], "B has A's database")
        try assertSound(libraryA)
        try assertSound(libraryB)
    }

    func testALibraryReceivedFromScratchGetsItsOwnIndexOnFirstOpen() throws {
        let photos = Array(SamplePhotos.cameras.prefix(5))
        try snapshelf(libraryA, "import", "--label", "Harbour", photos[0].path, photos[1].path, photos[2].path)
        try snapshelf(libraryA, "import", "--label", "Ümlaut & émoji 🦎", photos[3].path, photos[4].path)
        try snapshelf(libraryA, "rotate", "2", "4", "--by", "270")
        try snapshelf(libraryA, "label", "3", "")
        try startSyncing()
        try pair.waitUntilInSync()
        XCTAssertFalse(FileManager.default.fileExists(atPath: libraryB.appendingPathComponent("library.sqlite3").path))

        let firstOpen = try snapshelf(libraryB, "list", "--json")
        XCTAssertFalse(firstOpen.standardError.isEmpty, "B built its index without saying so")
        let onA = try self.photos(in: libraryA)
        let onB = try self.photos(in: libraryB)
        XCTAssertEqual(onA.count, 5)
        XCTAssertEqual(shared(onB), shared(onA))
        // Opened again, B reads nothing anew and has nothing to say.
        XCTAssertEqual(try snapshelf(libraryB, "list").standardError, "")
        try assertSound(libraryB)
        try assertSound(libraryA)
    }

    /// Distinct photos: the same pictures with a few bytes after their end, which no decoder reads.
    private func distinctPhotos(_ count: Int) throws -> [URL] {
        let corpus = folder.url.appendingPathComponent("corpus")
        try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
        return try (0..<count).map { index -> URL in
            let url = corpus.appendingPathComponent("\(index).jpg")
            let camera = SamplePhotos.cameras[index % SamplePhotos.cameras.count]
            try (try Data(contentsOf: camera) + Data("\(index)".utf8)).write(to: url)
            return url
        }
    }

    func testALargeLibraryReceivedFromScratchSaysHowFarItsIndexIs() throws {
        let photos = try distinctPhotos(250)
        try snapshelf(libraryA, ["import", "--label", "Many"] + photos.map(\.path))
        try startSyncing()
        try pair.waitUntilInSync()

        let firstOpen = try snapshelf(libraryB, "list")
        XCTAssertTrue(firstOpen.standardError.contains("of 250"), "B built its index of 250 photos without saying how far it was: "
                      + firstOpen.standardError)
        XCTAssertEqual(firstOpen.standardOutput.split(separator: "\n").count, 250)
        try assertSound(libraryB)
    }

    func testALabelARotationAndARemovalOnAReachB() throws {
        let photos = Array(SamplePhotos.cameras.prefix(3))
        try snapshelf(libraryA, "import", "--label", "Market", photos[0].path, photos[1].path, photos[2].path)
        try startSyncing()
        try pair.waitUntilInSync()
        XCTAssertEqual(try self.photos(in: libraryB).count, 3)

        try snapshelf(libraryA, "label", "1", "Fish market")
        try snapshelf(libraryA, "rotate", "2", "--by", "90")
        try snapshelf(libraryA, "remove", "3")
        try pair.waitUntilInSync()
        let opening = try snapshelf(libraryB, "list")
        XCTAssertTrue(opening.standardError.contains("removed on another computer"), opening.standardError)
        let onB = try self.photos(in: libraryB)
        XCTAssertEqual(Set(onB.values.map(\.originalName)), Set(photos.prefix(2).map(\.lastPathComponent)))
        XCTAssertEqual(onB.values.first { $0.originalName == photos[0].lastPathComponent }?.label, "Fish market")
        XCTAssertEqual(onB.values.first { $0.originalName == photos[1].lastPathComponent }?.rotation, 90)
        XCTAssertEqual(shared(onB), shared(try self.photos(in: libraryA)))
        // The removal is an event on B, not damage: check finds nothing missing.
        try assertSound(libraryB)
        try assertSound(libraryA)
    }

    func testALargeRemovalConvergesOnBothSidesWhileTheOtherRescansBetweenEachPhotosTwoFiles() throws {
        let photos = try distinctPhotos(300)
        try snapshelf(libraryA, ["import", "--label", "Many"] + photos.map(\.path))
        try startSyncing()
        try pair.waitUntilInSync()
        XCTAssertEqual(try self.photos(in: libraryB).count, 300)

        // Syncthing deletes a photo's two files in no set order, at times seconds apart: here B's
        // holds back every sidecar's deletion until the copies' are all done, while B rescans.
        let ignore = libraryB.appendingPathComponent(".stignore")
        let patterns = try String(contentsOf: ignore, encoding: .utf8)
        try (patterns + "*.xmp\n").write(to: ignore, atomically: true, encoding: .utf8)
        try snapshelf(libraryA, ["remove"] + (try self.photos(in: libraryA)).values.map { String($0.id) })
        var rescans = 0
        let deadline = Date().addingTimeInterval(120)
        repeat {
            try snapshelf(libraryB, "list")
            rescans += 1
        } while try photoFiles(in: libraryB).contains { !$0.hasSuffix(".xmp") } && Date() < deadline
        try patterns.write(to: ignore, atomically: true, encoding: .utf8)
        try settle()
        for library in [libraryA, libraryB] {
            XCTAssertEqual(try self.photos(in: library).count, 0, "photos came back on \(side(library))")
            XCTAssertEqual(try photoFiles(in: library), [], side(library))
            try assertSound(library)
        }
        XCTAssertGreaterThan(rescans, 1, "B never rescanned while the removal arrived")
    }

    private func inode(_ url: URL) throws -> UInt64 {
        var status = stat()
        guard stat(url.path, &status) == 0 else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: url.path]) }
        return UInt64(status.st_ino)
    }
}
