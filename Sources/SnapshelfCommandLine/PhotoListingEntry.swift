// One photo as `snapshelf list --json` shows it: a view of its record under the listing's own
// keys, which scripts depend on, whatever the record's fields are called. `PhotoListing` writes
// it a photo at a time, key by key; JSONEncoder, given the same entries, writes the same text.
import Foundation
import SnapshelfModel

extension PhotoListing {
    struct Entry: Encodable {
        /// In the order of their names, as JSONEncoder's `.sortedKeys` writes them.
        enum CodingKeys: String, CodingKey, CaseIterable {
            case added, bytes, camera, file, height, history, id, label
            case originalName = "original_name"
            case rotation, taken, width
        }

        /// A value as the listing writes it. Unknown values are null, which scripts can test for,
        /// rather than a missing key.
        enum Value {
            case number(Int?)
            case text(String?)
            case labels([EarlierLabelEntry])
        }

        /// An earlier label, newest first under `history`.
        struct EarlierLabelEntry: Encodable, Equatable {
            enum CodingKeys: String, CodingKey, CaseIterable {
                case computer, given, label
                case thisComputer = "this_computer"
            }

            let earlier: EarlierLabel

            func encode(to encoder: Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(earlier.computer, forKey: .computer)
                try container.encode(PhotoListing.timestamp(earlier.given), forKey: .given)
                try container.encode(earlier.label, forKey: .label)
                try container.encode(earlier.isThisComputer, forKey: .thisComputer)
            }
        }

        let photo: Photo
        let earlierLabels: [EarlierLabel]

        init(photo: Photo, earlierLabels: [EarlierLabel] = []) {
            (self.photo, self.earlierLabels) = (photo, earlierLabels)
        }

        subscript(key: CodingKeys) -> Value {
            switch key {
            case .added: .text(PhotoListing.timestamp(photo.added))
            case .bytes: .number(photo.bytes)
            case .camera: .text(photo.camera)
            case .file: .text(photo.fileURL.path)
            case .height: .number(photo.height)
            case .history: .labels(earlierLabels.map(EarlierLabelEntry.init))
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
                case .labels(let labels): try container.encode(labels, forKey: key)
                }
            }
        }
    }
}
