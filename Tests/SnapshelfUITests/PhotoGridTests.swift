// The grid adapter on its own: the PhotoStore as data source and a recording tile closure.
import CGtk
import Foundation
import SnapshelfGlue
import SnapshelfModel
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfUI

final class PhotoGridTests: GtkTestCase, @unchecked Sendable {
    @MainActor
    private func showInWindow(_ grid: PhotoGrid) -> GObjectRef {
        let window = GObjectRef(gtk_window_new())
        gtk_window_set_default_size(window.typed(), 900, 700)
        gtk_window_set_child(window.typed(), grid.root.typed())
        gtk_window_present(window.typed())
        return window
    }

    /// Adds a photo as the app does, through the store's library, then refreshes the store.
    @MainActor
    private func add(_ url: URL, label: String, to store: PhotoStore) throws {
        _ = try store.library.add(try PhotoCandidate(inspecting: url, previewSize: 32), label: try Label(label))
        try store.refresh()
    }

    func testTheTileClosureReceivesThePhotoAtEachPosition() throws {
        try onMain {
            let store = try PhotoStore(directory: library.url)
            for (index, url) in SamplePhotos.cameras.enumerated() {
                try add(url, label: "photo \(index)", to: store)
            }
            var received: [Int: Photo] = [:]
            let grid = PhotoGrid(store: store, fillTile: { tile, photo, position in
                received[position] = photo
                tile.show(photo)
            }, loadThumbnail: { _, _ in })
            _ = showInWindow(grid)
            try waitUntil("received \(received.count) of \(store.count)") { received.count == store.count }
            for position in 0..<store.count {
                XCTAssertEqual(received[position], store.photo(at: position)!, "position \(position)")
            }
            XCTAssertEqual(Set(grid.boundTiles.map(\.labelText)), Set((0..<store.count).map { "photo \($0)" }))
        }
    }

    func testSavingAPhotoFillsOnlyTheNewTile() throws {
        try onMain {
            let store = try PhotoStore(directory: library.url)
            try add(SamplePhotos.cameras[0], label: "first", to: store)
            var filled: [Int] = []
            var counts: [Int] = []
            let grid = PhotoGrid(store: store, fillTile: { tile, photo, position in
                filled.append(position)
                tile.show(photo)
            }, loadThumbnail: { _, _ in })
            grid.countChanged = { counts.append($0) }
            _ = showInWindow(grid)
            try waitUntil { filled == [0] }

            try add(SamplePhotos.cameras[1], label: "second", to: store)
            try waitUntil { filled.count == 2 }
            spin(for: 0.2)
            XCTAssertEqual(filled, [0, 1], "the existing tile must not be filled again")
            XCTAssertEqual(counts, [2])
        }
    }

    func testUnbindingClearsEverythingBindShowed() {
        onMain {
            let tile = PhotoTile(size: PhotoTile.defaultSize)
            let photo = Photo(id: 7, label: "<b>x</b>", fileURL: URL(fileURLWithPath: "/nonexistent"),
                              originalName: "x.jpg", added: Date(), width: 1, height: 1)
            tile.show(photo)
            XCTAssertEqual(tile.labelText, "<b>x</b>", "labels are shown literally, never as markup")
            XCTAssertEqual(tile.photoID, 7)
            tile.clear()
            XCTAssertEqual(tile.labelText, "")
            XCTAssertNil(tile.photoID)
            XCTAssertFalse(tile.hasThumbnail)
        }
    }
}
