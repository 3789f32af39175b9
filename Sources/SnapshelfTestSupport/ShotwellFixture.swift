// A photo.db that Shotwell itself made, so that the import from Shotwell is tested against the
// real thing rather than a schema copied by hand. The real `shotwell` starts once per test
// process, under the tests' X server ($DISPLAY, which `make test`'s xvfb-run sets), with a home,
// XDG folders, a session bus and settings of its own; once its database has its tables it is
// quit as a person quits it (Return closes the Welcome dialog, Ctrl+Q the window), and killed
// if it does not go. Each test then gets a copy (`ShotwellFixture.library(in:)`), since starting
// Shotwell costs seconds.
import CSQLite
import Foundation
import XCTest

public enum ShotwellFixture {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The bytes of the database Shotwell made, made on first use. Shotwell has been seen to end
    /// with a trap as it starts (status 133, nothing said) beside the other test classes, and to
    /// start the next time: so it gets a second start, in a home of its own, before the tests fail.
    private static let made: Result<Data, Failure> = Result { () throws(Failure) -> Data in
        do {
            return try makeDatabase()
        } catch {
            return try makeDatabase()
        }
    }

    /// Starts Shotwell until its database has its tables, quits it, and reads the database;
    /// Shotwell's home goes with it.
    private static func makeDatabase() throws(Failure) -> Data {
        let home = TemporaryDirectory()
        let shotwell = try ShotwellProcess(home: home.url.appendingPathComponent("home"))
        defer { shotwell.stop() }
        try shotwell.waitForTables()
        shotwell.quit()
        guard let bytes = try? Data(contentsOf: shotwell.database) else {
            throw Failure(description: "cannot read the database Shotwell made at \(shotwell.database.path)")
        }
        return bytes
    }

    /// A copy of the database Shotwell made, in `folder`, at `shotwell/data/photo.db` as under a
    /// data folder, to add photos to.
    public static func library(in folder: URL) throws -> ShotwellTestLibrary {
        let made = try self.made.get()
        let copy = folder.appendingPathComponent("shotwell/data/photo.db")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try made.write(to: copy)
        return try ShotwellTestLibrary(copy)
    }

    /// A copy in the test's folder, closed when the test ends.
    public static func library(for test: FolderTestCase) throws -> ShotwellTestLibrary {
        let library = try library(in: test.folder.url)
        test.addTeardownBlock { library.close() }
        return library
    }

    /// Whether the database has the tables Shotwell makes at start, read without a write lock.
    static func hasTables(_ database: URL) -> Bool {
        var handle: OpaquePointer?
        defer { sqlite3_close(handle) }
        guard sqlite3_open_v2(database.path, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else { return false }
        var statement: OpaquePointer?
        let sql = "SELECT count(*) FROM sqlite_master WHERE name IN ('PhotoTable', 'VideoTable', 'VersionTable')"
            + " AND EXISTS (SELECT 1 FROM VersionTable)"
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else { return false }
        defer { sqlite3_finalize(statement) }
        return sqlite3_step(statement) == SQLITE_ROW && sqlite3_column_int(statement, 0) == 3
    }
}
