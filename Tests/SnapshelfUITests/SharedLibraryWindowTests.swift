// The open window of a library Syncthing shares follows what arrives in its photo folder: a
// sidecar another computer changed, a photo it removed (with Undo), and one that arrived. Files
// are written as Syncthing writes them, under a temporary name renamed into place.
// (SyncthingLibraryTests run real Syncthing instances.)
import CGtk
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfUI

final class SharedLibraryWindowTests: AppTestCase, @unchecked Sendable {
    private var photos: URL { libraryDirectory.appendingPathComponent("photos") }

    override func setUp() {
        super.setUp()
        // XCTest runs setUp even when setUpWithError skipped the test for want of the photos.
        guard SamplePhotos.arePresent else { return }
        XCTAssertNoThrow(try makeLibrary(labels: ["Lake", "Hill walk"]))
        XCTAssertNoThrow(try FileManager.default.createDirectory(at: libraryDirectory.appendingPathComponent(".stfolder"),
                                                                 withIntermediateDirectories: true))
    }

    /// Writes the bytes as Syncthing does: in a hidden temporary file, renamed into place.
    private func arrive(_ bytes: Data, as name: String) throws {
        let temporary = photos.appendingPathComponent(".syncthing.\(name).tmp")
        try bytes.write(to: temporary)
        XCTAssertEqual(rename(temporary.path, photos.appendingPathComponent(name).path), 0)
    }

    /// The copy of a photo labelled "Harbour" in another computer's library.
    private func copyElsewhere() throws -> URL {
        let other = try Library(directory: library.url.appendingPathComponent("elsewhere"))
        _ = try other.add(try PhotoCandidate(inspecting: SamplePhotos.cameras[3], previewSize: 32), label: try Label("Harbour"))
        return try XCTUnwrap(try other.photos().first).fileURL
    }

    @MainActor
    private func labels(_ window: LibraryWindow) -> [String] {
        (0..<window.store.count).compactMap { window.store.photo(at: $0)?.label }
    }

    /// Opens the window and waits for its first look at the photo folder to end, so that what a
    /// test changes next comes as a change and not as what the window found on opening, which
    /// also lets go of the copies kept of photos removed before.
    @MainActor
    private func launchAndLook() throws -> (window: LibraryWindow, watcher: OtherComputers) {
        let window = try launch()
        // The window keeps its watcher to itself; its state is read off it all the same.
        let watcher = try XCTUnwrap(Mirror(reflecting: window).descendant("otherComputers") as? OtherComputers)
        try waitUntil("the window's first look at the photo folder never ended") { !watcher.isRescanning }
        return (window, watcher)
    }

    func testALabelChangedOnAnotherComputerShowsInTheOpenWindow() throws {
        let sidecar = try XCTUnwrap(try Library(directory: libraryDirectory).photos().first).fileURL.appendingPathExtension("xmp")
        try onMain {
            let window = try launchAndLook().window
            let changed = try String(contentsOf: sidecar, encoding: .utf8).replacingOccurrences(of: ">Lake<", with: ">Lake, from the laptop<")
            try arrive(Data(changed.utf8), as: sidecar.lastPathComponent)
            try waitUntil("the new label never showed: \(labels(window))") { labels(window).contains("Lake, from the laptop") }
            XCTAssertTrue(labelTexts(in: window.grid.root).contains("Lake, from the laptop"), "\(labelTexts(in: window.grid.root))")
        }
    }

    func testAPhotoRemovedOnAnotherComputerGoesWithAnUndoThatBringsItBack() throws {
        let photo = try XCTUnwrap(try Library(directory: libraryDirectory).photos().last)
        try onMain {
            let window = try launchAndLook().window
            try FileManager.default.removeItem(at: photo.fileURL)
            try FileManager.default.removeItem(at: photo.fileURL.appendingPathExtension("xmp"))
            try waitUntil("the removal never showed") { window.history.notice.showsStep }
            XCTAssertEqual(window.history.notice.stepText, "1 photo was removed on another computer")
            XCTAssertEqual(labels(window), ["Lake"])
            window.history.undo()
            try waitUntil("the photo never came back: \(labels(window))") { labels(window) == ["Lake", "Hill walk"] }
            XCTAssertTrue(FileManager.default.fileExists(atPath: photo.fileURL.path), "the copy came back from the reserve")
            try waitUntil("the sidecar never came back") { FileManager.default.fileExists(atPath: photo.fileURL.appendingPathExtension("xmp").path) }
            XCTAssertEqual(try ExifTool.title(of: photo.fileURL.appendingPathExtension("xmp")), "Hill walk")
        }
    }

    func testAPhotoThatArrivesIsAddedOnceItsSidecarIsInPlace() throws {
        // A photo of another library, brought over file by file.
        let copy = try copyElsewhere()
        try onMain {
            let (window, watcher) = try launchAndLook()
            try arrive(try Data(contentsOf: copy), as: copy.lastPathComponent)
            // The look the copy brings about, which would add it if it did not wait for its sidecar.
            try waitUntil("the copy brought no look at the folder") { watcher.isRescanning }
            try waitUntil("the look at the folder never ended") { !watcher.isRescanning }
            XCTAssertEqual(labels(window), ["Lake", "Hill walk"], "a copy without its sidecar waits for it")
            try arrive(try Data(contentsOf: copy.appendingPathExtension("xmp")), as: copy.lastPathComponent + ".xmp")
            try waitUntil("the photo never arrived: \(labels(window))") { labels(window) == ["Lake", "Hill walk", "Harbour"] }
            try waitUntil("the window never said where it came from") { window.notification.text.contains("1 photo arrived from another computer.") }
        }
    }

    /// A peer's file under a photo's name that holds other bytes is set aside, and the window says so.
    func testAnArrivalThatIsNotItsNamesContentIsSetAsideAndNamed() throws {
        let copy = try copyElsewhere()
        try onMain {
            let window = try launchAndLook().window
            try arrive(Data("<html><script>alert(1)</script></html>".utf8), as: copy.lastPathComponent)
            try arrive(try Data(contentsOf: copy.appendingPathExtension("xmp")), as: copy.lastPathComponent + ".xmp")
            let named = "\(photos.path)/\(copy.lastPathComponent) is no photo of the library (it does not hold the photo its name gives)"
            try waitUntil("the window never named the file: \(window.notification.text)") { window.notification.text.contains(named) }
            XCTAssertEqual(labels(window), ["Lake", "Hill walk"])
        }
    }
}
