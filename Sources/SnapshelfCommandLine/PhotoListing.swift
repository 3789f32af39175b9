// The JSON form of the library that `snapshelf list --json` prints: stable keys for scripts.
import Foundation
import SnapshelfModel

struct PhotoListing {
    private struct Entry: Encodable {
        let id: Int64
        let label: String
        let file: String
        let originalName: String
        let added: String
        let width: Int
        let height: Int

        enum CodingKeys: String, CodingKey {
            case id, label, file, added, width, height
            case originalName = "original_name"
        }
    }

    private let entries: [Entry]

    init(_ photos: [Photo]) {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        entries = photos.map { photo in
            Entry(id: photo.id, label: photo.label, file: photo.fileURL.path, originalName: photo.originalName,
                  added: formatter.string(from: photo.added), width: photo.width, height: photo.height)
        }
    }

    /// A photo as a line of `list`: ID, label and original name between tabs, each escaped as
    /// `Console.escaped` does, so that every photo stays one line of three fields.
    static func line(for photo: Photo) -> String {
        "\(photo.id)\t\(Console.escaped(photo.label))\t\(Console.escaped(photo.originalName))"
    }

    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and numbers cannot fail.
        let data = try! encoder.encode(entries)
        return String(decoding: data, as: UTF8.self)
    }
}
