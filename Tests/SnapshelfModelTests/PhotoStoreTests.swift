// PhotoStore against a real SQLite file in a temporary folder and the shared sample photos.
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class PhotoStoreTests: XCTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try SamplePhotos.requirePresent()
    }

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
}
