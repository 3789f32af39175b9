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

    /// A photo as a line of `list`: ID, label and original name between tabs. A tab, line break
    /// or backslash inside a field is written as `\t`, `\n` or `\\`, and other control
    /// characters in octal, as `ls -b` does, so that every photo stays one line of three fields.
    static func line(for photo: Photo) -> String {
        "\(photo.id)\t\(escaped(photo.label))\t\(escaped(photo.originalName))"
    }

    private static func escaped(_ field: String) -> String {
        var result = ""
        for scalar in field.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += String(format: "\\%03o", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and numbers cannot fail.
        let data = try! encoder.encode(entries)
        return String(decoding: data, as: UTF8.self)
    }
}
