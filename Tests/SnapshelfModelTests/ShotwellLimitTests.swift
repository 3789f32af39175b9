// Shotwell's photo.db is anyone's to write, so it is read with limits: PhotoTable must be a plain
// table with Shotwell's columns, a reading that takes too long is stopped, only regular files are
// imported, and files in hidden folders are left out unless asked for. Each photo.db is made here.
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class ShotwellLimitTests: ShotwellTestCase {
    private func refusal(_ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) -> ShotwellError? {
        do {
            try body()
            XCTFail("the database was read", file: file, line: line)
            return nil
        } catch {
            return error as? ShotwellError
        }
    }

    func testAPhotoTableThatIsAViewIsRefusedBeforeItIsRead() throws {
        try shotwell.replacePhotoTableWithAnEndlessView()
        shotwell.close()
        let started = ContinuousClock().now

        let error = refusal { _ = try ShotwellLibrary(reading: shotwell.databaseURL, timeLimit: .seconds(5)) }

        XCTAssertEqual(error, .notATable(shotwell.databaseURL, table: "PhotoTable"))
        XCTAssertLessThan(ContinuousClock().now - started, .seconds(5), "it was refused before it was read")
    }

    func testAPhotoTableWithoutShotwellsColumnsIsRefused() throws {
        try shotwell.execute("DROP TABLE PhotoTable")
        try shotwell.execute("CREATE TABLE PhotoTable (id INTEGER PRIMARY KEY, filename TEXT)")
        shotwell.close()

        guard case .unsupportedSchema(shotwell.databaseURL, _, _)? = refusal({ _ = try ShotwellLibrary(reading: shotwell.databaseURL) }) else {
            return XCTFail("not refused for its schema")
        }
    }

    func testAReadingThatTakesLongerThanItsLimitIsStopped() throws {
        try shotwell.addPhoto(SamplePhotos.cameras[0])
        let columns = "width, height, filesize, timestamp, exposure_time, orientation, original_orientation, import_id, " +
            "event_id, md5, thumbnail_md5, exif_md5, time_created, file_format, title, rating, editable_id, developer, comment"
        for _ in 0..<10 {
            try shotwell.execute("INSERT INTO PhotoTable (filename, \(columns)) SELECT '/nowhere/' || hex(randomblob(16)), \(columns) FROM PhotoTable")
        }
        shotwell.close()

        let error = refusal { _ = try ShotwellLibrary(reading: shotwell.databaseURL, timeLimit: .zero) }

        XCTAssertEqual(error, .tooSlow(shotwell.databaseURL, limit: .zero))
    }

    func testFilesInHiddenFoldersAreLeftOutUnlessAskedFor() throws {
        let home = folder.url.appendingPathComponent("home")
        let secret = home.appendingPathComponent(".ssh/id_rsa.jpg")
        let thumbnail = home.appendingPathComponent(".cache/thumbnails/large/0a1b.jpg")
        let photo = home.appendingPathComponent("Pictures/2024/lake.jpg")
        for file in [secret, thumbnail, photo] {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: SamplePhotos.cameras[[secret, thumbnail, photo].firstIndex(of: file)!], to: file)
            try shotwell.addPhoto(file)
        }
        // A link to the hidden folder hides nothing.
        try FileManager.default.createSymbolicLink(at: home.appendingPathComponent("Pictures/keys"),
                                                   withDestinationURL: home.appendingPathComponent(".ssh"))
        let throughLink = home.appendingPathComponent("Pictures/keys/id_rsa.jpg")
        try shotwell.addPhoto(throughLink)
        shotwell.close()

        let library = try ShotwellLibrary(reading: shotwell.databaseURL)

        XCTAssertEqual(library.files, [photo])
        XCTAssertEqual(library.hidden, [FileName(url: secret), FileName(url: thumbnail), FileName(url: throughLink)])
        XCTAssertEqual(library.folders, [FileName(url: photo.deletingLastPathComponent())])
        XCTAssertEqual(ShotwellImportSummary(library).hidden, 3)
        let asked = try ShotwellLibrary(reading: shotwell.databaseURL, includingHidden: true)
        XCTAssertEqual(asked.files, [secret, thumbnail, photo, throughLink])
        XCTAssertEqual(asked.hidden, [])
    }

    func testOnlyRegularFilesAreImportedNeitherLinksNorPipes() throws {
        let link = try copy(SamplePhotos.cameras[0], as: "link.jpg")
        let pipe = try copy(SamplePhotos.cameras[1], as: "pipe.jpg")
        let photo = try copy(SamplePhotos.cameras[2], as: "photo.jpg")
        let linkID = try shotwell.addPhoto(link)
        let pipeID = try shotwell.addPhoto(pipe)
        try shotwell.addPhoto(photo)
        shotwell.close()
        // Swapped once Shotwell knew them: a link to a photo outside, and a named pipe.
        try FileManager.default.removeItem(at: link)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: SamplePhotos.cameras[0])
        try FileManager.default.removeItem(at: pipe)
        XCTAssertEqual(mkfifo(pipe.path, 0o600), 0)

        let (library, progress, summary) = try importShotwell()

        XCTAssertEqual(library.files, [photo])
        XCTAssertEqual(library.oddRows, [.notARegularFile(id: linkID, FileName(url: link)), .notARegularFile(id: pipeID, FileName(url: pipe))])
        XCTAssertEqual(progress.count, 1)
        XCTAssertEqual(summary.oddRows.count, 2)
    }

    func testAFileMadeALinkAfterTheReadingIsNotFollowedByTheImport() throws {
        let photo = try copy(SamplePhotos.cameras[0], as: "photo.jpg")
        try shotwell.addPhoto(photo)
        shotwell.close()
        let library = try ShotwellLibrary(reading: shotwell.databaseURL)
        XCTAssertEqual(library.files, [photo])
        // Swapped between the reading and the import, by whoever owns the folder.
        try FileManager.default.removeItem(at: photo)
        try FileManager.default.createSymbolicLink(at: photo, withDestinationURL: SamplePhotos.cameras[1])

        var progress: [BatchImport.Progress] = []
        try BatchImport(thumbnails: nil).run(library.files, label: nil, details: library.details, libraryDirectory: directory) {
            progress.append($0)
        }

        XCTAssertEqual(progress.count, 1)
        XCTAssertEqual(progress.first.map { try? $0.result.get() } ?? nil, nil, "the link was followed")
        guard case .failure(let error)? = progress.first?.result else { return }
        XCTAssertEqual(error.reason, .file(.notRegularFile))
    }

    func testTheFoldersShownAreWhereTheFilesAreOnceLinksAreFollowed() throws {
        let real = folder.url.appendingPathComponent("card/DCIM"), link = folder.url.appendingPathComponent("Pictures/trip")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        try FileManager.default.copyItem(at: SamplePhotos.cameras[0], to: real.appendingPathComponent("a.jpg"))
        try shotwell.addPhoto(link.appendingPathComponent("a.jpg"))
        shotwell.close()

        let library = try ShotwellLibrary(reading: shotwell.databaseURL)

        XCTAssertEqual(library.files, [link.appendingPathComponent("a.jpg")])
        XCTAssertEqual(library.folders.map(\.text), [real.resolvingSymlinksInPath().path])
    }

    func testAPathThroughDotDotIsJudgedByWhereItLeads() throws {
        let home = folder.url.appendingPathComponent("home")
        for (place, photo) in [("Pictures/2024", SamplePhotos.cameras[0]), (".ssh", SamplePhotos.cameras[1])] {
            try FileManager.default.createDirectory(at: home.appendingPathComponent(place), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: photo, to: home.appendingPathComponent("\(place)/x.jpg"))
        }
        // As a path given with "..", such as from a moved home or a script, is kept literally.
        let plain = URL(fileURLWithPath: home.path + "/Pictures/../Pictures/2024/x.jpg")
        let secret = URL(fileURLWithPath: home.path + "/Pictures/../.ssh/x.jpg")
        try shotwell.addPhoto(plain)
        try shotwell.addPhoto(secret)
        shotwell.close()

        let library = try ShotwellLibrary(reading: shotwell.databaseURL)

        XCTAssertEqual(library.files.map(\.path), [plain.path], "“..” was taken for a hidden folder")
        XCTAssertEqual(library.hidden, [FileName(url: secret)])
    }

    func testAFolderMadeALinkIntoAHiddenFolderAfterTheReadingIsLeftOutByTheImport() throws {
        let current = folder.url.appendingPathComponent("x/cur"), secret = folder.url.appendingPathComponent("x/.secret")
        for (place, photo) in [(current, SamplePhotos.cameras[0]), (secret, SamplePhotos.cameras[1])] {
            try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: photo, to: place.appendingPathComponent("x.jpg"))
        }
        try shotwell.addPhoto(current.appendingPathComponent("x.jpg"))
        shotwell.close()
        let library = try ShotwellLibrary(reading: shotwell.databaseURL)
        let asked = try ShotwellLibrary(reading: shotwell.databaseURL, includingHidden: true)
        XCTAssertEqual(library.hidden, [])
        // The folder, not the file, swapped between the reading and the import: O_NOFOLLOW does not see it.
        try FileManager.default.removeItem(at: current)
        try FileManager.default.createSymbolicLink(at: current, withDestinationURL: secret)

        var summary = ShotwellImportSummary(library)
        var progress: [BatchImport.Progress] = []
        try BatchImport(thumbnails: nil).run(library.files, label: nil, details: library.details, libraryDirectory: directory) {
            progress.append($0)
            summary.count($0)
        }

        XCTAssertEqual(progress.count, 1)
        guard case .failure(let error)? = progress.first?.result else { return XCTFail("the hidden folder's photo was imported") }
        guard case .inHiddenFolder(let place) = error.reason else { return XCTFail("\(error)") }
        XCTAssertTrue(place.text.hasSuffix("/x/.secret/x.jpg"), place.text)
        XCTAssertEqual([summary.hidden, summary.imports.failed, summary.imports.added], [1, 0, 0], "\(summary)")
        // Asked for, it is imported.
        try BatchImport(thumbnails: nil).run(asked.files, label: nil, details: asked.details, libraryDirectory: directory) {
            XCTAssertNotNil(try? $0.result.get())
        }
    }
}
