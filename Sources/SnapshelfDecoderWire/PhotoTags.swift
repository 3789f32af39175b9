// The metadata Snapshelf reads from a photo that came from outside: its titles, camera, lens,
// exposure and position. Exiv2 parses it inside a sandboxed decoder, since a hostile file can
// attack a metadata parser as well as an image loader; only these plain values come back.
import Foundation

package struct PhotoTags: Codable, Sendable, Equatable {
    package struct Rational: Codable, Sendable, Equatable {
        package let numerator: Int
        package let denominator: Int

        package init(numerator: Int, denominator: Int) {
            self.numerator = numerator
            self.denominator = denominator
        }
    }

    /// The default-language Xmp.dc.title, else its first language in the packet's order.
    package var title: String?
    /// How many byte sequences in the title were no UTF-8, each now U+FFFD; nil for none.
    package var titleInvalidSequences: Int?
    /// The title's size in bytes, when it was longer than an answer carries and was cut.
    package var titleBytes: Int?
    /// Why the XMP could not be read, so that no title came from it.
    package var xmpProblem: String?
    package var objectName: String?
    package var make: String?
    package var model: String?
    package var lensModel: String?
    package var auxiliaryLens: String?
    /// Nikon's lens as Exiv2 names it for people, rather than its number.
    package var nikonLens: String?
    package var exposureTime: Rational?
    package var fNumber: Rational?
    package var focalLength: Rational?
    package var iso: String?
    package var latitude: Double?
    package var longitude: Double?

    /// No tags; the decoder fills them in from what Exiv2 read.
    package init() {}

    /// The names of camera, lens and speed, as opposed to the titles.
    package static var names: [WritableKeyPath<PhotoTags, String?>] { [\.make, \.model, \.lensModel, \.auxiliaryLens, \.nikonLens, \.iso] }

    /// The tags cut to fit the answer's bounded header, each text at a character's boundary: the
    /// title to `titleLimit` bytes, far more than a label takes, noting its size when it was cut,
    /// and the names to `limit` bytes. Bytes, not characters, since one character may hold any
    /// number of combining marks. The decoder sends them so.
    package func truncated(to limit: Int = 4096, titleLimit: Int = 65_536) -> PhotoTags {
        var tags = changing([\.objectName, \.xmpProblem] + Self.names) { Self.cut($0, to: limit) }
        if let title, title.utf8.count > titleLimit {
            tags.title = Self.cut(title, to: titleLimit)
            tags.titleBytes = title.utf8.count
        }
        return tags
    }

    private static func cut(_ text: String, to bytes: Int) -> String {
        let utf8 = Array(text.utf8)
        var end = min(bytes, utf8.count)
        // The bytes after a character's first, 10xxxxxx in UTF-8, go with it.
        while end > 0 && end < utf8.count && utf8[end] & 0xC0 == 0x80 { end -= 1 }
        return String(decoding: utf8[..<end], as: UTF8.self)
    }

    package func changing(_ fields: [WritableKeyPath<PhotoTags, String?>], _ change: (String) -> String) -> PhotoTags {
        var tags = self
        for field in fields {
            tags[keyPath: field] = tags[keyPath: field].map(change)
        }
        return tags
    }
}
