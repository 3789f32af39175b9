// Ctrl+R and Ctrl+Shift+R turn the selection in the grid, or the photo in the viewer, at once and
// with an undo that turns back only its own turn; the turn outlives a relaunch, and the library's
// copy never changes.
import CGtk
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import Synchronization
import XCTest
@testable import SnapshelfGlue
@testable import SnapshelfUI

final class RotationTests: AppTestCase, @unchecked Sendable {
    /// The width and height of what a tile or the viewer shows.
    @MainActor
    private func size(of paintable: Paintable?) -> [Int] {
        size(of: paintable?.opaque)
    }

    @MainActor
    private func size(of paintable: OpaquePointer?) -> [Int] {
        guard let paintable else { return [] }
        return [Int(gdk_paintable_get_intrinsic_width(paintable)), Int(gdk_paintable_get_intrinsic_height(paintable))]
    }

    @MainActor
    private func viewerSize(in window: LibraryWindow) -> [Int] {
        guard let picture = tree(of: window.viewer.root).first(where: { $0.typeName == "GtkPicture" }),
              let paintable = gtk_picture_get_paintable(picture.opaque) else { return [] }
        return size(of: paintable)
    }

    /// Runs the main loop until every decoding the viewer has asked for has ended, and what each
    /// handed to the main loop has run. The viewer's loader runs one job per core, taking them in
    /// the order asked: once as many jobs asked now all run at the same time, none asked before
    /// them still runs.
    @MainActor
    private func waitForTheDecodingsAsked(by viewer: PhotoViewer) throws {
        // The viewer keeps its loader to itself; jobs can be queued on it all the same.
        let loader = try XCTUnwrap(Mirror(reflecting: viewer).descendant("loader") as? ThumbnailLoader)
        let width = ProcessInfo.processInfo.activeProcessorCount
        let nothing = library.url.appendingPathComponent("nothing.jpg")
        let arriving = DispatchGroup()
        (0..<width).forEach { _ in arriving.enter() }
        let together = Mutex(0)
        for _ in 0..<width {
            loader.candidate(inspecting: nothing, previewSize: 1) { _ in
                arriving.leave()
                // Kept on its worker until the others run too.
                if arriving.wait(timeout: .now() + 30) == .success { together.withLock { $0 += 1 } }
            }
        }
        try waitUntil("the viewer's loader never ran \(width) jobs at once", timeout: 40) { together.withLock { $0 } == width }
        try waitForIdleWork()
    }

    func testCtrlRTurnsTheViewersPhotoAndCtrlShiftRTheSelectionWithAnUndoThatOutlivesARelaunch() throws {
        try makeLibrary(labels: ["one", "two", "three"])
        let original = try Data(contentsOf: SamplePhotos.cameras[0])
        var firstID: Int64 = 0
        try onMain {
            let window = try launch()
            try waitUntil { window.grid.boundTiles.count == 3 && window.grid.boundTiles.allSatisfy(\.hasThumbnail) }
            let ids = try window.store.library.photoIDs()
            firstID = ids[0]
            let tile = { try XCTUnwrap(window.grid.boundTiles.first { $0.photoID == ids[0] }) }
            XCTAssertEqual(size(of: try tile().paintable), [100, 68])

            // In the grid: the selection turns a quarter counterclockwise, and its tiles with it.
            window.grid.select(positions: [0, 1].compactMap { window.store.position(ofPhotoWithID: ids[$0]) })
            try pressKeys("<Shift><Control>r", in: window)
            XCTAssertEqual(try window.store.library.photos().map(\.rotation), [270, 270, 0])
            XCTAssertEqual(window.history.notice.stepText, "Rotated 2 photos")
            try waitUntil("the tile kept its unturned thumbnail") { (try? self.size(of: tile().paintable)) == [68, 100] }
            window.window.activateAction(Command.undo.detailedName)
            XCTAssertEqual(try window.store.library.photos().map(\.rotation), [0, 0, 0])
            try waitUntil("the undone tile stayed turned") { (try? self.size(of: tile().paintable)) == [100, 68] }

            // In the viewer: the photo shown turns clockwise at once.
            window.open(position: try XCTUnwrap(window.store.position(ofPhotoWithID: ids[0])))
            try waitUntil { window.viewer.showsFullImage }
            XCTAssertEqual(viewerSize(in: window), [100, 68])
            try pressKeys("<Control>r", in: window)
            XCTAssertEqual(window.viewer.photo?.rotation, 90)
            XCTAssertEqual(window.history.notice.stepText, "Rotated 1 photo")
            try waitUntil("the viewer kept the unturned photo") { window.viewer.showsFullImage && self.viewerSize(in: window) == [68, 100] }
            // Turned twice more at once, it ends on the last turn, whichever decoding finishes first.
            try pressKeys("<Control>r", in: window)
            try pressKeys("<Control>r", in: window)
            XCTAssertEqual(window.viewer.photo?.rotation, 270)
            try waitUntil("the viewer missed the last turn") { window.viewer.showsFullImage && self.viewerSize(in: window) == [68, 100] }
            // The decoding of the turn before may end after it: it must not show then.
            try waitForTheDecodingsAsked(by: window.viewer)
            XCTAssertEqual(viewerSize(in: window), [68, 100])
            window.window.destroy()
        }
        try onMain {
            let window = try launch()
            let photo = try XCTUnwrap(try window.store.library.photo(withID: firstID))
            XCTAssertEqual([photo.rotation, photo.width, photo.height], [270, 68, 100])
            XCTAssertEqual(try Data(contentsOf: photo.fileURL), original, "the library's copy changed")
            try waitUntil { window.grid.boundTiles.contains { $0.photoID == firstID && $0.hasThumbnail } }
            XCTAssertEqual(size(of: window.grid.boundTiles.first { $0.photoID == firstID }?.paintable), [68, 100])
        }
    }

    /// The grid's tiles are bound again while the viewer hides them; back in the grid, each
    /// shown asks for its thumbnail, the turned one's included.
    func testTheGridShowsEveryThumbnailAfterATurnInTheViewer() throws {
        try makeLibrary(labels: ["one", "two", "three", "four", "five", "six"])
        try onMain {
            let window = try launch()
            try waitUntil { window.grid.boundTiles.count == 6 && window.grid.boundTiles.allSatisfy(\.hasThumbnail) }
            window.open(position: 2)
            try pressKeys("<Control>r", in: window)
            XCTAssertEqual(window.viewer.photo?.rotation, 90)
            // Frames drawn meanwhile, as a person looks at the turned photo.
            try waitUntil("the viewer kept the unturned photo") { window.viewer.showsFullImage }
            // Another program's label, which the window takes in while the viewer shows: every
            // tile from the first photo on is bound again behind it.
            _ = try Library(directory: libraryDirectory).relabel(photosWithIDs: [try XCTUnwrap(window.store.photo(at: 0)).id],
                                                                 as: try SnapshelfModel.Label("zero"))
            try waitUntil("the window never took in the label") { window.store.photo(at: 0)?.label == "zero" }
            try waitUntilSettled(window.window)
            try waitUntilSettled(window.window)
            try pressKeys("Escape", in: window)
            XCTAssertFalse(window.isViewing)
            try waitUntil("tiles stayed empty after the turn: \(window.grid.boundTiles.map(\.hasThumbnail))") {
                window.grid.boundTiles.count == 6 && window.grid.boundTiles.allSatisfy(\.hasThumbnail)
            }
        }
    }

    func testUndoTurnsBackOnlyTheWindowsTurnKeepingOneGivenElsewhere() throws {
        try makeLibrary(labels: ["one", "two"])
        try onMain {
            let window = try launch()
            let ids = try window.store.library.photoIDs()
            window.grid.select(positions: [0, 1])
            try pressKeys("<Control>r", in: window)
            _ = try Library(directory: libraryDirectory).rotate(photosWithIDs: [ids[1]], by: 180)
            window.window.activateAction(Command.undo.detailedName)
            XCTAssertEqual(try window.store.library.photos().map(\.rotation), [0, 180])
            XCTAssertEqual(window.store.photo(at: 1)?.rotation, 180)
            XCTAssertFalse(window.notification.isShown, window.notification.text)
        }
    }
}
