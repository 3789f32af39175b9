// The databases a library sets aside beside its index (one a rebuild replaced, one another
// computer made) are kept for a while and a count, then deleted when the library opens or is
// rebuilt: the three newest, for 30 days. What is not of their form stays, and a link is
// deleted, never what it points to.
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class SetAsideDatabaseTests: LibraryTestCase {
    /// The names in the library's folder that start with the database's own.
    private func databaseNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("library.sqlite3.") }.sorted()
    }

    /// The name a database set aside `daysAgo` would have, in the form the library writes.
    private func asideName(_ tag: String, daysAgo: Double) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        return "library.sqlite3.\(tag)-\(formatter.string(from: Date().addingTimeInterval(-daysAgo * 86_400)))"
    }

    private func write(_ name: String) {
        XCTAssertTrue(FileManager.default.createFile(atPath: directory.appendingPathComponent(name).path, contents: Data("old index".utf8)))
    }

    func testFourRebuildsLeaveTheThreeNewestDatabasesTheyReplaced() throws {
        do {
            let library = try Library(directory: directory)
            _ = try library.add(try candidate(SamplePhotos.cameras[0]), label: try Label("Lake"))
        }
        var replaced: [URL] = []
        for _ in 0..<4 {
            let report = try LibraryRebuild.run(directory: directory)
            replaced.append(try XCTUnwrap(report.movedAside))
        }
        let kept = try databaseNames().filter { !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
        XCTAssertEqual(kept, replaced.suffix(3).map(\.lastPathComponent).sorted(), "the first one replaced is deleted")
        XCTAssertFalse(FileManager.default.fileExists(atPath: replaced[0].path))
        // The library still opens with its photo and label.
        XCTAssertEqual(try Library(directory: directory).photos().map(\.label), ["Lake"])
    }

    func testOpeningDeletesOnesOlderThanThirtyDaysOrFromAClockAheadAndKeepsANewerOne() throws {
        withExtendedLifetime(try Library(directory: directory)) {}
        let old = asideName("from-elsewhere", daysAgo: 31)
        let recent = asideName("before-rebuild", daysAgo: 29)
        // Set aside under a clock a year ahead: not kept for a year.
        let ahead = asideName("before-rebuild", daysAgo: -365)
        for name in [old, old + "-wal", old + "-shm", recent, recent + "-wal", ahead] { write(name) }
        withExtendedLifetime(try Library(directory: directory)) {}
        XCTAssertEqual(try databaseNames(), [recent, recent + "-wal"])
    }

    func testOnlyNamesOfTheLibrarysOwnFormAreDeletedAndALinkNotWhatItPointsTo() throws {
        withExtendedLifetime(try Library(directory: directory)) {}
        let outside = folder.url.appendingPathComponent("someone-elses-file")
        XCTAssertTrue(FileManager.default.createFile(atPath: outside.path, contents: Data("keep me".utf8)))
        let link = asideName("before-rebuild", daysAgo: 40)
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent(link).path, withDestinationPath: outside.path)
        let others = ["library.sqlite3.before-rebuild-yesterday", "library.sqlite3.mine-20000101-000000",
                      "library.sqlite3.before-rebuild-20000101-000000.txt", "library.sqlite3.before-rebuild-20000101-000000-x"]
        others.forEach(write)
        withExtendedLifetime(try Library(directory: directory)) {}
        XCTAssertEqual(try databaseNames(), others.sorted())
        XCTAssertEqual(try String(contentsOf: outside, encoding: .utf8), "keep me")
    }
}
