// The boxes a HEIF names its XMP item in are read inside the decoder, whatever they say: an empty
// item entry, a 64-bit box size near Int.max, an iloc that claims more than it holds. None can
// trap it, and only an extent that lies within the file comes back.
import Foundation
@testable import SnapshelfDecoder
import SnapshelfDecoderWire
import XCTest

final class HEIFXMPLocatorTests: XCTestCase {
    private static func box(_ type: String, _ content: [UInt8]) -> [UInt8] {
        bigEndian(content.count + 8, 4) + Array(type.utf8) + content
    }

    private static func bigEndian(_ value: Int, _ size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - $0))) }
    }

    private static let ftyp = box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8))

    /// An infe (version 2) for item 1 of type "mime" with XMP's content type.
    private static let xmpEntry = box("infe", [2, 0, 0, 0] + bigEndian(1, 2) + [0, 0] + Array("mime".utf8) + [0]
                                      + Array("application/rdf+xml".utf8) + [0])

    /// An iloc (version 0, offset and length of 4 bytes, no base offset) giving item 1 one extent.
    private static let iloc = box("iloc", [0, 0, 0, 0, 0x44, 0x00] + bigEndian(1, 2) + bigEndian(1, 2) + [0, 0] + bigEndian(1, 2)
                                  + bigEndian(0, 4) + bigEndian(10, 4))

    private func locate(_ bytes: [UInt8]) throws -> HEIFXMPLocation? {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("heif-\(UUID().uuidString)")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let descriptor = open(url.path, O_RDONLY)
        defer { close(descriptor) }
        return HEIFXMPLocator.locate(inFileOpenAs: descriptor)
    }

    private static func file(entries: [[UInt8]], iloc: [UInt8] = iloc) -> [UInt8] {
        let iinf = box("iinf", [0, 0, 0, 0] + bigEndian(entries.count, 2) + entries.flatMap { $0 })
        return ftyp + box("meta", [0, 0, 0, 0] + iinf + iloc)
    }

    func testASoundItemIsFoundWithinTheFile() throws {
        let bytes = Self.file(entries: [Self.xmpEntry])
        let location = try XCTUnwrap(try locate(bytes))
        XCTAssertTrue(location.isPlausible(inFileOf: bytes.count))
        XCTAssertEqual(location.base.size, 0)
        XCTAssertEqual(Array(bytes[location.length.position..<(location.length.position + 4)]), Self.bigEndian(10, 4))
    }

    func testHostileBoxesGiveNothingAndTrapNothing() throws {
        // An item entry with no content at all, as the one that trapped the app's export.
        XCTAssertNil(try locate(Self.file(entries: [Self.box("infe", [])])))
        XCTAssertNil(try locate(Self.file(entries: [Self.box("infe", [2])])))
        // A top-level box with a 64-bit size near Int.max, and one whose size is negative as an Int.
        for large in [Int.max - 4, -16] {
            XCTAssertNil(try locate(Self.ftyp + [0, 0, 0, 1] + Array("free".utf8) + Self.bigEndian(large, 8) + [UInt8](repeating: 0, count: 16)))
        }
        // An iloc that counts 65535 items in a few bytes, and fields of sizes no writer fills.
        let many = Self.box("iloc", [0, 0, 0, 0, 0x44, 0x00] + Self.bigEndian(0xFFFF, 2) + Self.bigEndian(1, 2))
        XCTAssertNil(try locate(Self.file(entries: [Self.xmpEntry], iloc: many)))
        let odd = Self.box("iloc", [0, 0, 0, 0, 0xFF, 0xF0] + Self.bigEndian(1, 2) + Self.bigEndian(1, 2) + [0, 0]
                           + [UInt8](repeating: 0xFF, count: 15) + Self.bigEndian(1, 2) + [UInt8](repeating: 0xFF, count: 30))
        XCTAssertNil(try locate(Self.file(entries: [Self.xmpEntry], iloc: odd)))
    }

    func testAnAnswerOutsideTheFileIsNotBelieved() {
        let field = HEIFXMPLocation.Field.init(position:size:)
        XCTAssertFalse(HEIFXMPLocation(base: field(0, 0), offset: field(90, 4), length: field(96, 8)).isPlausible(inFileOf: 100))
        XCTAssertFalse(HEIFXMPLocation(base: field(0, 3), offset: field(10, 4), length: field(20, 4)).isPlausible(inFileOf: 100))
        XCTAssertFalse(HEIFXMPLocation(base: field(0, 0), offset: field(-4, 4), length: field(20, 4)).isPlausible(inFileOf: 100))
        XCTAssertTrue(HEIFXMPLocation(base: field(0, 0), offset: field(10, 4), length: field(20, 4)).isPlausible(inFileOf: 100))
    }
}
