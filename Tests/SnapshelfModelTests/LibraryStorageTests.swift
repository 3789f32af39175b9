// The library as the keeper of photos: labels and copies kept exactly, the originals left alone,
// and bad files, and libraries it cannot open, refused without losing anything saved.
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class LibraryStorageTests: LibraryTestCase {
    /// Adds a photo the way the app does; returns the photo added.
    @discardableResult
    private func add(_ url: URL, label: String, to library: Library) throws -> Photo {
        try library.add(try candidate(url), label: try Label(label)).photo
    }

    func testLabelsRoundTripExactlyIncludingUnicodeAndMarkup() throws {
        let labels = ["", "<b>x</b>", "Fête à Zürich 🌅 日本", "&amp; <i>", "  spaced  ", "👩‍👩‍👧 e\u{301}"]
        do {
            let library = try Library(directory: directory)
            for (index, label) in labels.enumerated() {
                try add(SamplePhotos.cameras[index], label: label, to: library)
            }
        }
        XCTAssertEqual(try Library(directory: directory).photos().map(\.label), labels)
    }

    func testTheLibraryKeepsItsOwnCopyAndNeverTouchesTheOriginal() throws {
        let originals = TemporaryDirectory()
        let original = originals.file(named: "photo.jpg", containing: try Data(contentsOf: SamplePhotos.cameras[0]))
        let before = FileSnapshot(of: originals.url)
        let modified = try FileManager.default.attributesOfItem(atPath: original.path)[.modificationDate] as? Date

        let photo = try add(original, label: "copy", to: try Library(directory: directory))

        XCTAssertEqual(FileSnapshot(of: originals.url), before)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: original.path)[.modificationDate] as? Date, modified)
        XCTAssertTrue(photo.fileURL.path.hasPrefix(directory.path), "\(photo.fileURL.path) is outside the library")
        XCTAssertEqual(try Data(contentsOf: photo.fileURL), try Data(contentsOf: original))
        try FileManager.default.removeItem(at: original)
        XCTAssertEqual(try Library(directory: directory).photos().first?.fileURL, photo.fileURL)
        XCTAssertTrue(FileManager.default.fileExists(atPath: photo.fileURL.path))
    }

    func testBadFilesAreRefusedWithTheirReasonAndNothingSavedIsLost() throws {
        let kept = try add(SamplePhotos.cameras[0], label: "kept", to: try Library(directory: directory))
        let photosFolder = kept.fileURL.deletingLastPathComponent()
        let before = FileSnapshot(of: photosFolder)

        let scratch = TemporaryDirectory()
        let sample = try Data(contentsOf: SamplePhotos.cameras[1])
        let cases: [(URL, DecodingFailure.Reason)] = [
            (scratch.file(named: "notes.jpg", containing: Data("not a photo".utf8)), .notAnImage),
            (scratch.file(named: "empty.jpg", containing: Data()), .empty),
            (scratch.url.appendingPathComponent("missing.jpg"), .missing),
            (scratch.url, .isDirectory),
            (scratch.file(named: "cut.jpg", containing: sample.prefix(120)),
             .cutOff),
        ]
        for (url, reason) in cases {
            XCTAssertThrowsError(try candidate(url), url.lastPathComponent) { error in
                let importError = error as? ImportError
                XCTAssertEqual(importError?.reason, .file(reason), url.lastPathComponent)
                XCTAssertEqual(importError?.path, url.path)
                XCTAssertEqual(importError?.fileName, url.lastPathComponent)
            }
        }

        XCTAssertEqual(FileSnapshot(of: photosFolder), before)
        XCTAssertEqual(try Library(directory: directory).photos(), [kept])
    }

    func testALibraryFromANewerSnapshelfIsRefusedWithoutChangingIt() throws {
        do { _ = try Library(directory: directory) }
        try LibraryFixture.setSchemaVersion(99, of: directory.appendingPathComponent("library.sqlite3"))
        XCTAssertThrowsError(try Library(directory: directory)) { error in
            let database = directory.appendingPathComponent("library.sqlite3")
            guard case .database(.newerVersion(found: 99, _), during: .openingDatabase(database))? = error as? LibraryError else {
                return XCTFail("\(error)")
            }
        }
        XCTAssertEqual(try LibraryFixture.schemaVersion(of: directory.appendingPathComponent("library.sqlite3")), 99)
    }

    func testALibraryThatCannotBeOpenedSaysWhereAndWhyAndIsLeftAlone() throws {
        let blocked = folder.file(named: "not-a-folder", containing: Data("x".utf8))
        XCTAssertThrowsError(try Library(directory: blocked)) { error in
            XCTAssertEqual(error as? LibraryError, .fileGivenAsLibrary(blocked))
        }

        let damaged = folder.url.appendingPathComponent("damaged")
        try FileManager.default.createDirectory(at: damaged, withIntermediateDirectories: true)
        let database = damaged.appendingPathComponent("library.sqlite3")
        try Data("this is not SQLite".utf8).write(to: database)
        XCTAssertThrowsError(try Library(directory: damaged)) { error in
            // Refused where this computer's token is looked for, before anything else reads it.
            guard case .database(.damaged, during: .openingDatabase(database))? = error as? LibraryError else { return XCTFail("\(error)") }
            XCTAssertTrue((error as? LibraryError)?.isMendedByRebuild == true)
        }
        XCTAssertEqual(try Data(contentsOf: database), Data("this is not SQLite".utf8))
    }
}
