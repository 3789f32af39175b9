// The label rules: any Unicode up to a limit, control characters normalised in a stated way.
import SnapshelfModel
import XCTest

final class LabelTests: XCTestCase {
    func testOrdinaryTextIsKeptExactly() throws {
        for text in ["", "<b>x</b>", "  spaced  ", "Fête 🌅 日本", "👩‍👩‍👧"] {
            let label = try Label(text)
            XCTAssertEqual(label.text, text)
            XCTAssertNil(label.normalisation)
        }
    }

    func testLineBreaksAndTabsBecomeSpacesAndOtherControlsAreRemoved() throws {
        let label = try Label("one\ntwo\tthree\r\n\u{0}four\u{7F}\u{1B}")
        XCTAssertEqual(label.text, "one two three  four")
        XCTAssertEqual(label.normalisation,
                       "4 line breaks or tabs became spaces and 3 invisible control or formatting characters were removed")
    }

    func testBidiControlsZeroWidthSpacesAndByteOrderMarksAreRemovedButJoinersStay() throws {
        let spoof = try Label("\u{FEFF}invoice\u{202E}gpj.exe\u{202C} \u{2066}x\u{2069}\u{200B}y\u{2060}z\u{202A}\u{202B}\u{202D}\u{2067}\u{2068}")
        XCTAssertEqual(spoof.text, "invoicegpj.exe xyz")
        XCTAssertEqual(spoof.normalisation, "12 invisible control or formatting characters were removed")
        // Emoji sequences and Persian need the joiners; right-to-left text needs its marks.
        for kept in ["👩\u{200D}💻", "می\u{200C}خواهم", "abc\u{200F}", "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"] {
            XCTAssertEqual(try Label(kept).text, kept)
            XCTAssertNil(try Label(kept).normalisation)
        }
    }

    func testTheBytesAreLimitedTooSoOneCharacterCannotHoldThousandsOfMarks() throws {
        let zalgo = "e" + String(repeating: "\u{0301}", count: 30_000)
        XCTAssertEqual(zalgo.count, 1)
        XCTAssertThrowsError(try Label(zalgo)) { error in
            XCTAssertEqual(error as? Label.Problem, .tooManyBytes(count: 60_001))
        }
        XCTAssertEqual(try Label(String(repeating: "é", count: Label.maximumLength)).text.utf8.count, 1000)
    }

    func testTitlesFromOtherAppsAreCutToTheLimitsAfterNormalisingAndNeverHang() {
        // A CR LF pair is one character, and two spaces once normalised.
        let crlf = Label.fitting(String(repeating: "\r\n", count: 400) + "end")
        XCTAssertEqual(crlf.text.count, Label.maximumLength)
        XCTAssertEqual(Label.fitting(String(repeating: "é", count: 9000)).text.count, Label.maximumLength)
        XCTAssertLessThanOrEqual(Label.fitting(String(repeating: "👩‍👩‍👧", count: 600)).text.utf8.count, Label.maximumBytes)
        let noncharacters = ["x", "y", "z"].joined(separator: String(Unicode.Scalar(0xFDD0)!))
        XCTAssertEqual(Label.fitting(noncharacters).text, "xyz", "noncharacters, which XML cannot hold, go")
    }

    func testTheLimitCountsCharactersAsPeopleDo() throws {
        XCTAssertEqual(try Label(String(repeating: "👍🏽", count: Label.maximumLength)).text.count, Label.maximumLength)
        XCTAssertThrowsError(try Label(String(repeating: "a", count: Label.maximumLength + 1))) { error in
            XCTAssertEqual(error as? Label.Problem, .tooLong(length: Label.maximumLength + 1))
        }
    }
}
