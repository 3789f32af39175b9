// Every date form XMP allows, as a sidecar edited by hand or by another program holds them, read
// to the same UTC millisecond; what is no date at all is refused rather than guessed at.
@testable import SnapshelfModel
import XCTest

final class XMPDateTests: XCTestCase {
    func testEachFormXMPAllowsIsRead() {
        let cases: [(String, Int64)] = [
            ("2026", 1_767_225_600_000),
            ("2026-12", 1_796_083_200_000),
            ("2026-12-01", 1_796_083_200_000),
            ("2026-12-01T14:39Z", 1_796_135_940_000),
            ("2026-12-01T14:39:56Z", 1_796_135_996_000),
            ("2026-12-01T14:39:56.3Z", 1_796_135_996_300),
            ("2026-12-01T14:39:56.300123Z", 1_796_135_996_300),
            ("2026-12-01T15:39:56.300+01:00", 1_796_135_996_300),
            ("2026-12-01T09:09:56.300-05:30", 1_796_135_996_300),
            ("2026-12-01T14:39:56", 1_796_135_996_000),
            ("1969-12-31T23:59:59.999Z", -1),
            ("2024-02-29", 1_709_164_800_000),
        ]
        for (text, milliseconds) in cases {
            XCTAssertEqual(XMPDate.milliseconds(from: text), milliseconds, text)
            XCTAssertEqual(Sidecar.milliseconds(from: text), milliseconds, text)
        }
    }

    func testWhatIsNoDateIsRefused() {
        for text in ["", "yesterday", "2026-13-01", "2026-02-30", "2025-02-29", "2026-12-01T24:00Z", "2026-12-01T14:60Z",
                     "2026-12-01T14:39:56.Z", "2026-12-01T14:39:56+1", "2026-12-01 14:39:56Z", "0000-01-01", "2026-12-01Tx",
                     "12026-01-01", "2026-1-1", "2026-12-01T14:39:56Zjunk"] {
            XCTAssertNil(XMPDate.milliseconds(from: text), text)
        }
    }

    func testWhatSnapshelfWritesIsReadBackExactly() {
        for milliseconds: Int64 in [0, -1, 1_796_135_996_300, 253_402_300_799_000, -62_135_596_800_000] {
            XCTAssertEqual(Sidecar.milliseconds(from: Sidecar.text(milliseconds: milliseconds)), milliseconds)
        }
    }
}
