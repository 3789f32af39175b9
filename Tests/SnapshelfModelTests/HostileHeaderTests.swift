// The header readers still in the app walk boxes and chunks whose sizes a file gives: a 64-bit box
// size near Int.max, an Exif item whose extent runs past the end of numbers, a WebP EXIF chunk
// shorter than its own "Exif" prefix. Each trapped the app (issue 31); now each reads as nothing.
import Foundation
@testable import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class HostileHeaderTests: XCTestCase {
    private var folder: TemporaryDirectory!

    override func setUp() {
        folder = TemporaryDirectory()
    }

    override func tearDown() {
        folder = nil
    }

    private static func box(_ type: String, _ content: [UInt8]) -> [UInt8] {
        bigEndian(content.count + 8, 4) + Array(type.utf8) + content
    }

    private static func bigEndian(_ value: Int, _ size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - $0))) }
    }

    private static let ftyp = box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8))

    private func file(_ bytes: [UInt8]) throws -> (URL, OpenFile) {
        let url = folder.url.appendingPathComponent(UUID().uuidString)
        try Data(bytes).write(to: url)
        guard case .success(let file) = OpenFile.open(url) else { throw CocoaError(.fileReadUnknown) }
        return (url, file)
    }

    /// A HEIF whose meta box names item 1 as its Exif item, located by an iloc with eight-byte
    /// fields `base`, `offset` and `length`.
    private static func heif(base: Int, offset: Int, length: Int) -> [UInt8] {
        let pitm = box("pitm", [0, 0, 0, 0] + bigEndian(1, 2))
        let infe = box("infe", [2, 0, 0, 0] + bigEndian(1, 2) + [0, 0] + Array("Exif".utf8) + [0])
        let iinf = box("iinf", [0, 0, 0, 0] + bigEndian(1, 2) + infe)
        let iloc = box("iloc", [1, 0, 0, 0, 0x88, 0x80] + bigEndian(1, 2) + bigEndian(1, 2) + [0, 0] + [0, 0] + bigEndian(base, 8)
                       + bigEndian(1, 2) + bigEndian(offset, 8) + bigEndian(length, 8))
        return ftyp + box("meta", [0, 0, 0, 0] + pitm + iinf + iloc)
    }

    func testABoxSizeNearIntMaxReadsAsNoDate() throws {
        let huge = Self.ftyp + [0, 0, 0, 1] + Array("meta".utf8) + Self.bigEndian(Int.max - 4, 8) + [UInt8](repeating: 0, count: 64)
        let (url, file) = try file(huge)
        XCTAssertNil(ExifDate.dateTaken(in: file, head: file.bytes(at: 0, count: 1 << 20)))
        XCTAssertEqual(EmbeddedOrientation.toApply(declared: nil, inFileAt: url.path), 1)
    }

    func testAnExifExtentWhoseNumbersOverflowReadsAsNoDate() throws {
        for (base, offset, length) in [(Int.max - 2, 16, 8), (0, Int.max, Int.max), (-8, 0, 4), (0, 16, -1)] {
            let (url, file) = try file(Self.heif(base: base, offset: offset, length: length))
            XCTAssertNil(ExifDate.dateTaken(in: file, head: file.bytes(at: 0, count: 1 << 20)), "\(base) \(offset) \(length)")
            XCTAssertEqual(EmbeddedOrientation.toApply(declared: nil, inFileAt: url.path), 1)
        }
    }

    func testAWebPEXIFChunkShorterThanItsPrefixReadsAsNoOrientation() throws {
        let chunk = Array("EXIF".utf8) + [2, 0, 0, 0] + Array("Ex".utf8)
        let webp = Array("RIFF".utf8) + [UInt8(chunk.count + 4), 0, 0, 0] + Array("WEBP".utf8) + chunk
        // The chunk claims two bytes, and what follows starts with "Exif": a range running backwards.
        let (url, _) = try file(webp + Array("if\0\0".utf8))
        XCTAssertEqual(EmbeddedOrientation.toApply(declared: 6, inFileAt: url.path), 6)
    }
}
