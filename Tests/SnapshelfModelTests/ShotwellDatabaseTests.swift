// Reading Shotwell's database: never written, read while Shotwell runs or writes, waited for
// while it is locked, and each kind of bad input told apart.
import CSQLite
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class ShotwellDatabaseTests: ShotwellTestCase {
    func testTheDatabaseIsNeitherWrittenNorGivenAJournal() throws {
        try shotwell.addPhoto(SamplePhotos.cameras[0], title: "One")
        shotwell.close()
        let data = shotwell.databaseURL.deletingLastPathComponent()
        let before = FileSnapshot(of: data)
        let modified = try FileManager.default.attributesOfItem(atPath: shotwell.databaseURL.path)[.modificationDate] as? Date

        try importShotwell()

        XCTAssertEqual(FileSnapshot(of: data), before)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: shotwell.databaseURL.path)[.modificationDate] as? Date, modified)
    }

    func testAWriteInProgressDoesNotStopTheReading() throws {
        try shotwell.addPhoto(SamplePhotos.cameras[0], title: "Before")
        // Shotwell holds the reserved lock while it writes; readers go on until it commits.
        try shotwell.execute("BEGIN IMMEDIATE")
        try shotwell.execute("UPDATE PhotoTable SET title = 'During'")

        let library = try ShotwellLibrary(reading: shotwell.databaseURL, patience: .seconds(5))

        XCTAssertEqual(library.photos.first?.details.label?.text, "Before")
        try shotwell.execute("ROLLBACK")
    }

    func testALockHeldForLongerThanThePatienceIsReported() throws {
        try shotwell.execute("BEGIN EXCLUSIVE")
        defer { try? shotwell.execute("ROLLBACK") }

        XCTAssertThrowsError(try ShotwellLibrary(reading: shotwell.databaseURL, patience: .milliseconds(300))) { error in
            XCTAssertEqual(error as? ShotwellError, .locked(shotwell.databaseURL, patience: .milliseconds(300)))
        }
    }

    func testALockLetGoWithinThePatienceIsWaitedFor() throws {
        try shotwell.addPhoto(SamplePhotos.cameras[0], title: "Waited for")
        shotwell.close()
        var opened: OpaquePointer?
        XCTAssertEqual(sqlite3_open(shotwell.databaseURL.path, &opened), SQLITE_OK)
        nonisolated(unsafe) let handle = opened
        XCTAssertEqual(sqlite3_exec(handle, "BEGIN EXCLUSIVE", nil, nil, nil), SQLITE_OK)
        // Let go once the reading has met the lock and waits for it, as Shotwell's write ends.
        let waiting = DispatchSemaphore(value: 0)
        let released = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = waiting.wait(timeout: .now() + 30)
            sqlite3_exec(handle, "COMMIT", nil, nil, nil)
            released.signal()
        }

        var waited = false
        let library = try ShotwellLibrary(reading: shotwell.databaseURL, patience: .seconds(30)) {
            waited = true
            waiting.signal()
        }

        released.wait()
        XCTAssertTrue(waited, "the reading never met the lock")
        sqlite3_close(handle)
        XCTAssertEqual(library.photos.first?.details.label?.text, "Waited for")
    }

    func testAnImportWhileShotwellRunsOnTheLibrary() throws {
        try shotwell.addPhoto(SamplePhotos.cameras[0], title: "While Shotwell runs")
        shotwell.close()
        let running = try ShotwellProcess(home: folder.url.appendingPathComponent("home"), database: shotwell.databaseURL)
        defer { running.quit() }
        try running.waitForTables()

        let library = try ShotwellLibrary(reading: running.database)
        try BatchImport(thumbnails: nil).run(library.files, label: nil, details: library.details, libraryDirectory: directory) { _ in }

        XCTAssertEqual(try photo(from: SamplePhotos.cameras[0]).label, "While Shotwell runs")
    }

    func testBadInputIsToldApart() throws {
        let missing = folder.url.appendingPathComponent("nothing/photo.db")
        XCTAssertEqual(error(reading: missing), .missing(missing))
        XCTAssertEqual(error(reading: folder.url), .notAFile(folder.url))
        XCTAssertEqual(error(reading: SamplePhotos.cameras[0]), .notSQLite(SamplePhotos.cameras[0]))
        let empty = folder.file(named: "empty.db", containing: Data())
        XCTAssertEqual(error(reading: empty), .empty(empty), "SQLite would take an empty file for an empty database")
        let other = folder.url.appendingPathComponent("other.db")
        var handle: OpaquePointer?
        XCTAssertEqual(sqlite3_open(other.path, &handle), SQLITE_OK)
        XCTAssertEqual(sqlite3_exec(handle, "CREATE TABLE notes (text)", nil, nil, nil), SQLITE_OK)
        sqlite3_close(handle)
        XCTAssertEqual(error(reading: other), .notShotwell(other))
    }

    func testASchemaOtherThanThoseReadIsRefused() throws {
        try shotwell.execute("UPDATE VersionTable SET schema_version = 25, app_version = '0.34.0'")
        XCTAssertEqual(error(reading: shotwell.databaseURL), .unsupportedSchema(shotwell.databaseURL, version: 25, appVersion: "0.34.0"))
        try shotwell.execute("DROP TABLE VersionTable")
        XCTAssertEqual(error(reading: shotwell.databaseURL), .unsupportedSchema(shotwell.databaseURL, version: nil, appVersion: nil))
    }

    func testRowsWithoutAnAbsolutePathAreSkippedAndANameThatIsNoUTF8Imported() throws {
        try shotwell.addPhoto(SamplePhotos.cameras[0])
        try shotwell.execute("UPDATE PhotoTable SET filename = ''")
        try shotwell.addPhoto(SamplePhotos.cameras[1])
        try shotwell.execute("UPDATE PhotoTable SET filename = 'Pictures/b.jpg' WHERE filename != ''")
        let plain = try copy(SamplePhotos.cameras[2], as: "plain.jpg")
        try shotwell.addPhoto(plain, title: "Café name")
        let odd = FileName(url: folder.url).appending(FileName(bytes: Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)))
        XCTAssertEqual(plain.path.withCString { from in odd.withCString { rename(from, $0) } }, 0)
        try shotwell.execute("UPDATE PhotoTable SET filename = ? WHERE title = 'Café name'", [.bytes(odd.bytes)])

        let (library, _, summary) = try importShotwell()

        XCTAssertEqual(library.oddRows, [.noFileName(id: 1), .relativePath(id: 2, "Pictures/b.jpg")])
        XCTAssertEqual(summary.imports.added, 1)
        XCTAssertEqual(try Library(directory: directory).photos().first?.originalFileName, odd.lastComponent)
    }

    private func error(reading url: URL) -> ShotwellError? {
        do {
            _ = try ShotwellLibrary(reading: url, patience: .milliseconds(100))
            return nil
        } catch {
            return error
        }
    }

    func testTheDatabaseIsLookedForWhereShotwellAndItsFlatpakKeepIt() throws {
        let home = folder.url.appendingPathComponent("home")
        let environment = ["HOME": home.path]
        let native = home.appendingPathComponent(".local/share/shotwell/data/photo.db")
        let flatpak = home.appendingPathComponent(".var/app/org.gnome.Shotwell/data/shotwell/data/photo.db")
        XCTAssertEqual(ShotwellLibrary.defaultLocations(environment: environment), [native, flatpak])
        XCTAssertEqual(ShotwellLibrary.defaultURL(environment: environment), native, "with neither, errors name the first")

        for database in [flatpak, native] {
            try FileManager.default.createDirectory(at: database.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: shotwell.databaseURL, to: database)
            XCTAssertEqual(ShotwellLibrary.defaultURL(environment: environment), database, "Shotwell's own comes first")
        }
        let moved = folder.url.appendingPathComponent("data")
        XCTAssertEqual(ShotwellLibrary.defaultLocations(environment: ["HOME": home.path, "XDG_DATA_HOME": moved.path]).first,
                       moved.appendingPathComponent("shotwell/data/photo.db"))
    }
}
