// PhotoStore following the library: changes made through another connection reach it as exact
// ranges, a view that applies them ends up in the library's order, and paging keeps it exact.
import CSQLite
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import Synchronization
import XCTest

final class PhotoStoreChangeTests: LibraryTestCase {
    func testAnotherConnectionsChangesReachTheStoreAsExactChanges() throws {
        let store = try PhotoStore(directory: directory)
        let follower = StoreFollower(store)
        let other = try Library(directory: directory)
        for url in SamplePhotos.cameras.prefix(3) {
            _ = try other.add(try candidate(url), label: try Label(url.lastPathComponent))
        }
        try store.refreshIfChanged()
        XCTAssertEqual(follower.reported, [[0, 0, 3]], "neighbouring arrivals are one change")

        follower.forget()
        let middle = store.photo(at: 1)!
        try other.relabel(photoWithID: middle.id, as: try Label("renamed"))
        _ = try other.remove(photoWithID: store.photo(at: 0)!.id)
        try store.refreshIfChanged()
        XCTAssertEqual(follower.reported, [[0, 1, 0], [0, 1, 1]])
        XCTAssertEqual(store.count, 2)
        XCTAssertEqual(store.photo(at: 0)!.label, "renamed")

        follower.forget()
        try store.refreshIfChanged()
        XCTAssertEqual(follower.reported, [], "nothing changed, so nothing is reported")
    }

    func testAViewFollowingTheReportedChangesEndsUpWithTheLibrarysOrder() throws {
        let store = try PhotoStore(directory: directory)
        // What a list view holds: it sees only the reported changes and reads the new items then.
        let view = StoreFollower(store)
        let other = try Library(directory: directory)
        let scratch = TemporaryDirectory()
        var generator = SystemRandomNumberGenerator()
        var made = 0
        for _ in 0..<12 {
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                let data = try Data(contentsOf: SamplePhotos.cameras[made % SamplePhotos.cameras.count]) + Data("\(made)".utf8)
                _ = try other.add(try candidate(scratch.file(named: "\(made).jpg", containing: data)), label: try Label("\(made)"))
                made += 1
            }
            for photo in try other.photos() {
                switch Int.random(in: 0..<6, using: &generator) {
                case 0: _ = try other.remove(photoWithID: photo.id)
                case 1: try other.relabel(photoWithID: photo.id, as: try Label("relabelled \(photo.id)"))
                default: break
                }
            }
            try store.refreshIfChanged()
            let expected = try other.photos()
            XCTAssertEqual((0..<store.count).map { store.photo(at: $0)! }, expected)
            XCTAssertEqual(view.ids, expected.map(\.id))
        }
    }

    func testTheStoreStaysExactAcrossPages() throws {
        let scratch = TemporaryDirectory()
        let files = try (0..<300).map { index in
            scratch.file(named: "\(index).jpg", containing: try Data(contentsOf: SamplePhotos.cameras[index % 8]) + Data("\(index)".utf8))
        }
        try BatchImport(thumbnails: nil).run(Array(files[0..<280]), label: try Label("first"), libraryDirectory: directory) { _ in }
        let store = try PhotoStore(directory: directory)
        XCTAssertEqual(store.count, 280)
        let follower = StoreFollower(store)
        let view = follower.ids
        let other = try Library(directory: directory)
        for position in [5, 130, 131, 200, 279] {
            _ = try other.remove(photoWithID: view[position])
        }
        try other.relabel(photoWithID: view[260], as: try Label("changed"))
        let later = try Label("later")
        BatchImport(thumbnails: nil).run(Array(files[280...]), label: later, into: other) { _ in }
        try store.refreshIfChanged()
        let expected = try other.photos()
        XCTAssertEqual(follower.ids, expected.map(\.id))
        XCTAssertEqual((0..<store.count).map { store.photo(at: $0)! }, expected)
        XCTAssertEqual(store.position(ofPhotoWithID: expected[250].id), 250)
    }

    func testAViewSeesTheStoresCountAfterEveryRefreshWhileAnotherThreadWrites() throws {
        let store = try PhotoStore(directory: directory)
        // What GtkGridView needs: after each report, as many items as the store says it has, and
        // a photo at each position below that count.
        var viewCount = store.count
        var missing: [Int] = []
        let subscription = store.observe { change in
            viewCount += change.added - change.removed
            missing += (change.position..<change.position + change.added).filter { store.photo(at: $0) == nil }
        }
        let database = directory.appendingPathComponent("library.sqlite3").path
        let failure = Mutex<String?>(nil)
        // Rows come and go as fast as SQLite commits them, as a batch import's duplicates do, so
        // commits land between any two of the store's reads. Rows alone: the store reads rows.
        let writer = Thread {
            var handle: OpaquePointer?
            guard sqlite3_open(database, &handle) == SQLITE_OK, let handle else { return failure.withLock { $0 = "cannot open" } }
            defer { sqlite3_close(handle) }
            sqlite3_busy_timeout(handle, 10_000)
            for index in 0..<900 {
                let sql = index % 3 == 2 ? "DELETE FROM photos WHERE id = (SELECT min(id) FROM photos)"
                    : "INSERT INTO photos (label, label_key, file_name, original_name, added_ms, width, height, sha256) " +
                      "VALUES ('busy', 'busy', '\(index).jpg', '\(index).jpg', 0, 1, 1, 'hash \(index)')"
                guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
                    return failure.withLock { $0 = String(cString: sqlite3_errmsg(handle)) }
                }
            }
        }
        writer.start()
        var mismatches = 0
        while !writer.isFinished {
            try store.refreshIfChanged()
            if viewCount != store.count { mismatches += 1; viewCount = store.count }
        }
        try store.refreshIfChanged()
        XCTAssertNil(failure.withLock { $0 })
        XCTAssertEqual(mismatches, 0, "the store's count held photos no report announced")
        XCTAssertEqual(missing, [], "a reported position had no photo")
        XCTAssertEqual((0..<store.count).map { store.photo(at: $0)?.id }, try store.library.photoIDs())
        withExtendedLifetime(subscription) {}
    }
}
