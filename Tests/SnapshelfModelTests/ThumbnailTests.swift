// Decoding at tile size with the EXIF orientation applied, on the shared orientation samples.
import CGdkPixbuf
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class ThumbnailTests: XCTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try SamplePhotos.requirePresent()
    }

    func testEveryOrientationComesOutUprightAndAlike() throws {
        for (name, sample) in [("landscape", SamplePhotos.landscape), ("portrait", SamplePhotos.portrait)] {
            let reference = try Thumbnail(decoding: sample(1), fittingIn: 12)
            for orientation in 1...8 {
                let thumbnail = try Thumbnail(decoding: sample(orientation), fittingIn: 12)
                XCTAssertEqual(thumbnail.orientation, orientation, "\(name) \(orientation)")
                XCTAssertEqual(thumbnail.width, reference.width, "\(name) \(orientation)")
                XCTAssertEqual(thumbnail.height, reference.height, "\(name) \(orientation)")
                XCTAssertLessThan(meanDifference(thumbnail, reference), 24, "\(name)_\(orientation) is not upright")
            }
            // A picture turned the wrong way must be told apart, or the check above proves nothing.
            let turned = try Thumbnail(decoding: sample(1), fittingIn: 12)
            XCTAssertGreaterThan(meanDifference(turned, reference, flipped: true), 24, name)
        }
    }

    func testTheThumbnailHoldsTheOnlyReferenceToItsPixbuf() throws {
        for orientation in [1, 6] {
            let thumbnail = try Thumbnail(decoding: SamplePhotos.landscape(orientation: orientation), fittingIn: 32)
            let object = UnsafeMutableRawPointer(thumbnail.pixbuf).assumingMemoryBound(to: GObject.self)
            XCTAssertEqual(object.pointee.ref_count, 1, "orientation \(orientation) leaks its pixbuf")
        }
    }

    func testThumbnailsAreDecodedAtTileSizeNotFullSize() throws {
        let thumbnail = try Thumbnail(decoding: SamplePhotos.jpeg("mobile/jolla.jpg"), fittingIn: 256)
        XCTAssertEqual(max(thumbnail.width, thumbnail.height), 256)
    }

    func testASmallImageKeepsItsOwnSizeInsteadOfBeingScaledUp() throws {
        let folder = TemporaryDirectory()
        let small = folder.file(named: "small.png", containing: GeneratedImages.png(width: 16, height: 12))
        let thumbnail = try Thumbnail(decoding: small, fittingIn: 256)
        XCTAssertEqual([thumbnail.width, thumbnail.height], [16, 12])
        let preview = try PhotoCandidate(inspecting: small, previewSize: 256).preview
        XCTAssertEqual([preview.width, preview.height], [16, 12])
        let fitted = try Thumbnail(decoding: small, fittingIn: 8)
        XCTAssertEqual([fitted.width, fitted.height], [8, 6])
    }

    func testTheCandidateReportsTheDisplayedSize() throws {
        let upright = try PhotoCandidate(inspecting: SamplePhotos.landscape(orientation: 1), previewSize: 32)
        let turned = try PhotoCandidate(inspecting: SamplePhotos.landscape(orientation: 6), previewSize: 32)
        XCTAssertGreaterThan(upright.width, upright.height)
        XCTAssertEqual(turned.width, upright.width)
        XCTAssertEqual(turned.height, upright.height)
    }

    /// The mean difference of the two pictures' bytes, comparing one upside down when asked.
    private func meanDifference(_ a: Thumbnail, _ b: Thumbnail, flipped: Bool = false) -> Double {
        let rowsA = rows(of: a)
        var rowsB = rows(of: b)
        if flipped { rowsB.reverse() }
        var total = 0
        var count = 0
        for (rowA, rowB) in zip(rowsA, rowsB) {
            for (byteA, byteB) in zip(rowA, rowB) {
                total += abs(Int(byteA) - Int(byteB))
                count += 1
            }
        }
        return Double(total) / Double(max(count, 1))
    }

    private func rows(of thumbnail: Thumbnail) -> [[UInt8]] {
        let pixbuf = thumbnail.pixbuf
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let rowBytes = Int(gdk_pixbuf_get_n_channels(pixbuf)) * thumbnail.width
        let pixels = gdk_pixbuf_read_pixels(pixbuf)!
        return (0..<thumbnail.height).map { row in
            Array(UnsafeBufferPointer(start: pixels + row * stride, count: rowBytes))
        }
    }
}
