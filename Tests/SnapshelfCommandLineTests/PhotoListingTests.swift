// `list --json` written a photo at a time against Foundation's JSONEncoder and ISO8601DateFormatter,
// which wrote it whole before: the same text, byte for byte, for awkward labels and names, for
// times before 1970 and far from now, for empty and unknown values, and across the runs of lines
// it writes in. The date taken is the camera's clock with its offset, or with no zone when the
// offset is unknown, which ISO8601DateFormatter writes from the moment in that offset's zone.
@testable import SnapshelfCommandLine
import Foundation
import SnapshelfModel
import XCTest

final class PhotoListingTests: XCTestCase {
    /// What JSONEncoder made of each photo, the listing's former writer.
    private struct Entry: Encodable {
        let id: Int64
        let label: String
        let file: String
        let originalName: String
        let added: String
        let taken: String?
        let width: Int
        let height: Int
        let bytes: Int?
        let camera: String?
        let rotation: Int
        let history: [History]

        enum CodingKeys: String, CodingKey {
            case id, label, file, added, taken, width, height, bytes, camera, rotation, history
            case originalName = "original_name"
        }

        struct History: Encodable {
            let computer: String?
            let given: String
            let label: String
            let thisComputer: Bool

            enum CodingKeys: String, CodingKey {
                case computer, given, label
                case thisComputer = "this_computer"
            }

            func encode(to encoder: Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(computer, forKey: .computer)
                try container.encode(given, forKey: .given)
                try container.encode(label, forKey: .label)
                try container.encode(thisComputer, forKey: .thisComputer)
            }
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(label, forKey: .label)
            try container.encode(file, forKey: .file)
            try container.encode(originalName, forKey: .originalName)
            try container.encode(added, forKey: .added)
            try container.encode(taken, forKey: .taken)
            try container.encode(width, forKey: .width)
            try container.encode(height, forKey: .height)
            try container.encode(bytes, forKey: .bytes)
            try container.encode(camera, forKey: .camera)
            try container.encode(rotation, forKey: .rotation)
            try container.encode(history, forKey: .history)
        }
    }

    private func encoded(_ photos: [(Photo, [EarlierLabel])]) throws -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        let entries = photos.map { photo, earlier in
            Entry(id: photo.id, label: photo.label, file: photo.fileURL.path, originalName: photo.originalName,
                  added: formatter.string(from: photo.added), taken: photo.takenIfKnown.map(Self.expected),
                  width: photo.width, height: photo.height, bytes: photo.bytes, camera: photo.camera, rotation: photo.rotation,
                  history: earlier.map {
                      Entry.History(computer: $0.computer, given: formatter.string(from: $0.given), label: $0.label, thisComputer: $0.isThisComputer)
                  })
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(entries), as: UTF8.self)
    }

    /// The date taken as ISO8601DateFormatter writes it: the moment in the clock's own offset, or
    /// the clock's fields with no zone at all; a zero offset as "+00:00", which "Z" is not.
    private static func expected(_ taken: TakenDate) -> String {
        let formatter = ISO8601DateFormatter()
        guard let offset = taken.offsetMinutes else {
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.formatOptions = [.withFullDate, .withTime, .withDashSeparatorInDate, .withColonSeparatorInTime]
            return formatter.string(from: taken.clock)
        }
        formatter.timeZone = TimeZone(secondsFromGMT: offset * 60)
        let text = formatter.string(from: taken.instant)
        return text.hasSuffix("Z") ? text.dropLast() + "+00:00" : text
    }

    /// Photos with awkward labels and names, some with earlier labels as awkward.
    private func awkwardPhotos(_ count: Int) -> [(Photo, [EarlierLabel])] {
        let pieces = ["Beach", " ", "\"", "\\", "/", "\n", "\r", "\t", "\u{8}", "\u{C}", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}", "é", "日本語",
                      "👍🏽", "\u{2028}", "\u{FEFF}", "</script>", "&", "'"]
        let someFile = URL(fileURLWithPath: #filePath)
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { number in
            let text = (0..<Int.random(in: 0...5, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let milliseconds = Int64.random(in: -70_000_000_000_000...250_000_000_000_000, using: &generator)
            let earlier = (0..<number % 3).map { index in
                EarlierLabel(label: text + String(index), given: Date(timeIntervalSince1970: Double(milliseconds / Int64(index + 2)) / 1000),
                             computer: number % 4 == 0 ? nil : text, isThisComputer: number % 5 == index)
            }
            return (Photo(id: Int64(number + 1), label: text, fileURL: number % 2 == 0 ? someFile : URL(fileURLWithPath: "/no/such/\(text)"),
                         originalName: text + ".jpg", added: Date(timeIntervalSince1970: Double(milliseconds) / 1000),
                         taken: number % 3 == 0 ? nil : TakenDate(clock: Date(timeIntervalSince1970: Double(milliseconds / 7) / 1000),
                                                                  offsetMinutes: [nil, 0, 180, -330, 840][number % 5]),
                         width: number, height: -number, rotation: 90, camera: number % 4 == 0 ? nil : text), earlier)
        }
    }

    func testTheListingIsWhatJSONEncoderWrote() throws {
        for count in [0, 1, 2, 3000] {
            let photos = awkwardPhotos(count)
            XCTAssertEqual(PhotoListing.json(photos), try encoded(photos), "\(count) photos")
        }
    }

    func testTimesAreWhatTheDateFormatterWrote() {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        let edges: [Double] = [0, -0.001, -0.5, -1, 0.999, 59.999, -62_135_596_800, -62_135_596_801, 253_402_300_799, 253_402_300_800,
                               951_782_400, 1_796_135_996.3, -2_208_988_800]
        var generator = SystemRandomNumberGenerator()
        let random = (0..<20_000).map { _ in Double(Int64.random(in: -80_000_000_000_000...300_000_000_000_000, using: &generator)) / 1000 }
        for seconds in edges + random {
            let date = Date(timeIntervalSince1970: seconds)
            XCTAssertEqual(PhotoListing.timestamp(date), formatter.string(from: date), "\(seconds)")
        }
    }

    func testALongListingIsWrittenInRunsOfWholeLinesThatMakeTheSameText() throws {
        let photos = awkwardPhotos(12_000)
        var runs: [String] = []
        var listing = PhotoListing { runs.append($0) }
        photos.forEach { listing.add($0.0, earlierLabels: $0.1) }
        listing.finish()
        XCTAssertGreaterThan(runs.count, 2, "the listing was written in more than one run")
        XCTAssertEqual(runs.map { $0 + "\n" }.joined(), try encoded(photos) + "\n")
    }
}
