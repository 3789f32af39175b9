// The listing's entry is the `Encodable` view that `list --json` is: JSONEncoder, given the
// entries, writes the very text the listing writes a photo at a time by walking their keys.
@testable import SnapshelfCommandLine
import Foundation
import SnapshelfModel
import XCTest

final class PhotoListingEntryTests: XCTestCase {
    func testJSONEncoderWritesTheEntriesAsTheListingDoes() throws {
        let file = URL(fileURLWithPath: #filePath)
        let photos = ["Beach", "\"quoted\" \\ / é 日本語\n\t\u{1}", ""].enumerated().map { number, text in
            Photo(record: PhotoRecord(id: Int64(number + 1), label: text, originalFileName: FileName(bytes: Array(text.utf8) + [0xFF]),
                                      addedMilliseconds: Int64(number) * 1_000_000_000_123,
                                      taken: number == 2 ? nil : TakenDate(clock: Date(timeIntervalSince1970: 1_212_162_961), offsetMinutes: number == 0 ? 120 : nil),
                                      width: 4000, height: 3000, rotation: number * 90, camera: [text, "", nil][number]),
                  fileURL: number == 0 ? file : URL(fileURLWithPath: "/no/such/\(text)"))
        }
        let earlier = [
            [EarlierLabel(label: "Lisbon \"old\" \\ /", given: Date(timeIntervalSince1970: 1_700_000_000), computer: "a1b2c3", isThisComputer: true),
             EarlierLabel(label: "é\n", given: Date(timeIntervalSince1970: -1), computer: nil, isThisComputer: false)],
            [], [EarlierLabel(label: "x", given: Date(timeIntervalSince1970: 0), computer: "d4", isThisComputer: false)],
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        for count in 0...photos.count {
            let given = Array(zip(photos, earlier).prefix(count))
            let entries = given.map(PhotoListing.Entry.init(photo:earlierLabels:))
            XCTAssertEqual(PhotoListing.json(given), String(decoding: try encoder.encode(entries), as: UTF8.self))
        }
    }
}
