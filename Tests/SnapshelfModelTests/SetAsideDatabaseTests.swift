// The databases a library sets aside beside its index (one a rebuild replaced, one another
// computer made) are kept for a while and a count, then deleted when the library opens or is
// rebuilt: the three newest, for 30 days, by when they were set aside, whatever their names say.
// One set aside in the last hour stays, and so does one holding labels no sidecar has. What is
// not of their form stays, and a link is deleted, never what it points to. Time passing is the
// `now` given to the pruning; when a file was set aside is the kernel's own record of it.
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class SetAsideDatabaseTests: LibraryTestCase {
    /// The names in the library's folder that start with the database's own, without journals.
    private func setAside() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasPrefix("library.sqlite3.") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }.sorted()
    }

    private func later(days: Double) -> Date { Date().addingTimeInterval(days * 86_400) }

    /// A library of one labelled photo, rebuilt `times` times; the databases the rebuilds replaced.
    private func rebuilt(times: Int) throws -> [URL] {
        do {
            let library = try Library(directory: directory)
            _ = try library.add(try candidate(SamplePhotos.cameras[0]), label: try Label("Lake"))
        }
        return try (0..<times).map { _ in try XCTUnwrap(try LibraryRebuild.run(directory: directory).movedAside) }
    }

    private func write(_ name: String, _ text: String = "old index") {
        XCTAssertTrue(FileManager.default.createFile(atPath: directory.appendingPathComponent(name).path, contents: Data(text.utf8)))
    }

    func testRebuildsAndOpeningKeepWhatWasSetAsideWithinTheHourThenTheThreeNewest() throws {
        let replaced = try rebuilt(times: 4)
        withExtendedLifetime(try Library(directory: directory)) {}
        XCTAssertEqual(try setAside(), replaced.map(\.lastPathComponent).sorted(), "all four were set aside within the hour")
        SetAsideDatabases.prune(in: directory, now: Date().addingTimeInterval(2 * 3600))
        XCTAssertEqual(try setAside(), replaced.suffix(3).map(\.lastPathComponent).sorted(), "the first one set aside is deleted")
        XCTAssertEqual(try Library(directory: directory).photos().map(\.label), ["Lake"])
    }

    func testALibraryFolderThePersonLinkedElsewhereIsPrunedToo() throws {
        let replaced = try rebuilt(times: 1)
        // The library reached through a link, as a person may name it on another drive.
        let link = folder.url.appendingPathComponent("linked")
        XCTAssertEqual(symlink(directory.path, link.path), 0)
        SetAsideDatabases.prune(in: link, now: later(days: 31))
        XCTAssertEqual(try setAside(), [], "\(replaced[0].lastPathComponent) outlived its 30 days")
    }

    func testAfterThirtyDaysNoneStaysWithItsJournals() throws {
        let replaced = try rebuilt(times: 1)
        // Empty, as a checkpoint leaves it.
        write(replaced[0].lastPathComponent + "-wal", "")
        SetAsideDatabases.prune(in: directory, now: later(days: 29))
        XCTAssertEqual(try setAside(), [replaced[0].lastPathComponent])
        SetAsideDatabases.prune(in: directory, now: later(days: 31))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("library.sqlite3.") }, [])
    }

    func testNamesFromAPeerOrAClockAheadDoNotPushOutTheDatabaseJustSetAside() throws {
        withExtendedLifetime(try Library(directory: directory)) {}
        // Named for 2099, as a clock far ahead, or a peer before the library's .stignore, names them.
        let ahead = (1...3).map { "library.sqlite3.before-rebuild-20991231-23595\($0)" }
        ahead.forEach { write($0) }
        let replaced = try rebuilt(times: 1)
        SetAsideDatabases.prune(in: directory, now: Date().addingTimeInterval(2 * 3600))
        let kept = try setAside()
        XCTAssertTrue(kept.contains(replaced[0].lastPathComponent), "the newest set aside stays: \(kept)")
        XCTAssertEqual(kept.count, 3)
    }

    func testADatabaseHoldingLabelsNoSidecarHasIsKept() throws {
        do {
            let library = try Library(directory: directory)
            _ = try library.add(try candidate(SamplePhotos.cameras[0]), label: try Label("Lake"))
        }
        // A label whose sidecar could not be written yet, as on a full disk: in the database alone.
        try LibraryFixture.execute("INSERT INTO pending_sidecars (photo_id) SELECT id FROM photos",
                                   in: directory.appendingPathComponent("library.sqlite3"))
        let waiting = try XCTUnwrap(try LibraryRebuild.run(directory: directory).movedAside)
        let done = try XCTUnwrap(try LibraryRebuild.run(directory: directory).movedAside)
        SetAsideDatabases.prune(in: directory, now: later(days: 365))
        XCTAssertEqual(try setAside(), [waiting.lastPathComponent], "the one without waiting labels, \(done.lastPathComponent), goes")
    }

    func testOnlyNamesOfTheLibrarysOwnFormAreDeletedAndALinkNotWhatItPointsTo() throws {
        withExtendedLifetime(try Library(directory: directory)) {}
        let outside = folder.url.appendingPathComponent("someone-elses-file")
        XCTAssertTrue(FileManager.default.createFile(atPath: outside.path, contents: Data("keep me".utf8)))
        let link = "library.sqlite3.before-rebuild-20200101-000000"
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent(link).path, withDestinationPath: outside.path)
        let others = ["library.sqlite3.before-rebuild-yesterday", "library.sqlite3.mine-20000101-000000",
                      "library.sqlite3.before-rebuild-20000101-000000.txt", "library.sqlite3.before-rebuild-20000101-000000-x",
                      "library.sqlite3.before-rebuild-20000101-000000-journal-wal", "library.sqlite3.before-rebuild-20000101-000000-+1"]
        others.forEach { write($0) }
        SetAsideDatabases.prune(in: directory, now: later(days: 31))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("library.sqlite3.") }.sorted(),
                       others.sorted())
        XCTAssertEqual(try String(contentsOf: outside, encoding: .utf8), "keep me")
    }
}
