// The help layout: paragraphs wrap at spaces within 79 columns, no-break spaces hold, and a
// term too long for the column puts its description underneath.
@testable import SnapshelfCommandLine
import XCTest

final class HelpPageTests: XCTestCase {
    func testParagraphsWrapAtOrdinarySpacesOnly() {
        let sentence = String(repeating: "mot\u{A0}: suite ", count: 20)
        let lines = HelpPage.wrap(sentence, width: 30)
        XCTAssertEqual(lines.joined(separator: " "), sentence.trimmingCharacters(in: .whitespaces))
        XCTAssertTrue(lines.allSatisfy { $0.count <= 30 }, "\(lines)")
        XCTAssertFalse(lines.contains { $0.hasPrefix(":") || $0.hasSuffix("\u{A0}") }, "a colon stays with its word")
        XCTAssertEqual(HelpPage.wrap("a " + String(repeating: "x", count: 40), width: 30), ["a", String(repeating: "x", count: 40)])
    }

    func testTableAlignsDescriptionsAndMovesThoseOfLongTerms() {
        let page = HelpPage(blocks: [.table(heading: "Commands:", rows: [
            ("check", "verify"),
            (String(repeating: "t", count: 40), "long one"),
            ("help [COMMAND]", String(repeating: "word ", count: 30)),
        ])])
        let lines = page.text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[0], "Commands:")
        XCTAssertEqual(lines[1], "  check" + String(repeating: " ", count: 11) + "verify")
        XCTAssertEqual(lines[2], "  " + String(repeating: "t", count: 40))
        XCTAssertEqual(lines[3], String(repeating: " ", count: 18) + "long one")
        XCTAssertTrue(lines[4].hasPrefix("  help [COMMAND]  word"))
        XCTAssertTrue(lines.dropFirst(5).allSatisfy { $0.hasPrefix(String(repeating: " ", count: 18) + "word") })
        XCTAssertTrue(lines.allSatisfy { $0.count <= HelpPage.width })
    }
}
