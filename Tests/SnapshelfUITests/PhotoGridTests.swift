// The grid adapter on its own: the PhotoStore as data source, tiles built and filled by the
// closures a window controller would supply, and photos added the way the app adds them.
import Foundation
import SnapshelfGlue
import SnapshelfModel
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfUI

final class PhotoGridTests: GtkTestCase, @unchecked Sendable {
    @MainActor @discardableResult
    private func showInWindow(_ grid: PhotoGrid) -> Window {
        let window = Window()
        window.defaultSize = (900, 700)
        window.setChild(grid.root)
        window.present()
        return window
    }

    @MainActor
    private func makeTextures() -> TextureCache {
        TextureCache(loader: ThumbnailLoader(cache: ThumbnailCache(directory: library.url.appendingPathComponent("thumbnails"))))
    }

    /// Adds a photo as the app does, through the store's library, then refreshes the store.
    @MainActor
    private func add(_ url: URL, label: String, to store: PhotoStore) throws {
        _ = try store.library.add(try PhotoCandidate(inspecting: url, previewSize: 32), label: try SnapshelfModel.Label(label))
        try store.refresh()
    }

    func testTheTileClosureReceivesThePhotoAtEachPosition() throws {
        try onMain {
            let store = try PhotoStore(directory: library.url.appendingPathComponent("library"))
            for (index, url) in SamplePhotos.cameras.enumerated() {
                try add(url, label: "photo \(index)", to: store)
            }
            var received: [Int: Photo] = [:]
            let textures = makeTextures()
            let grid = PhotoGrid(store: store, makeTile: { PhotoTile(size: $0, textures: textures) }, fillTile: { tile, photo, position in
                received[position] = photo
                tile.show(photo)
            })
            showInWindow(grid)
            try waitUntil("received \(received.count) of \(store.count)") { received.count == store.count }
            for position in 0..<store.count {
                XCTAssertEqual(received[position], store.photo(at: position)!, "position \(position)")
            }
            XCTAssertEqual(Set(grid.boundTiles.map(\.labelText)), Set((0..<store.count).map { "photo \($0)" }))
            try waitUntil("the tiles in view never got their thumbnails") {
                !grid.tilesLoadingThumbnails.isEmpty && grid.tilesLoadingThumbnails.allSatisfy(\.hasThumbnail)
            }
        }
    }

    func testAddingAPhotoFillsOnlyTheNewTile() throws {
        try onMain {
            let store = try PhotoStore(directory: library.url.appendingPathComponent("library"))
            try add(SamplePhotos.cameras[0], label: "first", to: store)
            var built = 0
            var filled: [Int] = []
            let textures = makeTextures()
            let grid = PhotoGrid(store: store, makeTile: { size in
                built += 1
                return PhotoTile(size: size, textures: textures)
            }, fillTile: { tile, photo, position in
                filled.append(position)
                tile.show(photo)
            })
            // What the window does for its page: observe the store beside the grid.
            var countsSeen: [Int] = []
            let subscription = store.observe { _ in countsSeen.append(store.count) }
            showInWindow(grid)
            try waitUntil { filled == [0] }

            try add(SamplePhotos.cameras[1], label: "second", to: store)
            try waitUntil { filled.contains(1) }
            try waitForFrames(of: grid.root)
            XCTAssertEqual(filled, [0, 1], "the existing tile must not be filled again")
            XCTAssertEqual(countsSeen, [2])
            XCTAssertGreaterThanOrEqual(built, 2, "each slot gets a tile of its own from the maker")
            XCTAssertEqual(grid.tileCount, built)

            subscription.cancel()
            try add(SamplePhotos.cameras[2], label: "third", to: store)
            try waitUntil { filled.count == 3 }
            XCTAssertEqual(countsSeen, [2], "a cancelled observer hears no more, while the grid still does")
        }
    }

    func testUnbindingClearsEverythingBindShowed() {
        onMain {
            let tile = PhotoTile(size: PhotoTile.defaultSize, textures: makeTextures())
            let photo = Photo(id: 7, label: "<b>x</b>", fileURL: URL(fileURLWithPath: "/nonexistent"),
                              originalName: "x.jpg", added: Date(), width: 1, height: 1)
            tile.show(photo)
            XCTAssertEqual(tile.labelText, "<b>x</b>", "labels are shown literally, never as markup")
            XCTAssertEqual(tile.photoID, 7)
            XCTAssertEqual(tile.accessibleName, "<b>x</b>")
            tile.loadThumbnail()
            XCTAssertTrue(tile.isLoadingThumbnail)
            tile.clear()
            XCTAssertEqual(tile.labelText, "")
            XCTAssertNil(tile.photoID)
            XCTAssertFalse(tile.hasThumbnail)
            XCTAssertFalse(tile.isLoadingThumbnail, "clearing calls the thumbnail request off")
        }
    }
}
