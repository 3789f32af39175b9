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
                       "4 line breaks or tabs became spaces and 3 invisible control characters were removed")
    }

    func testTheLimitCountsCharactersAsPeopleDo() throws {
        XCTAssertEqual(try Label(String(repeating: "👩‍👩‍👧", count: Label.maximumLength)).text.count, Label.maximumLength)
        XCTAssertThrowsError(try Label(String(repeating: "a", count: Label.maximumLength + 1))) { error in
            XCTAssertEqual(error as? Label.Problem, .tooLong(length: Label.maximumLength + 1))
            XCTAssertEqual("\(error)", "the label is 501 characters long; the limit is 500")
        }
    }
}
