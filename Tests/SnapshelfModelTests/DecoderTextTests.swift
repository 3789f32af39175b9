// A decoder's words become one short line of plain text before anyone reads them (issue 19).
import Foundation
@testable import SnapshelfModel
import XCTest

final class DecoderTextTests: XCTestCase {
    func testEscapesControlsAndBidiCharactersAreDropped() {
        let hostile = "bad\u{1B}]0;pwned\u{07}\u{1B}[2J \u{9B}31m header\u{202E}gpj.exe\u{2066}x\u{2069}\u{200F}"
        XCTAssertEqual(DecoderText.clean(hostile), "bad]0;pwned[2J 31m headergpj.exex")
    }

    func testLineBreaksAndTabsBecomeOneSpaceAndTheEndsAreTrimmed() {
        XCTAssertEqual(DecoderText.clean("\n  Invalid input:\r\n\tNo 'meta' box \u{2028}\u{85}end  \n"), "Invalid input: No 'meta' box end")
    }

    func testBytesThatAreNoUTF8BecomeReplacementCharacters() {
        XCTAssertEqual(DecoderText.clean([0x61, 0xFF, 0xC3, 0x28, 0x62]), "a\u{FFFD}\u{FFFD}(b")
    }

    func testLongWordsAreCutAtTheLimit() {
        let cleaned = DecoderText.clean(String(repeating: "é", count: 100_000))
        XCTAssertEqual(cleaned.count, DecoderText.limit + 1)
        XCTAssertTrue(cleaned.hasSuffix("…"))
        XCTAssertEqual(DecoderText.clean(String(repeating: "x", count: DecoderText.limit)), String(repeating: "x", count: DecoderText.limit))
    }

    func testPlainWordsAreKept() {
        XCTAssertEqual(DecoderText.clean("Canon EOS 40D — Zürich, 日本"), "Canon EOS 40D — Zürich, 日本")
    }
}
