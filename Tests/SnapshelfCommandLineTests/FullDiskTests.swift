// A library on a disk that is full, read-only or holds a damaged database: reading still works
// where it can, each case says what it is and where, only damage is sent to a rebuild, and a
// rebuild that fails leaves nothing of itself and the database as it was.
import Foundation
import SnapshelfTestSupport
import XCTest

final class FullDiskTests: CommandLineTestCase {
    private var disk: SmallFilesystem!
    /// The library, moved onto the small disk.
    private var moved: URL { disk.url.appendingPathComponent("library") }

    override func tearDown() {
        disk = nil
        super.tearDown()
    }

    /// Makes a library of three labelled photos on a disk of its own with `free` KB left.
    private func libraryOnASmallDisk(leaving free: Int?) throws {
        for (label, photo) in zip(["Zürich", "Paris", "Oslo"], SamplePhotos.cameras) {
            try snapshelf("import", "--label", label, photo.path)
        }
        let size = FileSnapshot(of: libraryURL).files.values.reduce(0) { $0 + $1.count } / 1024
        let mountPoint = folder.url.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        disk = try SmallFilesystem(kilobytes: size + 1024, at: mountPoint)
        try FileManager.default.copyItem(at: libraryURL, to: disk.reach(moved))
        if let free { try disk.fill(leaving: free) }
    }

    private func onDisk(_ arguments: String..., expecting status: Int32, file: StaticString = #filePath, line: UInt = #line) throws
        -> SnapshelfProcess.Outcome {
        let outcome = try SnapshelfProcess.run(["--library", moved.path] + arguments, through: disk.wrapper)
        XCTAssertEqual(outcome.status, status, "\(arguments): \(outcome.standardError)\(outcome.standardOutput)", file: file, line: line)
        return outcome
    }

    private func databaseBytes() throws -> Data {
        try Data(contentsOf: disk.reach(moved.appendingPathComponent("library.sqlite3")))
    }

    func testReadingWorksOnAFullDiskAndChangesSayTheDiskIsFull() throws {
        try libraryOnASmallDisk(leaving: 24)
        let listing = try snapshelf("list").standardOutput
        let before = try databaseBytes()

        XCTAssertEqual(try onDisk("list", expecting: 0).standardOutput, listing)
        let json = try onDisk("list", "--json", expecting: 0).standardOutput
        XCTAssertEqual(json.components(separatedBy: "\"label\" : ").count, 4, json)
        XCTAssertEqual(try onDisk("search", "zurich", expecting: 0).standardOutput, "1\tZürich\tCanon_40D.jpg\n")
        XCTAssertEqual(try onDisk("check", expecting: 0).standardOutput, "Library is sound: 3 photos at \(moved.path)\n")
        for command in [["label", "1", "x"], ["import", SamplePhotos.cameras[3].path], ["remove", "2"]] {
            let outcome = try SnapshelfProcess.run(["--library", moved.path] + command, through: disk.wrapper)
            XCTAssertEqual(outcome.status, 1, "\(command): \(outcome.standardOutput)")
            XCTAssertTrue(outcome.standardError.contains("the disk holding \(moved.path) is full ("), "\(command): \(outcome.standardError)")
            XCTAssertTrue(outcome.standardError.contains(" KB free); free some space and try again"), "\(command): \(outcome.standardError)")
            XCTAssertFalse(outcome.standardError.contains("rebuild"), "\(command): \(outcome.standardError)")
        }
        XCTAssertEqual(try databaseBytes(), before, "nothing saved was changed")
    }

    func testAFailedRebuildOnAFullDiskLeavesNothingOfItselfAndTheDatabaseAsItWas() throws {
        try libraryOnASmallDisk(leaving: 24)
        let before = try databaseBytes()

        let rebuild = try onDisk("rebuild", expecting: 1)
        XCTAssertTrue(rebuild.standardError.contains("the disk holding \(moved.path) is full ("), rebuild.standardError)
        XCTAssertFalse(rebuild.standardError.contains("`snapshelf rebuild`"), rebuild.standardError)
        let left = try FileManager.default.contentsOfDirectory(atPath: disk.reach(moved).path)
        XCTAssertEqual(left.filter { $0.hasPrefix("library.sqlite3.") }, [], "neither the new database nor the old one moved aside")
        XCTAssertEqual(try databaseBytes(), before)
        XCTAssertEqual(try onDisk("list", expecting: 0).standardOutput.split(separator: "\n").count, 3)
    }

    func testAReadOnlyDiskIsReadAndChangesSayItIsReadOnly() throws {
        try libraryOnASmallDisk(leaving: nil)
        try disk.remountReadOnly()
        let before = try databaseBytes()

        XCTAssertEqual(try onDisk("list", expecting: 0).standardOutput.split(separator: "\n").count, 3)
        XCTAssertEqual(try onDisk("check", expecting: 0).standardOutput, "Library is sound: 3 photos at \(moved.path)\n")
        let label = try onDisk("label", "1", "x", expecting: 1)
        XCTAssertEqual(label.standardError, "snapshelf: error while changing labels: the library at \(moved.path) is read-only\n")
        let rebuild = try onDisk("rebuild", expecting: 1)
        XCTAssertTrue(rebuild.standardError.hasSuffix("the library at \(moved.path) is read-only\n"), rebuild.standardError)
        XCTAssertEqual(try databaseBytes(), before)
    }

    func testADamagedPageIsReportedByCheckWithTheRebuildThatMendsIt() throws {
        for (label, photo) in zip(["Zürich", "Paris", "Oslo", "Rome"], SamplePhotos.cameras) {
            try snapshelf("import", "--label", label, photo.path)
        }
        let listing = try snapshelf("list").standardOutput
        let database = libraryURL.appendingPathComponent("library.sqlite3")
        let handle = try FileHandle(forUpdating: database)
        XCTAssertGreaterThan(try handle.seekToEnd(), 3 * 4096, "the database has several pages")
        try handle.seek(toOffset: 4096)
        try handle.write(contentsOf: Data(repeating: 0xDE, count: 512))
        try handle.close()

        let check = try snapshelf("check", expecting: 1)
        let said = check.standardOutput + check.standardError
        XCTAssertTrue(said.contains("the database is damaged"), said)
        XCTAssertTrue(said.contains("`snapshelf rebuild` makes"), said)

        try snapshelf("rebuild")
        try assertSound()
        XCTAssertEqual(try snapshelf("list").standardOutput, listing, "the rebuild the message names mends it")
    }
}
