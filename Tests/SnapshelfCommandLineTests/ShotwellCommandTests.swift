// `snapshelf import --from-shotwell`, run as a person runs it on a library Shotwell made: what it
// prints, its exit status, the default path, a second run, and the messages for bad input.
import Foundation
import SnapshelfTestSupport
import XCTest

final class ShotwellCommandTests: CommandLineTestCase {
    private var shotwell: ShotwellTestLibrary!

    override func setUpWithError() throws {
        try super.setUpWithError()
        shotwell = try ShotwellFixture.library(for: self)
    }

    func testImportsShotwellsDefaultLibraryWithItsTitlesAndSaysWhatItSkipped() throws {
        let gone = folder.file(named: "gone.jpg", containing: try Data(contentsOf: SamplePhotos.cameras[2]))
        try shotwell.addPhoto(SamplePhotos.cameras[0], title: "Dawn at the lake", fileOrientation: 1, orientation: 6)
        try shotwell.addPhoto(SamplePhotos.cameras[1], title: nil)
        try shotwell.addPhoto(gone, title: "Gone")
        try shotwell.addVideo(folder.url.appendingPathComponent("clip.mp4"))
        try FileManager.default.removeItem(at: gone)
        shotwell.close()

        // Shotwell's own photo.db, found from XDG_DATA_HOME as Shotwell finds it.
        let outcome = try snapshelf("import", "--from-shotwell", expecting: 1, environment: ["XDG_DATA_HOME": folder.url.path])

        XCTAssertEqual(outcome.standardOutput, """
            Reading photos from: \(SamplePhotos.cameras[0].deletingLastPathComponent().resolvingSymlinksInPath().path)
            Imported \(SamplePhotos.cameras[0].path) as photo 1
            Imported \(SamplePhotos.cameras[1].path) as photo 2
            Imported 2 photos. 1 photo in Shotwell’s library was not imported because its file is gone: \(gone.path). \
            1 video was skipped; Snapshelf keeps photos only.

            """)
        XCTAssertEqual(outcome.standardError, "snapshelf: \(gone.path): the file Shotwell’s library names is gone, so it was not imported\n")
        let listing = try snapshelf("list").standardOutput
        XCTAssertEqual(listing, "1\tDawn at the lake\tCanon_40D.jpg\n2\t\tNikon_D70.jpg\n")
        // The sidecars, read by exiftool: the title, and the turn Shotwell gave the photo.
        let sidecars = try copies().map { URL(fileURLWithPath: $0.path + ".xmp") }
        let titled = try XCTUnwrap(try sidecars.first { try ExifTool.title(of: $0) == "Dawn at the lake" }, "no sidecar holds Shotwell's title")
        XCTAssertEqual(try ExifTool.value("XMP-snapshelf:Rotation", of: titled), "90")
    }

    func testShotwellFromFlathubIsFoundAndWithoutEitherBothPlacesAreNamed() throws {
        try shotwell.addPhoto(SamplePhotos.cameras[0], title: "From the Flatpak")
        shotwell.close()
        let home = folder.url.appendingPathComponent("home")
        let environment = ["HOME": home.path, "XDG_DATA_HOME": folder.url.appendingPathComponent("data").path]
        let native = folder.url.appendingPathComponent("data/shotwell/data/photo.db").path
        let flatpak = home.appendingPathComponent(".var/app/org.gnome.Shotwell/data/shotwell/data/photo.db")

        let neither = try snapshelf("import", "--from-shotwell", expecting: 1, environment: environment)
        XCTAssertEqual(neither.standardError, "snapshelf: Shotwell’s library was not found: there is no photo.db at \(native), \(flatpak.path). "
                       + "If it is elsewhere, give the path of its photo.db after --from-shotwell\n")

        try FileManager.default.createDirectory(at: flatpak.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: shotwell.databaseURL, to: flatpak)
        try snapshelf("import", "--from-shotwell", environment: environment)
        XCTAssertEqual(try snapshelf("list").standardOutput, "1\tFrom the Flatpak\tCanon_40D.jpg\n")
    }

    func testASecondRunImportsNothingNewAndSaysSo() throws {
        try shotwell.addPhoto(SamplePhotos.cameras[0], title: "One")
        try shotwell.addPhoto(SamplePhotos.cameras[1], title: "Two")
        shotwell.close()
        try snapshelf("import", "--from-shotwell", shotwell.databaseURL.path)

        let again = try snapshelf("import", "--from-shotwell", shotwell.databaseURL.path)

        XCTAssertTrue(again.standardOutput.hasSuffix("Nothing new to import from Shotwell: its 2 photos are already in the library.\n"),
                      again.standardOutput)
        XCTAssertEqual(try ids(), ["1", "2"])
    }

    func testAnEmptyLibraryAndManyMissingFilesAreToldShortly() throws {
        XCTAssertEqual(try snapshelf("import", "--from-shotwell", shotwell.databaseURL.path).standardOutput,
                       "Shotwell’s library has no photos to import.\n")
        for index in 1...12 {
            try shotwell.execute("INSERT INTO PhotoTable (filename, title) VALUES (?, 'Gone')", [.text("/gone/\(index).jpg")])
        }

        let outcome = try snapshelf("import", "--from-shotwell", shotwell.databaseURL.path, expecting: 1)

        let named = (1...10).map { "/gone/\($0).jpg" }.joined(separator: ", ")
        XCTAssertEqual(outcome.standardOutput, "Shotwell’s library has no photos to import. 12 photos in Shotwell’s library were not "
                       + "imported because their files are gone: \(named) and 2 more.\n")
        XCTAssertEqual(outcome.standardError.split(separator: "\n").count, 12, "each missing file is named on stderr")
    }

    func testPhotosInShotwellsTrashAreSkippedAndCounted() throws {
        try shotwell.addPhoto(SamplePhotos.cameras[0], title: "Kept")
        let trashed = try shotwell.addPhoto(SamplePhotos.cameras[1], title: "Deleted in Shotwell")
        try shotwell.execute("UPDATE PhotoTable SET flags = 4 WHERE id = ?", [.integer(trashed)])
        shotwell.close()

        // The `=` form the usage's `--from-shotwell [DB]` suggests.
        let outcome = try snapshelf("import", "--from-shotwell=\(shotwell.databaseURL.path)")

        XCTAssertTrue(outcome.standardOutput.hasSuffix("Imported 1 photo. 1 photo in Shotwell’s Trash was skipped.\n"), outcome.standardOutput)
        XCTAssertEqual(try snapshelf("list").standardOutput, "1\tKept\tCanon_40D.jpg\n")
    }

    func testPhotosImportedEarlierGetShotwellsTitlesAndASecondRunNothing() throws {
        // Snapshelf tried on the folder first, then the import from Shotwell.
        try snapshelf("import", SamplePhotos.cameras[0].path, SamplePhotos.cameras[1].path)
        try snapshelf("label", "2", "Mine")
        try shotwell.addPhoto(SamplePhotos.cameras[0], title: "Dawn at the lake", fileOrientation: 1, orientation: 6)
        try shotwell.addPhoto(SamplePhotos.cameras[1], title: "Shotwell's")
        shotwell.close()

        let outcome = try snapshelf("import", "--from-shotwell", shotwell.databaseURL.path)

        XCTAssertTrue(outcome.standardOutput.hasSuffix("No photo was imported. 2 were already in the library. "
                                                       + "1 already in the library got its Shotwell title or turn.\n"), outcome.standardOutput)
        XCTAssertEqual(try snapshelf("list").standardOutput, "1\tDawn at the lake\tCanon_40D.jpg\n2\tMine\tNikon_D70.jpg\n")
        let sidecars = try copies().map { URL(fileURLWithPath: $0.path + ".xmp") }
        let titled = try XCTUnwrap(try sidecars.first { try ExifTool.title(of: $0) == "Dawn at the lake" }, "no sidecar holds Shotwell's title")
        XCTAssertEqual(try ExifTool.value("XMP-snapshelf:Rotation", of: titled), "90")

        let again = try snapshelf("import", "--from-shotwell", shotwell.databaseURL.path)

        XCTAssertTrue(again.standardOutput.hasSuffix("Nothing new to import from Shotwell: its 2 photos are already in the library.\n"),
                      again.standardOutput)
    }

    func testTheLabelGoesOnlyToPhotosWithoutATitle() throws {
        let titled = try ExifTool.copy(of: SamplePhotos.cameras[2], named: "titled.jpg", in: folder.url, title: "From the file")
        try shotwell.addPhoto(SamplePhotos.cameras[0], title: "From Shotwell")
        try shotwell.addPhoto(SamplePhotos.cameras[1], title: "")
        try shotwell.addPhoto(titled, title: nil)
        shotwell.close()

        let outcome = try snapshelf("import", "--label", "Holiday", "--from-shotwell", shotwell.databaseURL.path)

        XCTAssertTrue(outcome.standardOutput.hasSuffix("Imported 3 photos. 2 kept the titles they came with instead of the label "
                                                       + "chosen for the rest.\n"), outcome.standardOutput)
        XCTAssertEqual(try snapshelf("list").standardOutput,
                       "1\tFrom Shotwell\tCanon_40D.jpg\n2\tHoliday\tNikon_D70.jpg\n3\tFrom the file\ttitled.jpg\n")
    }

    func testBadInputIsNamedWithWhatWentWrong() throws {
        let missing = folder.url.appendingPathComponent("elsewhere/photo.db").path
        XCTAssertEqual(try snapshelf("import", "--from-shotwell", missing, expecting: 1).standardError,
                       "snapshelf: \(missing): there is no such file; is Shotwell’s library elsewhere? Give the path of its photo.db\n")
        let photo = SamplePhotos.cameras[0].path
        XCTAssertEqual(try snapshelf("import", "--from-shotwell", photo, expecting: 1).standardError,
                       "snapshelf: \(photo): this is no SQLite database, so it is not Shotwell’s photo.db\n")
        let empty = folder.file(named: "empty.db", containing: Data()).path
        XCTAssertEqual(try snapshelf("import", "--from-shotwell", empty, expecting: 1).standardError,
                       "snapshelf: \(empty): this file is empty, so it is no SQLite database and not Shotwell’s photo.db\n")
        try shotwell.execute("DROP TABLE PhotoTable")
        XCTAssertEqual(try snapshelf("import", "--from-shotwell", shotwell.databaseURL.path, expecting: 1).standardError,
                       "snapshelf: \(shotwell.databaseURL.path): this SQLite database has no PhotoTable, so it is not Shotwell’s photo.db\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: library), "a failed import made a library")
    }

    func testAnUnsupportedSchemaAndALockedDatabaseAreExplained() throws {
        try shotwell.execute("UPDATE VersionTable SET schema_version = 30, app_version = '0.40.0'")
        let path = shotwell.databaseURL.path
        XCTAssertEqual(try snapshelf("import", "--from-shotwell", path, expecting: 1).standardError,
                       "snapshelf: \(path): its schema is version 30, written by Shotwell 0.40.0, newer than the versions 20 to 24 "
                       + "this Snapshelf reads; a newer Snapshelf may read it\n")
        try shotwell.execute("UPDATE VersionTable SET schema_version = 20")
        try shotwell.execute("BEGIN EXCLUSIVE")
        defer { try? shotwell.execute("ROLLBACK") }
        let locked = try snapshelf("import", "--from-shotwell", path, expecting: 1, environment: ["SNAPSHELF_LOCK_TIMEOUT": "1"])
        // Told at once, so the wait is no silence.
        XCTAssertEqual(locked.standardError, "snapshelf: Waiting for Shotwell, which is using its library…\n"
                       + "snapshelf: \(path): Shotwell has kept it locked for more than 1 second, "
                       + "as while it saves changes; wait until Shotwell is idle, or quit it, and try again\n")
    }

    func testUsageErrors() throws {
        XCTAssertEqual(try snapshelf("import", "--from-shotwell", "--recursive", expecting: 2).standardError,
                       "snapshelf: --recursive cannot be used with --from-shotwell.\nTry “snapshelf import --help”.\n")
        XCTAssertEqual(try snapshelf("import", "--from-shotwell", "a.db", "b.db", expecting: 2).standardError,
                       "snapshelf: import takes no argument “b.db”.\nTry “snapshelf import --help”.\n")
    }
}
