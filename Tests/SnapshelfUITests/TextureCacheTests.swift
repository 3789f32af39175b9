// The grid's texture cache on real thumbnails: its byte budget, least recently used first out,
// and requests that are called off.
import CGtk
import Foundation
import SnapshelfGlue
import SnapshelfModel
import XCTest
@testable import SnapshelfUI

final class TextureCacheTests: GtkTestCase, @unchecked Sendable {
    /// Small photos of one colour each, written as PNG files the loader really decodes.
    private func photos(_ count: Int) throws -> [Photo] {
        try (0..<count).map { index in
            let pixbuf = try XCTUnwrap(gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, 16, 12))
            defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
            gdk_pixbuf_fill(pixbuf, UInt32(0x2040_60FF) &+ UInt32(index) << 24)
            let url = library.url.appendingPathComponent("photo-\(index).png")
            var keys: [UnsafeMutablePointer<CChar>?] = [nil]
            var values: [UnsafeMutablePointer<CChar>?] = [nil]
            XCTAssertNotEqual(gdk_pixbuf_savev(pixbuf, url.path, "png", &keys, &values, nil), 0)
            return Photo(id: Int64(index + 1), label: "photo \(index)", fileURL: url, originalName: url.lastPathComponent,
                         added: Date(), width: 16, height: 12)
        }
    }

    @MainActor
    private func makeCache(budget: Int, concurrency: Int = ProcessInfo.processInfo.activeProcessorCount) -> TextureCache {
        let thumbnails = ThumbnailCache(directory: library.url.appendingPathComponent("thumbnails"))
        return TextureCache(loader: ThumbnailLoader(cache: thumbnails, concurrency: concurrency), budget: budget)
    }

    /// Asks for the photo's texture and says whether it came at once, from the cache.
    @MainActor
    private func isCached(_ photo: Photo, in cache: TextureCache) -> Bool {
        var delivered = false
        let ticket = cache.texture(for: photo, size: .large) { _ in delivered = true }
        if !delivered { ticket.cancel() }
        return delivered
    }

    @MainActor
    private func load(_ photo: Photo, into cache: TextureCache) throws {
        var texture: GObjectRef?
        _ = cache.texture(for: photo, size: .large) { texture = $0 }
        try waitUntil("the texture of \(photo.label) never came") { texture != nil }
    }

    func testTheCacheKeepsToItsBudgetDroppingTheLeastRecentlyUsed() throws {
        let photos = try photos(3)
        try onMain {
            // Tiny thumbnails each count as the smallest cost, so this budget holds two.
            let cache = makeCache(budget: 2 * TextureCache.smallestCost)
            try load(photos[0], into: cache)
            try load(photos[1], into: cache)
            XCTAssertEqual(cache.count, 2)
            XCTAssertTrue(isCached(photos[0], in: cache), "the first photo is now the most recently used")
            try load(photos[2], into: cache)
            XCTAssertEqual(cache.count, 2)
            XCTAssertEqual(cache.usedBytes, 2 * TextureCache.smallestCost)
            XCTAssertTrue(isCached(photos[0], in: cache))
            XCTAssertTrue(isCached(photos[2], in: cache))
            XCTAssertFalse(isCached(photos[1], in: cache), "the least recently used photo should have gone")
        }
    }

    func testACancelledRequestDeliversNothingAndLeavesNothingWaiting() throws {
        let photos = try photos(2)
        try onMain {
            // One worker, so whatever became of the first request was done, and handed back,
            // before the second's texture comes.
            let cache = makeCache(budget: 8 * TextureCache.smallestCost, concurrency: 1)
            var delivered = false
            let ticket = cache.texture(for: photos[0], size: .large) { _ in delivered = true }
            ticket.cancel()
            XCTAssertEqual(cache.pendingCount, 0)
            try load(photos[1], into: cache)
            XCTAssertFalse(delivered)
            XCTAssertFalse(isCached(photos[0], in: cache), "a texture no one waited for is not kept")
        }
    }
}
