// Which folders named as a library hold files of something else, over which the window asks
// before making a library: never an empty folder, a library, or one arriving through Syncthing.
import Foundation
import SnapshelfModel
import XCTest

final class LibraryFolderTests: LibraryTestCase {
    private func write(_ name: String, in folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: folder.appendingPathComponent(name))
    }

    func testAFolderOfDocumentsHoldsOtherFiles() throws {
        try write("letter.odt", in: directory)
        XCTAssertTrue(LibraryFolder.holdsOtherFiles(directory))
        // A hidden file is someone's too.
        let hidden = folder.url.appendingPathComponent("hidden")
        try write(".notes", in: hidden)
        XCTAssertTrue(LibraryFolder.holdsOtherFiles(hidden))
    }

    func testNothingThereAnEmptyFolderOrAFileHoldsNone() throws {
        XCTAssertFalse(LibraryFolder.holdsOtherFiles(directory), "a missing folder")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        XCTAssertFalse(LibraryFolder.holdsOtherFiles(directory), "an empty folder")
        try write("photo.jpg", in: folder.url)
        XCTAssertFalse(LibraryFolder.holdsOtherFiles(folder.url.appendingPathComponent("photo.jpg")), "a file")
    }

    func testALibraryOrWhatACreationLeftHoldsNone() throws {
        // What a creation killed before its database leaves: Snapshelf's own files.
        try write(".stignore", in: directory)
        try write("library.lock", in: directory)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent(".snapshelf"), withIntermediateDirectories: true)
        XCTAssertFalse(LibraryFolder.holdsOtherFiles(directory))
        _ = try Library(directory: directory)
        try write("README.txt", in: directory)
        XCTAssertFalse(LibraryFolder.holdsOtherFiles(directory), "a library, with a file of the person's beside it")
    }

    func testALibraryWithoutItsDatabaseHoldsNone() throws {
        // Its photos and sidecars, as another computer's Syncthing delivers them, or after the
        // database was lost: a rebuild or the rescan mends it, no question about it.
        try write("a.jpg", in: directory.appendingPathComponent("photos"))
        XCTAssertFalse(LibraryFolder.holdsOtherFiles(directory))
        let shared = folder.url.appendingPathComponent("shared")
        try write("notes.txt", in: shared)
        try FileManager.default.createDirectory(at: shared.appendingPathComponent(".stfolder"), withIntermediateDirectories: true)
        XCTAssertFalse(LibraryFolder.holdsOtherFiles(shared))
    }
}
