// One photo as `snapshelf list --json` shows it: a view of its record under the listing's own
// keys, which scripts depend on, whatever the record's fields are called. `PhotoListing` writes
// it a photo at a time, key by key; JSONEncoder, given the same entries, writes the same text.
import Foundation
import SnapshelfModel

extension PhotoListing {
    struct Entry: Encodable {
        /// In the order of their names, as JSONEncoder's `.sortedKeys` writes them.
        enum CodingKeys: String, CodingKey, CaseIterable {
            case added, bytes, camera, file, height, id, label
            case originalName = "original_name"
            case rotation, taken, width
        }

        /// A value as the listing writes it. Unknown values are null, which scripts can test for,
        /// rather than a missing key.
        enum Value {
            case number(Int?)
            case text(String?)
        }

        let photo: Photo

        subscript(key: CodingKeys) -> Value {
            switch key {
            case .added: .text(PhotoListing.timestamp(photo.added))
            case .bytes: .number(photo.bytes)
            case .camera: .text(photo.camera)
            case .file: .text(photo.fileURL.path)
            case .height: .number(photo.height)
            case .id: .number(Int(photo.id))
            case .label: .text(photo.label)
            case .originalName: .text(photo.originalName)
            case .rotation: .number(photo.rotation)
            case .taken: .text(photo.takenIfKnown.map(PhotoListing.clockTime))
            case .width: .number(photo.width)
            }
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            for key in CodingKeys.allCases {
                switch self[key] {
                case .number(let number): try container.encode(number, forKey: key)
                case .text(let text): try container.encode(text, forKey: key)
                }
            }
        }
    }
}
