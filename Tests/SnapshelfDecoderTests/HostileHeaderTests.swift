// The header readers walk boxes and chunks whose sizes a file gives: a 64-bit box size near
// Int.max, an Exif item whose extent runs past the end of numbers, a WebP EXIF chunk shorter than
// its own "Exif" prefix. Each trapped the app (issue 31), where they ran then; now they run in a
// decoder, on libheif and Exiv2 where those read the file, and each reads as nothing.
import Foundation
@testable import SnapshelfDecoder
import SnapshelfDecoderWire
import SnapshelfModel
import XCTest

final class HostileHeaderTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("headers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    private static func box(_ type: String, _ content: [UInt8]) -> [UInt8] {
        bigEndian(content.count + 8, 4) + Array(type.utf8) + content
    }

    private static func bigEndian(_ value: Int, _ size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - $0))) }
    }

    private static let ftyp = box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8))

    /// The facts and the orientation a decoder finds in the bytes, each from a descriptor as a decoder has it.
    private func read(_ bytes: [UInt8], declared: Int? = nil) throws -> (facts: PhotoFacts, orientation: Int) {
        let url = folder.appendingPathComponent(UUID().uuidString)
        try Data(bytes).write(to: url)
        let descriptor = open(url.path, O_RDONLY)
        defer { close(descriptor) }
        return (PhotoFacts(readingFileOpenAs: descriptor, name: "photo.heic"),
                EmbeddedOrientation.toApply(declared: declared, inFileOpenAs: descriptor, readingMetadata: true))
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
        let (facts, orientation) = try read(huge)
        XCTAssertNil(facts.takenClockSeconds)
        XCTAssertEqual(orientation, 1)
    }

    func testAnExifExtentWhoseNumbersOverflowReadsAsNoDate() throws {
        for (base, offset, length) in [(Int.max - 2, 16, 8), (0, Int.max, Int.max), (-8, 0, 4), (0, 16, -1)] {
            let (facts, orientation) = try read(Self.heif(base: base, offset: offset, length: length))
            XCTAssertNil(facts.takenClockSeconds, "\(base) \(offset) \(length)")
            XCTAssertEqual(orientation, 1)
        }
    }

    func testAWebPEXIFChunkShorterThanItsPrefixReadsAsNoOrientation() throws {
        let chunk = Array("EXIF".utf8) + [2, 0, 0, 0] + Array("Ex".utf8)
        let webp = Array("RIFF".utf8) + [UInt8(chunk.count + 4), 0, 0, 0] + Array("WEBP".utf8) + chunk
        // The chunk claims two bytes, and what follows starts with "Exif": a range running backwards.
        XCTAssertEqual(try read(webp + Array("if\0\0".utf8), declared: 6).orientation, 6)
    }
}
