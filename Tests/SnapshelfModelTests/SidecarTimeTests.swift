// The sidecar's times, written to the millisecond from the integer the database keeps, and read
// back to the same integer, before 1970 too, where a floating-point second would round wrong.
@testable import SnapshelfModel
import XCTest

final class SidecarTimeTests: XCTestCase {
    func testTimesAreWrittenToTheMillisecondAndReadBackExactly() {
        let cases: [(Int64, String)] = [
            (1_796_135_996_300, "2026-12-01T14:39:56.300Z"),
            (1_212_162_961_000, "2008-05-30T15:56:01.000Z"),
            (0, "1970-01-01T00:00:00.000Z"),
            (-1, "1969-12-31T23:59:59.999Z"),
            (-86_400_001, "1969-12-30T23:59:59.999Z"),
        ]
        for (milliseconds, text) in cases {
            XCTAssertEqual(Sidecar.text(milliseconds: milliseconds), text)
            XCTAssertEqual(Sidecar.milliseconds(from: text), milliseconds, text)
        }
        // Written by other tools without the fraction, still read.
        XCTAssertEqual(Sidecar.milliseconds(from: "2008-05-30T15:56:01Z"), 1_212_162_961_000)
    }
}
