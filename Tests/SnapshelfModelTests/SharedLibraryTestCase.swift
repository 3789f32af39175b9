// The base for tests of a library Syncthing shares: a second computer's library folder beside the
// first, both marked as Syncthing's, and their files brought over as Syncthing brings them:
// written under a temporary name and renamed into place, and deleted when they went.
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

class SharedLibraryTestCase: LibraryTestCase {
    var other: URL { folder.url.appendingPathComponent("other") }

    override func setUpWithError() throws {
        try super.setUpWithError()
        for library in [directory, other] {
            try FileManager.default.createDirectory(at: library.appendingPathComponent(".stfolder"), withIntermediateDirectories: true)
        }
    }

    /// Makes `to`'s photo folder and removal records what `from`'s are, file by file, as Syncthing would.
    func bring(_ from: URL, to: URL) throws {
        try bring(from, to: to, folder: "photos")
        try bring(from, to: to, folder: "computers")
    }

    func bring(_ from: URL, to: URL, folder: String) throws {
        let source = from.appendingPathComponent(folder), target = to.appendingPathComponent(folder)
        guard FileManager.default.fileExists(atPath: source.path) else { return }
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        // Files of their own only: Syncthing carries no FIFO, and a folder's files are its own.
        let wanted = try FileManager.default.contentsOfDirectory(atPath: source.path).filter { name in
            !name.hasPrefix(".") && (try? FileManager.default.attributesOfItem(atPath: source.appendingPathComponent(name).path)[.type] as? FileAttributeType) == .typeRegular
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: target.path) where !name.hasPrefix(".") && !wanted.contains(name) {
            try FileManager.default.removeItem(at: target.appendingPathComponent(name))
        }
        for name in wanted {
            let bytes = try Data(contentsOf: source.appendingPathComponent(name))
            if (try? Data(contentsOf: target.appendingPathComponent(name))) == bytes { continue }
            let temporary = target.appendingPathComponent(".syncthing.\(name).tmp")
            try bytes.write(to: temporary)
            XCTAssertEqual(rename(temporary.path, target.appendingPathComponent(name).path), 0)
        }
    }

    func importThree(into library: Library) throws -> [Int64] {
        try SamplePhotos.cameras.prefix(3).enumerated().map { index, url in
            guard case .added(let photo) = try library.add(try candidate(url), label: try Label("photo \(index)")) else {
                throw XCTSkip("the sample photo was not added")
            }
            return photo.id
        }
    }

    /// Two computers sharing a library of three photos, the second's index made from what arrived.
    func sharedLibrary() throws -> (first: Library, second: Library, ids: [Int64]) {
        let first = try Library(directory: directory)
        let ids = try importThree(into: first)
        try bring(directory, to: other)
        let second = try Library(directory: other)
        _ = try second.rescan(opening: true)
        return (first, second, ids)
    }
}
