// A toast's one line keeps its meaning: a summary too long for it keeps the whole sentences that
// fit, the first at least, rather than a cut in the middle of one ("… 2 could…"); the rest is
// behind Details.
import XCTest
@testable import SnapshelfUI

final class NoticeTitleTests: XCTestCase {
    @MainActor
    private static func title(of message: String) -> (String, Bool) {
        var event = NoticeEvent()
        event.add(message)
        return (event.title, event.hasDetails)
    }

    func testATooLongSummaryKeepsTheWholeSentencesThatFit() {
        MainActor.assumeIsolated {
            let summary = "Imported 1 photo. 2 could not be imported. 2 were already in the library."
            XCTAssertEqual(Self.title(of: summary).0, "Imported 1 photo. 2 could not be imported.")
            XCTAssertTrue(Self.title(of: summary).1, "what the title leaves out has no Details")
            let short = "No photo was imported. 2 could not be imported."
            XCTAssertEqual(Self.title(of: short).0, short)
            XCTAssertFalse(Self.title(of: short).1)
            // One long sentence is cut at a word, and says so.
            let long = "Import cancelled after 2 of 3 photos; the 1 photo imported is kept, with its label."
            XCTAssertTrue(Self.title(of: long).0.hasSuffix("…"), Self.title(of: long).0)
            XCTAssertLessThanOrEqual(Self.title(of: long).0.count, NoticeEvent.titleLength)
        }
    }
}
