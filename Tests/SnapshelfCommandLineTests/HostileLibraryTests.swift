// Libraries someone tampered with or whose folders went away, and inputs made to break the command
// line's lines: nothing outside the library is ever touched, no row goes without its file, and
// every message stays one line.
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class HostileLibraryTests: CommandLineTestCase {
    private var database: URL { libraryURL.appendingPathComponent("library.sqlite3") }

    func testAFileNameOutsideTheLibraryInACraftedDatabaseIsNeverFollowed() throws {
        let victim = folder.file(named: "victim.txt", containing: Data("important".utf8))
        try snapshelf("import", SamplePhotos.cameras[0].path)
        try LibraryFixture.execute("UPDATE photos SET file_name = '../../victim.txt'", in: database)
        let check = try snapshelf("check", expecting: 1)
        XCTAssertTrue(check.standardOutput.contains("the database gives its file the name “../../victim.txt”, which Snapshelf never gives; the database is damaged, and `snapshelf rebuild`"),
                      check.standardOutput)
        try snapshelf("import", SamplePhotos.cameras[0].path)
        try snapshelf("remove", "1")
        XCTAssertEqual(try Data(contentsOf: victim), Data("important".utf8), "nothing outside the library is written or trashed")
    }

    func testAFIFOInPlaceOfACopyIsNamedForWhatItIsAndStallsNothing() throws {
        try snapshelf("import", "--label", "kept", SamplePhotos.cameras[0].path)
        let copy = try copies()[0]
        try FileManager.default.removeItem(at: copy)
        XCTAssertEqual(mkfifo(copy.path, 0o600), 0)
        let check = try snapshelf("check", expecting: 1)
        XCTAssertTrue(check.standardOutput.contains("photo 1: its file \(copy.path) cannot be read (it is a named pipe (FIFO), not a regular file); importing its original (Canon_40D.jpg) again restores it"),
                      check.standardOutput)
    }

    /// A row is only numbers SQLite hands back: whatever a damaged or crafted database holds in
    /// each numeric column, no command traps on it.
    func testNoNumberInACraftedRowStopsACommand() throws {
        try snapshelf("import", "--label", "kept", SamplePhotos.cameras[0].path)
        let pristine = try Data(contentsOf: database)
        for column in ["taken_offset_min", "taken_clock_ms", "taken_ms", "added_ms", "width", "height", "rotation"] {
            for value in [Int64.min, Int64.max, -1] {
                for suffix in ["-wal", "-shm"] { unlink(database.path + suffix) }
                try pristine.write(to: database)
                try LibraryFixture.execute("UPDATE photos SET \(column) = \(value)", in: database)
                for command in [["list"], ["list", "--json"], ["check"], ["label", "1", "new"], ["rotate", "1", "--by", "90"]] {
                    let outcome = try SnapshelfProcess.run(["--library", library] + command)
                    XCTAssertTrue([0, 1].contains(outcome.status), "\(column) = \(value): \(command) ended with \(outcome.status): \(outcome.standardError)")
                }
            }
        }
        // A moment without its clock is read in this computer's zone, whose offset is added to it:
        // east of UTC past the largest number, west of it below the smallest.
        for (zone, value) in [("Europe/Paris", Int64.max), ("America/New_York", Int64.min)] {
            for suffix in ["-wal", "-shm"] { unlink(database.path + suffix) }
            try pristine.write(to: database)
            try LibraryFixture.execute("UPDATE photos SET taken_ms = \(value), taken_clock_ms = NULL", in: database)
            for command in [["list"], ["list", "--json"], ["check"], ["label", "1", "new"], ["rotate", "1", "--by", "90"]] {
                let outcome = try SnapshelfProcess.run(["--library", library] + command, environment: ["TZ": zone])
                XCTAssertTrue([0, 1].contains(outcome.status), "TZ=\(zone), taken_ms = \(value): \(command) ended with \(outcome.status): \(outcome.standardError)")
            }
        }
    }

    /// A peer's links in place of the folders the library keeps for itself: the sweep of
    /// half-written copies at each open deleted every file of the folder `photos/.incoming`
    /// pointed to. Each link is moved aside, never followed nor deleted, and the library makes
    /// its own folder and goes on working.
    func testLinksInPlaceOfTheLibrarysOwnFoldersAreNeverFollowed() throws {
        try snapshelf("import", "--label", "kept", SamplePhotos.cameras[0].path)
        let victim = folder.url.appendingPathComponent("victim")
        try FileManager.default.createDirectory(at: victim.appendingPathComponent("reserve"), withIntermediateDirectories: true)
        let held = ["notes.txt", "copy.tmp", "labels.xmp", "reserve/keep.jpg"]
        for name in held { try Data(name.utf8).write(to: victim.appendingPathComponent(name)) }
        let places = ["photos/.incoming", "removed", "set-aside", ".snapshelf"]
        for place in places {
            let url = libraryURL.appendingPathComponent(place)
            try? FileManager.default.removeItem(at: url)
            XCTAssertEqual(symlink(victim.path, url.path), 0)
        }
        for (index, command) in [["list"], ["check"], ["rebuild"], ["import", SamplePhotos.cameras[1].path], ["remove", "1"], ["list"]].enumerated() {
            let outcome = try SnapshelfProcess.run(["--library", library] + command)
            XCTAssertTrue([0, 1].contains(outcome.status), "\(command) ended with \(outcome.status): \(outcome.standardError)")
            // The first open moves each aside, and says so.
            let said = places.filter { outcome.standardError.contains("note: in the place of the library’s folder \(libraryURL.appendingPathComponent($0).path) was a link") }
            XCTAssertEqual(said, index == 0 ? places : [], outcome.standardError)
            for name in held {
                XCTAssertEqual(try? Data(contentsOf: victim.appendingPathComponent(name)), Data(name.utf8), "after \(command): \(name)")
            }
            // Nothing went in either: no copy, sidecar or second name of one.
            XCTAssertEqual(try FileManager.default.subpathsOfDirectory(atPath: victim.path).sorted(),
                           ["copy.tmp", "labels.xmp", "notes.txt", "reserve", "reserve/keep.jpg"], "after \(command)")
        }
        XCTAssertEqual(try snapshelf("list").standardOutput, "2\t\t\(SamplePhotos.cameras[1].lastPathComponent)\n")
        // The peer's links are still there, aside, and the library's folders are its own.
        for place in places {
            let url = libraryURL.appendingPathComponent(place)
            let aside = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
                .filter { $0.hasPrefix(url.lastPathComponent + ".not-a-folder-") }
            XCTAssertEqual(aside.count, 1, "\(place) was not moved aside: \(aside)")
            XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: url.deletingLastPathComponent().appendingPathComponent(aside[0]).path), victim.path)
            var status = stat()
            if lstat(url.path, &status) == 0 { XCTAssertEqual(status.st_mode & S_IFMT, S_IFDIR, place) }
        }
    }

    /// A copy turned into a link to a private file of the user's: `check` says what it is and
    /// never reads the target.
    func testACopyThatIsALinkIsNeverReadThrough() throws {
        try snapshelf("import", "--label", "kept", SamplePhotos.cameras[0].path)
        let copy = try copies()[0]
        let secret = folder.file(named: "secret.jpg", containing: try Data(contentsOf: SamplePhotos.cameras[1]))
        try FileManager.default.removeItem(at: copy)
        XCTAssertEqual(symlink(secret.path, copy.path), 0)
        let check = try snapshelf("check", expecting: 1)
        XCTAssertTrue(check.standardOutput.contains("photo 1: its file \(copy.path) cannot be read (it is a link, not a regular file)"),
                      check.standardOutput)
    }

    func testARemovalWhosePhotoFolderIsGoneRemovesNothing() throws {
        try snapshelf("import", "--label", "precious", SamplePhotos.cameras[0].path)
        let photos = libraryURL.appendingPathComponent("photos")
        let away = folder.url.appendingPathComponent("unmounted")
        XCTAssertEqual(rename(photos.path, away.path), 0)
        // As a library whose photos are on a drive that is not plugged in.
        XCTAssertEqual(symlink(folder.url.appendingPathComponent("not-there").path, photos.path), 0)
        XCTAssertTrue(try snapshelf("remove", "1", expecting: 1).standardError.contains("photos"))
        unlink(photos.path)
        XCTAssertEqual(rename(away.path, photos.path), 0)
        XCTAssertEqual(try snapshelf("list").standardOutput, "1\tprecious\tCanon_40D.jpg\n")
        try assertSound()
    }

    func testAnUnreadablePhotoFolderOrAnEmptyDatabaseGetsNoNewDatabaseOverIt() throws {
        try snapshelf("import", SamplePhotos.cameras[0].path)
        XCTAssertEqual(truncate(database.path, 0), 0)
        XCTAssertTrue(try snapshelf("check", expecting: 1).standardError.contains("its database library.sqlite3 is missing or empty, but"))
        unlink(database.path)
        let photos = libraryURL.appendingPathComponent("photos")
        XCTAssertEqual(chmod(photos.path, 0), 0)
        defer { chmod(photos.path, 0o700) }
        for command in [["check"], ["import", SamplePhotos.cameras[1].path]] {
            let outcome = try snapshelf(command, expecting: 1, through: SnapshelfProcess.unprivileged)
            XCTAssertTrue(outcome.standardError.contains("cannot be read to see whether it still holds photos"), outcome.standardError)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: database.path))
    }

    func testAVersionThatDoesNotMatchTheTablesNamesTheDamageAndTheRepair() throws {
        try snapshelf("import", SamplePhotos.cameras[0].path)
        try LibraryFixture.setSchemaVersion(0, of: database)
        let outcome = try snapshelf("list", expecting: 1)
        XCTAssertTrue(outcome.standardError.contains("the database is damaged; `snapshelf rebuild` makes the database again"), outcome.standardError)
    }

    func testNamesThatWouldBreakALineAreEscapedInEveryMessage() throws {
        let odd = folder.file(named: "bad\nsnapshelf: fake \u{1B}[2J.txt", containing: Data("text".utf8))
        let outcome = try snapshelf("import", odd.path, expecting: 1)
        XCTAssertEqual(outcome.standardError.split(separator: "\n", omittingEmptySubsequences: false).count, 2, outcome.standardError)
        XCTAssertTrue(outcome.standardError.contains("bad\\nsnapshelf: fake \\033[2J.txt: it is not an image"), outcome.standardError)
        let photo = folder.file(named: "sneaky\u{202E}gpj.exe", containing: try Data(contentsOf: SamplePhotos.cameras[0]))
        let imported = try snapshelf("import", photo.path)
        XCTAssertTrue(imported.standardOutput.contains("sneaky\\342\\200\\256gpj.exe as photo 1"), imported.standardOutput)
        XCTAssertEqual(try snapshelf("list").standardOutput, "1\t\tsneaky\\342\\200\\256gpj.exe\n")
    }

    func testALibraryPathThatIsNotUTF8IsRefused() throws {
        let outcome = try SnapshelfProcess.run(
            ["import", SamplePhotos.cameras[0].path],
            through: ["/bin/sh", "-c", "dir=$0; exec \"$1\" --library \"$dir/$(printf 'lib\\377')\" \"$2\" \"$3\"", folder.url.path])
        XCTAssertEqual(outcome.status, 2)
        XCTAssertTrue(outcome.standardError.hasPrefix("snapshelf: the folder after --library is not valid UTF-8"), outcome.standardError)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.url.path), [])
    }

    func testAnImportThatSavesNothingLeavesNoLibraryBehind() throws {
        let large = SamplePhotos.jpeg("gps/DSCN0010.jpg")
        // A 128 KiB file-size limit: the database (about 80 KiB with its indexes) fits, the 160 KiB copy does not.
        let outcome = try snapshelf("import", large.path, expecting: 1, through: ["/bin/sh", "-c", "ulimit -f 256; exec \"$0\" \"$@\""])
        XCTAssertTrue(outcome.standardError.contains("not enough space"), outcome.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: library), "the library this import started is gone again")
    }

    func testMessagesSayWhatIsTrueOfAMissingCopyOrAFolderInItsPlace() throws {
        try snapshelf("import", SamplePhotos.cameras[0].path)
        try snapshelf("import", SamplePhotos.cameras[1].path)
        let files = try copies()
        try FileManager.default.removeItem(at: files[0])
        try FileManager.default.createDirectory(at: files[0], withIntermediateDirectories: false)
        XCTAssertTrue(try snapshelf("check", expecting: 1).standardOutput.contains("there is a folder; move the folder away"))
        try FileManager.default.removeItem(at: files[1])
        let removed = try snapshelf("remove", "1", "2").standardOutput
        XCTAssertTrue(removed.contains("its file was already missing"), removed)
    }
}
