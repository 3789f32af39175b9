// PhotoStore sorted and filtered: each order is right, a view that follows the reported changes
// ends up exactly as the library says, and removals can be undone to the same place.
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class PhotoStoreViewTests: LibraryTestCase {
    func testEachOrderIsRight() throws {
        let library = try Library(directory: directory)
        // Taken (EXIF): Canon 2008-05-30, Nikon 2008-03-15, Pentax 2008-05-04, Kodak 2005-08-13.
        let labels = ["b", "Ápple", "", "c"]
        var ids: [Int64] = []
        for (label, url) in zip(labels, SamplePhotos.cameras.prefix(4)) {
            guard case .added(let photo) = try library.add(try candidate(url), label: try Label(label))
            else { return XCTFail("not added") }
            ids.append(photo.id)
        }
        let store = try PhotoStore(library: library)
        let expected: [PhotoOrder: [Int64]] = [
            .addedOldestFirst: ids,
            .addedNewestFirst: ids.reversed(),
            .labelAToZ: [ids[1], ids[0], ids[3], ids[2]],
            .takenNewestFirst: [ids[0], ids[2], ids[1], ids[3]],
            .takenOldestFirst: [ids[3], ids[1], ids[2], ids[0]],
        ]
        for order in PhotoOrder.allCases {
            try store.show(order: order)
            XCTAssertEqual((0..<store.count).map { store.photo(at: $0)!.id }, expected[order], "\(order)")
            XCTAssertEqual(try library.photoIDs(in: order), expected[order], "\(order)")
            XCTAssertEqual(store.position(ofPhotoWithID: ids[3]), expected[order]?.firstIndex(of: ids[3]), "\(order)")
        }
        try store.show(order: .labelAToZ, filter: "APPLE")
        XCTAssertEqual(store.count, 1)
        XCTAssertEqual(store.photo(at: 0)?.label, "Ápple")
        XCTAssertNil(store.position(ofPhotoWithID: ids[0]), "a photo the filter hides has no position")
    }

    func testEveryViewFollowsAnotherConnectionsChangesExactly() throws {
        let scratch = TemporaryDirectory()
        let files = try (0..<160).map { index in
            scratch.file(named: "\(index).jpg",
                         containing: try Data(contentsOf: SamplePhotos.cameras[index % 8]) + Data("\(index)".utf8))
        }
        let words = ["lake", "hill", "old river", "Lake"]
        let writer = try Library(directory: directory)
        for (index, file) in files.prefix(140).enumerated() {
            _ = try writer.add(try candidate(file), label: try Label("\(words[index % 4]) \(300 - index)"))
        }
        let views: [(PhotoOrder, String)] = [
            (.addedNewestFirst, ""), (.labelAToZ, ""), (.takenNewestFirst, ""), (.addedOldestFirst, "lake"),
            (.addedNewestFirst, "river"), (.labelAToZ, "ak"),
        ]
        for (order, filter) in views {
            let store = try PhotoStore(directory: directory)
            try store.show(order: order, filter: filter)
            // What the store shows, kept up to date only through its change reports.
            let shown = StoreFollower(store)
            let before = try writer.photoIDs()
            let removal = try writer.remove(photosWithIDs: [before[3], before[70], before[71]])
            _ = try writer.remove(photoWithID: before[100])
            try writer.relabel(photoWithID: before[10], as: try Label("a lake at last"))
            try writer.relabel(photoWithID: before[20], as: try Label("zz hill"))
            try store.refreshIfChanged()
            try writer.undo(removal)
            for file in files[140...] where files.firstIndex(of: file)! % 7 == 0 {
                _ = try writer.add(try candidate(file), label: try Label("new lake \(file.lastPathComponent)"))
            }
            try store.refreshIfChanged()

            let expected = try writer.photoIDs(in: order, matching: filter.isEmpty ? nil : filter)
            XCTAssertEqual(shown.ids, expected, "\(order) \(filter)")
            XCTAssertEqual((0..<store.count).compactMap { store.photo(at: $0)?.id }, expected, "\(order) \(filter)")
            XCTAssertEqual(store.position(ofPhotoWithID: expected[expected.count / 2]), expected.count / 2)
            // Back to the start for the next view: the relabelled photos get their labels back.
            try writer.relabel(photoWithID: before[10], as: try Label("\(words[10 % 4]) \(300 - 10)"))
            try writer.relabel(photoWithID: before[20], as: try Label("\(words[20 % 4]) \(300 - 20)"))
        }
    }

    func testARemovalUndoneRestoresTheSamePhotosInTheirPlaces() throws {
        let library = try Library(directory: directory)
        for (index, url) in SamplePhotos.cameras.prefix(5).enumerated() {
            _ = try library.add(try candidate(url), label: try Label("photo \(index)"))
        }
        let before = try library.photos()
        let removal = try library.remove(photosWithIDs: [before[1].id, before[3].id, 9999])
        XCTAssertEqual(removal.photos, [before[1], before[3]])
        XCTAssertEqual(try library.photos(), [before[0], before[2], before[4]])
        XCTAssertTrue(FileManager.default.fileExists(atPath: before[1].fileURL.path), "kept for the undo")
        XCTAssertEqual(try library.check(), [], "a file waiting for an undo is not an orphan")

        try library.undo(removal)
        XCTAssertEqual(try library.photos(), before)
        XCTAssertEqual(try library.search("photo 3"), [before[3]])

        let final = try library.remove(photosWithIDs: [before[1].id])
        XCTAssertEqual(try library.complete(final), [], "the Trash took every file")
        XCTAssertFalse(FileManager.default.fileExists(atPath: before[1].fileURL.path), "moved to the Trash")
        XCTAssertEqual(try library.check(), [])
        // A removal a crash interrupted is finished by the next process that opens the library alone.
        let interrupted = try library.remove(photosWithIDs: [before[2].id])
        XCTAssertEqual(interrupted.photos, [before[2]])
        let reopened = try Library(directory: directory)
        XCTAssertTrue(FileManager.default.fileExists(atPath: before[2].fileURL.path), "not alone: left in place")
        _ = reopened
    }

    func testTheDateTakenComesFromExifElseFromTheFile() throws {
        var components = DateComponents(year: 2008, month: 5, day: 30, hour: 15, minute: 56, second: 1)
        components.timeZone = .current
        let canon = try candidate(SamplePhotos.jpeg("Canon_40D.jpg"))
        XCTAssertEqual(canon.taken.instant, Calendar(identifier: .gregorian).date(from: components))

        let scratch = TemporaryDirectory()
        let plain = scratch.file(named: "plain.png", containing: GeneratedImages.png(width: 8, height: 8))
        let date = Date(timeIntervalSince1970: 1_500_000_000)
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: plain.path)
        XCTAssertEqual(try candidate(plain).taken.instant.timeIntervalSince1970, date.timeIntervalSince1970, accuracy: 0.001)

        let library = try Library(directory: directory)
        guard case .added(let photo) = try library.add(canon, label: try Label("x")) else { return XCTFail("not added") }
        XCTAssertEqual(try library.photo(withID: photo.id)?.taken, canon.taken)
    }
}
