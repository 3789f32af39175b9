// PhotoStore against a real SQLite file in a temporary folder and the shared sample photos.
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class PhotoStoreTests: XCTestCase {
    private var library: TemporaryDirectory!

    override func setUp() {
        library = TemporaryDirectory()
    }

    override func tearDown() {
        library = nil
    }

    private func openStore() throws -> PhotoStore {
        try PhotoStore(directory: library.url.appendingPathComponent("library"))
    }

    private func candidate(_ url: URL) throws -> PhotoCandidate {
        try PhotoCandidate(inspecting: url, previewSize: 64)
    }

    /// Adds a photo the way the app does, through the store's library, then brings the store up to
    /// date; returns where the store shows it.
    @discardableResult
    private func add(_ url: URL, label: String, to store: PhotoStore) throws -> Int? {
        let outcome = try store.library.add(try candidate(url), label: try Label(label))
        try store.refresh()
        return store.position(ofPhotoWithID: outcome.photo.id)
    }

    func testSavedPhotosComeBackInOrderWithTheirLabelsAfterReopening() throws {
        let labels = ["First", "Second", "Third"]
        var saved: [Photo] = []
        do {
            let store = try openStore()
            for (label, url) in zip(labels, SamplePhotos.cameras) {
                saved.append(store.photo(at: try XCTUnwrap(add(url, label: label, to: store)))!)
            }
        }
        let reopened = try openStore()
        XCTAssertEqual(reopened.count, 3)
        XCTAssertEqual((0..<reopened.count).map { reopened.photo(at: $0)! }, saved)
        XCTAssertEqual((0..<reopened.count).map { reopened.photo(at: $0)!.label }, labels)
        XCTAssertEqual((0..<reopened.count).map { reopened.photo(at: $0)!.originalName },
                       SamplePhotos.cameras.prefix(3).map(\.lastPathComponent))
    }

    func testAddingAppendsAndReportsExactlyOneInsertion() throws {
        let store = try openStore()
        let follower = StoreFollower(store)
        XCTAssertEqual(try add(SamplePhotos.cameras[0], label: "a", to: store), 0)
        XCTAssertEqual(try add(SamplePhotos.cameras[1], label: "b", to: store), 1)
        XCTAssertEqual(follower.reported, [[0, 0, 1], [1, 0, 1]])
        XCTAssertEqual(store.position(ofPhotoWithID: store.photo(at: 1)!.id), 1)
    }

    func testLabelsRoundTripExactlyIncludingUnicodeAndMarkup() throws {
        let labels = ["", "<b>x</b>", "Fête à Zürich 🌅 日本", "&amp; <i>", "  spaced  ", "👩‍👩‍👧 e\u{301}"]
        do {
            let store = try openStore()
            for (index, label) in labels.enumerated() {
                try add(SamplePhotos.cameras[index], label: label, to: store)
            }
        }
        let reopened = try openStore()
        XCTAssertEqual((0..<reopened.count).map { reopened.photo(at: $0)!.label }, labels)
    }

    func testTheLibraryKeepsItsOwnCopyAndNeverTouchesTheOriginal() throws {
        let originals = TemporaryDirectory()
        let original = originals.file(named: "photo.jpg", containing: try Data(contentsOf: SamplePhotos.cameras[0]))
        let before = FileSnapshot(of: originals.url)
        let modified = try FileManager.default.attributesOfItem(atPath: original.path)[.modificationDate] as? Date

        let store = try openStore()
        let photo = store.photo(at: try XCTUnwrap(add(original, label: "copy", to: store)))!

        XCTAssertEqual(FileSnapshot(of: originals.url), before)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: original.path)[.modificationDate] as? Date, modified)
        XCTAssertTrue(photo.fileURL.path.hasPrefix(library.url.path), "\(photo.fileURL.path) is outside the library")
        XCTAssertEqual(try Data(contentsOf: photo.fileURL), try Data(contentsOf: original))
        try FileManager.default.removeItem(at: original)
        XCTAssertEqual(try openStore().photo(at: 0)!.fileURL, photo.fileURL)
        XCTAssertTrue(FileManager.default.fileExists(atPath: photo.fileURL.path))
    }

    func testBadFilesAreRefusedWithTheirReasonAndNothingSavedIsLost() throws {
        let store = try openStore()
        let kept = store.photo(at: try XCTUnwrap(add(SamplePhotos.cameras[0], label: "kept", to: store)))!
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
        let reopened = try openStore()
        XCTAssertEqual(reopened.count, 1)
        XCTAssertEqual(reopened.photo(at: 0)!, kept)
    }

    func testALibraryFromANewerSnapshelfIsRefusedWithoutChangingIt() throws {
        let directory = library.url.appendingPathComponent("library")
        do { _ = try PhotoStore(directory: directory) }
        try LibraryFixture.setSchemaVersion(99, of: directory.appendingPathComponent("library.sqlite3"))
        XCTAssertThrowsError(try PhotoStore(directory: directory)) { error in
            let database = directory.appendingPathComponent("library.sqlite3")
            guard case .database(.newerVersion(found: 99, _), during: .openingDatabase(database))? = error as? LibraryError else {
                return XCTFail("\(error)")
            }
        }
        XCTAssertEqual(try LibraryFixture.schemaVersion(of: directory.appendingPathComponent("library.sqlite3")), 99)
    }

    func testALibraryThatCannotBeOpenedSaysWhereAndWhyAndIsLeftAlone() throws {
        let blocked = library.file(named: "not-a-folder", containing: Data("x".utf8))
        XCTAssertThrowsError(try PhotoStore(directory: blocked)) { error in
            XCTAssertEqual(error as? LibraryError, .fileGivenAsLibrary(blocked))
        }

        let damaged = library.url.appendingPathComponent("damaged")
        try FileManager.default.createDirectory(at: damaged, withIntermediateDirectories: true)
        let database = damaged.appendingPathComponent("library.sqlite3")
        try Data("this is not SQLite".utf8).write(to: database)
        XCTAssertThrowsError(try PhotoStore(directory: damaged)) { error in
            guard case .database(.damaged, during: .configuringDatabase(database))? = error as? LibraryError else { return XCTFail("\(error)") }
            XCTAssertTrue((error as? LibraryError)?.isMendedByRebuild == true)
        }
        XCTAssertEqual(try Data(contentsOf: database), Data("this is not SQLite".utf8))
    }
}
