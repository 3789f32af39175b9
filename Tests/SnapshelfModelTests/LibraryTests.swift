// The library engine on real SQLite files and photo folders: duplicates, several connections,
// search, relabelling, removal to the Trash, crash leftovers and the integrity check.
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class LibraryTests: LibraryTestCase {
    /// The copies in the photo folder, without the incoming folder and the sidecars.
    private func photoFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("photos").path)
            .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".xmp") }.sorted()
    }

    func testTheSameContentIsReportedAsADuplicateAndNotCopiedAgain() throws {
        let library = try Library(directory: directory)
        guard case .added(let first) = try library.add(try candidate(SamplePhotos.cameras[0]), label: try Label("first"))
        else { return XCTFail("the first import was not added") }
        let copy = folder.file(named: "renamed copy.jpg", containing: try Data(contentsOf: SamplePhotos.cameras[0]))
        XCTAssertEqual(try library.add(try candidate(copy), label: try Label("second")), .duplicate(of: first))
        XCTAssertEqual(try library.photos(), [first])
        XCTAssertEqual(try photoFiles().count, 1)
    }

    func testSearchIgnoresCaseAndAccents() throws {
        let library = try Library(directory: directory)
        let labels = ["Café in Zürich", "ZURICH lake", "Paris", "naïve art"]
        for (label, url) in zip(labels, SamplePhotos.cameras) {
            _ = try library.add(try candidate(url), label: try Label(label))
        }
        XCTAssertEqual(try library.search("zurich").map(\.label), ["Café in Zürich", "ZURICH lake"])
        XCTAssertEqual(try library.search("CAFE").map(\.label), ["Café in Zürich"])
        XCTAssertEqual(try library.search("naive").map(\.label), ["naïve art"])
        XCTAssertEqual(try library.search("berlin"), [])
    }

    func testAnOriginalThatChangesBeforeTheSaveIsRefusedAndNothingIsSaved() throws {
        let original = folder.file(named: "changing.jpg", containing: try Data(contentsOf: SamplePhotos.cameras[0]))
        let inspected = try candidate(original)
        try Data(contentsOf: SamplePhotos.cameras[1]).write(to: original)

        let library = try Library(directory: directory)
        XCTAssertThrowsError(try library.add(inspected, label: try Label("as chosen"))) { error in
            XCTAssertEqual((error as? ImportError)?.reason, .changedDuringImport)
        }
        XCTAssertEqual(try library.photos(), [])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("photos").path),
                       [".incoming"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(
            atPath: directory.appendingPathComponent("photos/.incoming").path), [], "no temporary copy is left behind")
        XCTAssertEqual(try library.check(), [])
    }

    func testSearchFollowsRelabellingAndRemovalForShortAndQuotedText() throws {
        let library = try Library(directory: directory)
        var ids: [Int64] = []
        for (label, url) in zip(["He said \"hi\" there", "Café in Zürich", "ab"], SamplePhotos.cameras) {
            guard case .added(let photo) = try library.add(try candidate(url), label: try Label(label))
            else { return XCTFail("not added") }
            ids.append(photo.id)
        }
        // Under three characters there is no trigram to look up, so those take the other path.
        XCTAssertEqual(try library.photoIDs(matching: "Ü"), [ids[1]])
        XCTAssertEqual(try library.photoIDs(matching: "b"), [ids[2]])
        XCTAssertEqual(try library.photoIDs(matching: "\"hi\""), [ids[0]])
        XCTAssertEqual(try library.photoIDs(matching: "id \"h"), [ids[0]])
        // Each word is looked for on its own, anywhere in the label.
        XCTAssertEqual(try library.photoIDs(matching: "e i"), [ids[0], ids[1]])
        XCTAssertEqual(try library.photoIDs(matching: "zurich  CAFÉ"), [ids[1]])

        try library.relabel(photoWithID: ids[1], as: try Label("Lake Geneva"))
        XCTAssertEqual(try library.photoIDs(matching: "cafe"), [])
        XCTAssertEqual(try library.search("geneva").map(\.id), [ids[1]])
        _ = try library.remove(photoWithID: ids[1])
        XCTAssertEqual(try library.photoIDs(matching: "geneva"), [])
        XCTAssertEqual(try library.check(), [])
    }

    func testSeveralPhotosTakeOneLabelAtOnce() throws {
        let library = try Library(directory: directory)
        for (index, url) in SamplePhotos.cameras.prefix(3).enumerated() {
            _ = try library.add(try candidate(url), label: try Label("photo \(index)"))
        }
        let ids = try library.photos().map(\.id)
        XCTAssertEqual(try library.relabel(photosWithIDs: [ids[0], ids[2], 9999], as: try Label("Harbour")).count, 2)
        XCTAssertEqual(try library.photos().map(\.label), ["Harbour", "photo 1", "Harbour"])
        XCTAssertEqual(try library.photoIDs(matching: "harb"), [ids[0], ids[2]])
    }

    func testOpeningALibraryThatIsUpToDateWritesNothing() throws {
        let first = try Library(directory: directory)
        _ = try first.add(try candidate(SamplePhotos.cameras[0]), label: try Label("kept"))
        let before = try first.changeCounter()
        let second = try Library(directory: directory)
        XCTAssertEqual(try second.photoCount(), 1)
        XCTAssertEqual(try first.changeCounter(), before, "opening the library again committed a change")
    }

    func testALibraryFromBeforeTheSearchIndexAndDatesTakenIsUpgradedWhenOpened() throws {
        do {
            let library = try Library(directory: directory)
            _ = try library.add(try candidate(SamplePhotos.cameras[0]), label: try Label("Harbour at dusk"))
        }
        let database = directory.appendingPathComponent("library.sqlite3")
        try LibraryFixture.execute(
            """
            DROP TRIGGER label_index_inserted; DROP TRIGGER label_index_updated; DROP TRIGGER label_index_deleted;
            DROP TABLE label_index; ALTER TABLE photos DROP COLUMN taken_ms;
            DROP TRIGGER sidecar_on_insert; DROP TRIGGER sidecar_on_update; DROP TABLE pending_sidecars;
            ALTER TABLE photos DROP COLUMN rotation; ALTER TABLE photos DROP COLUMN camera; ALTER TABLE photos DROP COLUMN original_bytes;
            PRAGMA user_version = 2;
            """, in: database)
        let reopened = try Library(directory: directory)
        XCTAssertEqual(try reopened.search("harbour").map(\.label), ["Harbour at dusk"])
        XCTAssertEqual(try reopened.search("CANON_40").map(\.label), ["Harbour at dusk"], "the names were not indexed")
        XCTAssertEqual(try LibraryFixture.schemaVersion(of: database), 13)
    }

    func testCheckReportsADamagedSearchIndex() throws {
        let library = try Library(directory: directory)
        _ = try library.add(try candidate(SamplePhotos.cameras[0]), label: try Label("Harbour at dusk"))
        try LibraryFixture.execute("DELETE FROM label_index_data WHERE id > 10",
                                   in: directory.appendingPathComponent("library.sqlite3"))
        let problems = try library.check()
        XCTAssertEqual(problems.count, 1)
        guard case .labelIndexMismatch(.database(.damaged, during: .checkingLabelIndex))? = problems.first else { return XCTFail("\(problems)") }
    }

    func testRemovingMovesTheCopyToTheTrashAndLeavesTheOriginal() throws {
        let library = try Library(directory: directory)
        guard case .added(let photo) = try library.add(try candidate(SamplePhotos.cameras[0]), label: try Label("x"))
        else { return XCTFail("not added") }
        XCTAssertEqual(try library.remove(photoWithID: photo.id), photo)
        XCTAssertFalse(FileManager.default.fileExists(atPath: photo.fileURL.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: SamplePhotos.cameras[0].path))
        XCTAssertEqual(try library.photos(), [])
        XCTAssertNil(try library.remove(photoWithID: photo.id))
        XCTAssertEqual(try library.check(), [])
    }

    func testCrashLeftoversAreSweptOnlyWhenNoOtherConnectionIsOpen() throws {
        var kept: Photo?
        do {
            let library = try Library(directory: directory)
            if case .added(let photo) = try library.add(try candidate(SamplePhotos.cameras[0]), label: try Label("kept")) {
                kept = photo
            }
        }
        let photos = directory.appendingPathComponent("photos")
        let database = directory.appendingPathComponent("library.sqlite3")
        // What a kill leaves at each step of an import: a half-written copy, and a copy renamed into
        // place whose row was never committed (recorded as pending just before the rename).
        let halfWritten = photos.appendingPathComponent(".incoming/interrupted.tmp")
        let placed = String(repeating: "ab", count: 32) + ".jpeg"
        do {
            // Held open while the leftovers appear, as by a process still importing.
            let other = try Library(directory: directory)
            try Data("half".utf8).write(to: halfWritten)
            try Data(contentsOf: SamplePhotos.cameras[1]).write(to: photos.appendingPathComponent(placed))
            try LibraryFixture.execute("INSERT INTO pending_files (file_name) VALUES ('\(placed)')", in: database)
            let second = try Library(directory: directory)
            XCTAssertTrue(FileManager.default.fileExists(atPath: halfWritten.path),
                          "another connection is open, so the copy may be its import in progress")
            XCTAssertEqual(try second.check(), [], "a file recorded as in progress is not an orphan while others work")
            _ = other
        }

        let alone = try Library(directory: directory)
        XCTAssertFalse(FileManager.default.fileExists(atPath: halfWritten.path))
        XCTAssertEqual(try photoFiles(), [try XCTUnwrap(kept).fileURL.lastPathComponent], "the placed copy went to the Trash")
        XCTAssertEqual(try alone.check(), [])
        XCTAssertEqual(try alone.photos(), [try XCTUnwrap(kept)])
    }

    func testTheCheckReportsMissingAndChangedFiles() throws {
        let library = try Library(directory: directory)
        var added: [Photo] = []
        for url in SamplePhotos.cameras.prefix(2) {
            if case .added(let photo) = try library.add(try candidate(url), label: try Label("")) {
                added.append(photo)
            }
        }
        XCTAssertEqual(try library.check(), [])
        try FileManager.default.removeItem(at: added[0].fileURL)
        try Data("tampered".utf8).write(to: added[1].fileURL)
        XCTAssertEqual(try library.check(), [
            .missingFile(photoID: added[0].id, file: added[0].fileURL, original: "Canon_40D.jpg"),
            .changedFile(photoID: added[1].id, file: added[1].fileURL, original: "Nikon_D70.jpg"),
        ])
    }

    func testABatchImportStopsCleanlyWhenCancelled() throws {
        let batch = BatchImport()
        var seen: [Int] = []
        try batch.run(SamplePhotos.cameras, label: try Label("batch"), libraryDirectory: directory) { progress in
            seen.append(progress.completed)
            XCTAssertEqual(progress.total, SamplePhotos.cameras.count)
            if progress.completed == 3 { batch.cancel() }
        }
        XCTAssertEqual(seen, [1, 2, 3])
        let library = try Library(directory: directory)
        XCTAssertEqual(try library.photos().map(\.label), ["batch", "batch", "batch"])
        XCTAssertEqual(try library.check(), [])
    }

    func testFoldersAreWalkedInNameOrderSkippingHiddenEntriesAndFolderLinks() throws {
        let tree = folder.url.appendingPathComponent("tree")
        try FileManager.default.createDirectory(at: tree.appendingPathComponent("b/.hidden"), withIntermediateDirectories: true)
        let jpeg = try Data(contentsOf: SamplePhotos.cameras[0])
        for path in ["b/2.jpg", "a.jpg", "b/.hidden/x.jpg", ".secret.jpg"] {
            try jpeg.write(to: tree.appendingPathComponent(path))
        }
        try Data("notes".utf8).write(to: tree.appendingPathComponent("b/notes.txt"))
        try FileManager.default.createSymbolicLink(at: tree.appendingPathComponent("c-link"), withDestinationURL: tree)
        let collection = FileCollector.collect([tree], recursive: true)
        XCTAssertEqual(collection.files.map { String($0.path.dropFirst(tree.path.count)) }, ["/a.jpg", "/b/2.jpg"])
        XCTAssertEqual(collection.skipped.map { String($0.path.dropFirst(tree.path.count)) }, ["/b/notes.txt"])
        XCTAssertEqual(FileCollector.collect([tree], recursive: false).problems.map(\.reason), [.file(.isDirectory)])
    }
}
