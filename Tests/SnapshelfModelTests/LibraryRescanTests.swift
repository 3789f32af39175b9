// The rescan of a library Syncthing shares, with a second computer's library folder beside the
// first and its files brought over as Syncthing brings them: written under a temporary name and
// renamed into place, and deleted when they went. (SyncthingLibraryTests run real Syncthing.)
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class LibraryRescanTests: SharedLibraryTestCase {
    func testAReceivedLibraryIsIndexedFromItsSidecarsAndPassesItsCheck() throws {
        let first = try Library(directory: directory)
        let ids = try importThree(into: first)
        _ = try first.rotate(photosWithIDs: [ids[1]], by: 90)
        try bring(directory, to: other)
        let second = try Library(directory: other)
        let rescan = try second.rescan(opening: true)
        XCTAssertEqual(rescan.arrived, 3)
        XCTAssertEqual(try second.photos().map(\.label), ["photo 0", "photo 1", "photo 2"])
        XCTAssertEqual(try second.photos().map(\.rotation), [0, 90, 0])
        XCTAssertEqual(try second.check(), [])
        XCTAssertFalse(try second.rescan().changedTheIndex, "a second rescan finds nothing new")
    }

    func testACopyAnotherComputerChangedIntoSomethingElseIsPutBackFromTheReserve() throws {
        let (_, second, ids) = try sharedLibrary()
        let copy = try XCTUnwrap(try second.photos().first { $0.id == ids[0] }).fileURL
        let original = try Data(contentsOf: copy)
        // Another computer's change to the file, as Syncthing brings it: new bytes renamed over it.
        let temporary = copy.deletingLastPathComponent().appendingPathComponent(".syncthing.\(copy.lastPathComponent).tmp")
        try Data("[Desktop Entry]\nType=Application\nExec=sh -c 'touch /tmp/owned'\n".utf8).write(to: temporary)
        XCTAssertEqual(rename(temporary.path, copy.path), 0)

        let rescan = try second.rescan()
        XCTAssertEqual(try Data(contentsOf: copy), original, "the photo's own bytes are back")
        XCTAssertTrue(rescan.notes.contains { $0.contains("photo \(ids[0]) was changed on another computer and no longer holds that photo; its own bytes were put back") },
                      "\(rescan.notes)")
        let setAside = other.appendingPathComponent("set-aside")
        let kept = try FileManager.default.contentsOfDirectory(atPath: setAside.path)
        XCTAssertEqual(kept.count, 1)
        XCTAssertTrue(try String(contentsOf: setAside.appendingPathComponent(kept[0]), encoding: .utf8).hasPrefix("[Desktop Entry]"), "kept, never deleted")
        XCTAssertEqual(try second.check(), [])
        XCTAssertTrue(try second.rescan().notes.isEmpty, "a copy put back is its photo")
    }

    func testALabelARotationAndARemovalReachTheOtherComputer() throws {
        let (first, second, ids) = try sharedLibrary()
        _ = try first.relabel(photoWithID: ids[0], as: try Label("changed on the first"))
        _ = try first.rotate(photosWithIDs: [ids[1]], by: 270)
        _ = try first.remove(photoWithID: ids[2])
        try bring(directory, to: other)
        let rescan = try second.rescan()
        XCTAssertEqual(rescan.changed, 2)
        XCTAssertEqual(rescan.removedElsewhere?.photos.map(\.label), ["photo 2"])
        XCTAssertEqual(rescan.summary(), ["1 photo was removed on another computer."])
        XCTAssertEqual(try second.photos().map(\.label), ["changed on the first", "photo 1"])
        XCTAssertEqual(try second.photos().map(\.rotation), [0, 270])
        XCTAssertEqual(try second.check(), [], "a removal made elsewhere is no missing file")
    }

    func testARemovalMadeElsewhereIsUndoneHereFromTheReserveAndGoesBackEverywhere() throws {
        let (first, second, ids) = try sharedLibrary()
        _ = try first.remove(photoWithID: ids[0])
        try bring(directory, to: other)
        let removal = try XCTUnwrap(try second.rescan().removedElsewhere)
        XCTAssertEqual(try second.undoRemovalElsewhere(removal), [])
        XCTAssertEqual(try second.photos().map(\.label), ["photo 0", "photo 1", "photo 2"])
        XCTAssertEqual(try second.check(), [])
        try bring(other, to: directory)
        XCTAssertEqual(try first.rescan().arrived, 1)
        XCTAssertEqual(try first.photos().map(\.label).sorted(), ["photo 0", "photo 1", "photo 2"])
    }

    func testARemovalLosesToARelabelMadeHereOnceItsRecordArrives() throws {
        let (first, second, ids) = try sharedLibrary()
        let copy = try XCTUnwrap(try second.photo(withID: ids[0])).fileURL
        _ = try second.relabel(photoWithID: ids[0], as: try Label("kept here"))
        _ = try first.remove(photoWithID: ids[0])
        // What Syncthing leaves when one side deleted and the other changed: the copy, which only
        // one side touched, is deleted, and the changed sidecar stays. Until the remover's record
        // arrives, nothing says which won, and the photo waits as it is.
        try FileManager.default.removeItem(at: copy)
        let waiting = try second.rescan()
        XCTAssertEqual(waiting.putBack, 0)
        XCTAssertNil(waiting.removedElsewhere)
        try bring(directory, to: other, folder: "computers")
        let rescan = try second.rescan()
        XCTAssertEqual(rescan.putBack, 1)
        XCTAssertNil(rescan.removedElsewhere)
        XCTAssertTrue(FileManager.default.fileExists(atPath: copy.path))
        XCTAssertEqual(try second.photo(withID: ids[0])?.label, "kept here")
        XCTAssertEqual(try second.check(), [])
        // Back on the first computer, the photo arrives again, with the label that won.
        try bring(other, to: directory)
        XCTAssertEqual(try first.rescan().arrived, 1)
        XCTAssertEqual(try first.photos().map(\.label).sorted(), ["kept here", "photo 1", "photo 2"])
        XCTAssertEqual(try first.check(), [])
    }

    func testARemovalThatSawEverythingWinsWhicheverFileGoesFirstWithoutWaiting() throws {
        let (first, second, ids) = try sharedLibrary()
        // The first computer saw the second's relabel and rotation before it removed the photos.
        _ = try second.relabel(photoWithID: ids[0], as: try Label("seen there"))
        _ = try second.rotate(photosWithIDs: [ids[1]], by: 90)
        try bring(other, to: directory)
        _ = try first.rescan()
        XCTAssertEqual(try first.complete(try first.remove(photosWithIDs: [ids[0], ids[1]])), [])
        try bring(directory, to: other, folder: "computers")
        // Syncthing deleted the copies on the second computer, and not yet their sidecars.
        let copies = try ids.prefix(2).map { try XCTUnwrap(try second.photo(withID: $0)).fileURL }
        try copies.forEach(FileManager.default.removeItem(at:))
        let started = ContinuousClock.now
        let rescan = try second.rescan()
        XCTAssertLessThan(ContinuousClock.now - started, .milliseconds(400), "no wait for the sidecars to go")
        XCTAssertEqual(rescan.putBack, 0)
        XCTAssertEqual(rescan.removedElsewhere?.photos.count, 2)
        XCTAssertEqual(try second.photos().map(\.label), ["photo 2"])
        for copy in copies {
            XCTAssertFalse(FileManager.default.fileExists(atPath: copy.path))
            XCTAssertFalse(FileManager.default.fileExists(atPath: copy.appendingPathExtension("xmp").path))
        }
        XCTAssertEqual(try second.check(), [])
        try bring(directory, to: other, folder: "photos")
        XCTAssertNil(try second.rescan().removedElsewhere)
        XCTAssertEqual(try second.check(), [])
    }

    func testAPhotoThatVanishesFromALibraryNoOneSharesIsAMissingFileNotARemoval() throws {
        try FileManager.default.removeItem(at: directory.appendingPathComponent(".stfolder"))
        let library = try Library(directory: directory)
        let ids = try importThree(into: library)
        let photo = try XCTUnwrap(try library.photo(withID: ids[0]))
        try FileManager.default.removeItem(at: photo.fileURL)
        try FileManager.default.removeItem(at: photo.fileURL.appendingPathExtension("xmp"))
        XCTAssertFalse(try library.rescan().changedTheIndex)
        XCTAssertEqual(try library.photoCount(), 3)
        XCTAssertTrue(try library.check().contains(.missingFile(photoID: photo.id, file: photo.fileURL, original: "Canon_40D.jpg")))
    }

    func testPhotosBothComputersNumberedAlikeKeepTheirLabelsUnderIDsOfTheirOwn() throws {
        let first = try Library(directory: directory)
        let second = try Library(directory: other)
        guard case .added(let here) = try first.add(try candidate(SamplePhotos.cameras[0]), label: try Label("first's")),
              case .added(let there) = try second.add(try candidate(SamplePhotos.cameras[1]), label: try Label("second's")) else {
            return XCTFail("the photos were not added")
        }
        XCTAssertEqual(here.id, there.id, "both computers gave their photo the same ID")
        try bring(directory, to: other.appendingPathComponent("incoming-from-first"))
        for name in try FileManager.default.contentsOfDirectory(atPath: other.appendingPathComponent("incoming-from-first/photos").path) {
            try FileManager.default.moveItem(at: other.appendingPathComponent("incoming-from-first/photos/\(name)"),
                                             to: other.appendingPathComponent("photos/\(name)"))
        }
        XCTAssertEqual(try second.rescan().arrived, 1)
        let photos = try second.photos()
        XCTAssertEqual(photos.map(\.label), ["second's", "first's"])
        XCTAssertEqual(Set(photos.map(\.id)).count, 2)
    }

    func testFilesInTransitAndUnchangedFilesAreNotRead() throws {
        let second = try sharedLibrary().second
        // A sidecar spoiled without its size or time changing is not read again: only a change is.
        let sidecar = try XCTUnwrap(try second.photos().first).fileURL.appendingPathExtension("xmp")
        var status = stat()
        XCTAssertEqual(stat(sidecar.path, &status), 0)
        try Data(repeating: UInt8(ascii: "x"), count: Int(status.st_size)).write(to: sidecar)
        var times = [status.st_atim, status.st_mtim]
        XCTAssertEqual(utimensat(AT_FDCWD, sidecar.path, &times, 0), 0)
        let transit = other.appendingPathComponent("photos/.syncthing.\(String(repeating: "a", count: 64)).jpg.tmp")
        try Data(contentsOf: SamplePhotos.cameras[4]).write(to: transit)
        let rescan = try second.rescan()
        XCTAssertFalse(rescan.changedTheIndex)
        XCTAssertEqual(rescan.notes, [])
    }

    func testALibraryInsideAFolderSyncthingSharesIsToldToBeSharedItself() throws {
        let inside = other.appendingPathComponent("Pictures/library")
        let library = try Library(directory: inside)
        let shared = library.openingNotes.compactMap { note -> String? in
            if case .sharedAbove(let folder, library: let library) = note, library == inside { folder.path } else { nil }
        }
        XCTAssertEqual(shared, [other.path], "\(library.openingNotes)")
        XCTAssertFalse(library.isShared, "its own .stignore is not read there")
        XCTAssertEqual(try Library(directory: directory).openingNotes, [])
    }

    func testTheIgnoreFileKeepsTheDatabaseOutAndThePersonsOwnLinesIn() throws {
        let ignore = directory.appendingPathComponent(".stignore")
        try Data("// mine\n*.tmp\n".utf8).write(to: ignore)
        _ = try Library(directory: directory)
        let text = try String(contentsOf: ignore, encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        for pattern in ["(?d)/library.sqlite3", "(?d)/library.sqlite3-wal", "(?d)/library.sqlite3-shm", "(?d)/library.lock"] {
            XCTAssertTrue(lines.contains(pattern), "\(pattern) in \(text)")
        }
        XCTAssertLessThan(try XCTUnwrap(lines.firstIndex(of: "(?d)/library.sqlite3")), try XCTUnwrap(lines.firstIndex(of: "*.tmp")),
                          "Syncthing takes the first pattern that matches: Snapshelf's come first")
        XCTAssertTrue(lines.contains("// mine"))
        _ = try Library(directory: directory)
        XCTAssertEqual(try String(contentsOf: ignore, encoding: .utf8), text, "opening again changes nothing")
    }
}
