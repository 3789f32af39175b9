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
        let taken: String?
        let width: Int
        let height: Int
        let bytes: Int?
        let camera: String?
        let rotation: Int

        enum CodingKeys: String, CodingKey {
            case id, label, file, added, taken, width, height, bytes, camera, rotation
            case originalName = "original_name"
        }

        /// Unknown values as null, which scripts can test for, rather than a missing key.
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
        }
    }

    private let entries: [Entry]

    init(_ photos: [Photo]) {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        entries = photos.map { photo in
            Entry(id: photo.id, label: photo.label, file: photo.fileURL.path, originalName: photo.originalName,
                  added: formatter.string(from: photo.added), taken: photo.takenIfKnown.map(formatter.string(from:)),
                  width: photo.width, height: photo.height, bytes: photo.bytes, camera: photo.camera, rotation: photo.rotation)
        }
    }

    /// A photo as a line of `list`: ID, label and original name between tabs, each escaped as
    /// `DisplayName` escapes, so that every photo stays one line of three fields.
    static func line(for photo: Photo) -> String {
        "\(photo.id)\t\(DisplayName.escaped(photo.label))\t\(photo.displayName)"
    }

    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and numbers cannot fail.
        let data = try! encoder.encode(entries)
        return String(decoding: data, as: UTF8.self)
    }
}
