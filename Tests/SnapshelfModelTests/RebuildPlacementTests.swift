// Where a rebuild puts what the folder holds when copies or sidecars disagree: one photo per
// content, kept with the sidecar that has a label, and an ID to each photo that no other holds,
// whatever the order of the names.
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class RebuildPlacementTests: LibraryTestCase {
    private var photoFolder: URL { directory.appendingPathComponent("photos") }

    /// A second name for a photo's copy, with its content and a copy of its sidecar whose label
    /// is `label`.
    private func secondCopy(of photo: Photo, extension suffix: String, label: String) throws -> URL {
        let hash = photo.fileURL.lastPathComponent.prefix { $0 != "." }
        let copy = photoFolder.appendingPathComponent(hash + "." + suffix)
        try FileManager.default.copyItem(at: photo.fileURL, to: copy)
        let sidecar = photo.fileURL.appendingPathExtension("xmp")
        let text = try String(contentsOf: sidecar, encoding: .utf8).replacingOccurrences(of: photo.label, with: label)
        try text.write(to: copy.appendingPathExtension("xmp"), atomically: false, encoding: .utf8)
        return copy
    }

    /// The photos imported with these labels, the library closed again, as a rebuild needs.
    private func imported(_ labels: [String]) throws -> [Photo] {
        let library = try Library(directory: directory)
        return try zip(labels, SamplePhotos.cameras).map { label, url in
            try library.add(try candidate(url), label: try Label(label)).photo
        }
    }

    func testACopyOfTheSameContentIsLeftAndTheOneWithALabelKeptWhicheverNameComesFirst() throws {
        let photos = try imported(["Harbour at dawn", "Found later"])
        let (first, second) = (photos[0], photos[1])
        // Before the first's name, an unlabelled copy of it; after the second's, a labelled one,
        // the second's own sidecar then losing its label.
        let unlabelled = try secondCopy(of: first, extension: "aaa", label: "")
        let labelled = try secondCopy(of: second, extension: "zzz", label: second.label)
        let sidecar = second.fileURL.appendingPathExtension("xmp")
        try String(contentsOf: sidecar, encoding: .utf8).replacingOccurrences(of: second.label, with: "")
            .write(to: sidecar, atomically: false, encoding: .utf8)
        let report = try LibraryRebuild.run(directory: directory)

        XCTAssertEqual(report.photos, 2)
        let rebuilt = try Library(directory: directory).photos()
        XCTAssertEqual(rebuilt.map(\.label), ["Harbour at dawn", "Found later"])
        XCTAssertEqual(rebuilt.map(\.fileURL.lastPathComponent), [first.fileURL.lastPathComponent, labelled.lastPathComponent])
        XCTAssertEqual(rebuilt.map(\.id), [first.id, second.id], "each keeps the ID its sidecar gives")
        let left = report.notes.compactMap { note -> String? in if case .sameContent(let copy) = note { copy.lastPathComponent } else { nil } }
        XCTAssertEqual(Set(left), [unlabelled.lastPathComponent, second.fileURL.lastPathComponent])
        XCTAssertTrue(FileManager.default.fileExists(atPath: unlabelled.path), "a copy left out stays in the folder")
    }

    func testIDsClaimedTwiceGoToTheEarlierAndTheRestFollowTheLargestInTheOrderAdded() throws {
        let photos = try imported((0..<4).map { "photo \($0)" })
        // The last two claim the first's ID: the first was added before them, and keeps it.
        for photo in photos.suffix(2) {
            let sidecar = photo.fileURL.appendingPathExtension("xmp")
            let text = try String(contentsOf: sidecar, encoding: .utf8)
            try text.replacingOccurrences(of: "PhotoID=\"\(photo.id)\"", with: "PhotoID=\"\(photos[0].id)\"")
                .write(to: sidecar, atomically: false, encoding: .utf8)
        }
        let report = try LibraryRebuild.run(directory: directory)

        let rebuilt = try Library(directory: directory).photos()
        XCTAssertEqual(rebuilt.map(\.label), ["photo 0", "photo 1", "photo 2", "photo 3"])
        XCTAssertEqual(rebuilt.map(\.id), [photos[0].id, photos[1].id, photos[1].id + 1, photos[1].id + 2])
        let claimed = report.notes.compactMap { note -> Int64? in
            if case .claimedTwice(_, let id, _, let now) = note, id == photos[0].id { now } else { nil }
        }
        XCTAssertEqual(claimed, [photos[1].id + 1, photos[1].id + 2])
    }

    func testAPhotoFolderThePersonLinkedElsewhereIsRebuiltWhole() throws {
        let photos = try imported(["Lake", "Hill"])
        // As on a library whose photos live on another drive.
        let elsewhere = folder.url.appendingPathComponent("drive")
        try FileManager.default.moveItem(at: photoFolder, to: elsewhere)
        XCTAssertEqual(symlink(elsewhere.path, photoFolder.path), 0)
        // A conflict copy Syncthing left there, the same as the sidecar, is merged away.
        let sidecar = elsewhere.appendingPathComponent(photos[0].fileURL.lastPathComponent + ".xmp")
        let conflict = sidecar.deletingPathExtension().appendingPathExtension("sync-conflict-20261201-120000-ABCDEFG.xmp")
        try FileManager.default.copyItem(at: sidecar, to: conflict)
        let report = try LibraryRebuild.run(directory: directory)

        XCTAssertEqual(report.photos, 2)
        XCTAssertEqual(try Library(directory: directory).photos().map(\.id), photos.map(\.id))
        XCTAssertEqual(try Library(directory: directory).photos().map(\.label), ["Lake", "Hill"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: conflict.path), "the conflict copy was never merged")
    }
}
