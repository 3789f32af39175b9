// The metadata Snapshelf reads from a photo that came from outside: its titles, camera, lens,
// exposure and position. Exiv2 parses it inside a sandboxed decoder, since a hostile file can
// attack a metadata parser as well as an image loader; only these plain values come back.
import Foundation

public struct PhotoTags: Codable, Sendable, Equatable {
    struct Rational: Codable, Sendable, Equatable {
        let numerator: Int
        let denominator: Int
    }

    /// The default-language Xmp.dc.title, else its first language in the packet's order.
    var title: String?
    /// How many byte sequences in the title were no UTF-8, each now U+FFFD; nil for none.
    var titleInvalidSequences: Int?
    /// The title's size in bytes, when it was longer than an answer carries and was cut.
    var titleBytes: Int?
    /// Why the XMP could not be read, so that no title came from it.
    var xmpProblem: String?
    var objectName: String?
    var make: String?
    var model: String?
    var lensModel: String?
    var auxiliaryLens: String?
    /// Nikon's lens as Exiv2 names it for people, rather than its number.
    var nikonLens: String?
    var exposureTime: Rational?
    var fNumber: Rational?
    var focalLength: Rational?
    var iso: String?
    var latitude: Double?
    var longitude: Double?

    /// Reads the values out of metadata already parsed from `file`, in the decoder.
    init(reading metadata: Metadata, file: UnsafeRawBufferPointer) {
        switch XMPTitle.read(from: metadata, file: file) {
        case .success(let reading)?:
            title = reading.title
            titleInvalidSequences = reading.invalidSequences > 0 ? reading.invalidSequences : nil
        case .failure(let failure)?: xmpProblem = failure.description
        case nil: break
        }
        objectName = metadata.string("Iptc.Application2.ObjectName")
        make = metadata.string("Exif.Image.Make")
        model = metadata.string("Exif.Image.Model")
        lensModel = metadata.string("Exif.Photo.LensModel")
        auxiliaryLens = metadata.string("Xmp.aux.Lens")
        nikonLens = metadata.interpreted("Exif.Nikon3.Lens")
        exposureTime = metadata.rational("Exif.Photo.ExposureTime").map(Rational.init)
        fNumber = metadata.rational("Exif.Photo.FNumber").map(Rational.init)
        focalLength = metadata.rational("Exif.Photo.FocalLength").map(Rational.init)
        iso = metadata.string("Exif.Photo.ISOSpeedRatings")
        let position = metadata.position()
        latitude = position?.latitude
        longitude = position?.longitude
    }

    /// The names of camera, lens and speed, as opposed to the titles.
    private static var names: [WritableKeyPath<PhotoTags, String?>] { [\.make, \.model, \.lensModel, \.auxiliaryLens, \.nikonLens, \.iso] }

    /// The tags cut to fit the answer's bounded header, each text at a character's boundary: the
    /// title to `titleLimit` bytes, far more than a label takes, noting its size when it was cut,
    /// and the names to `limit` bytes. Bytes, not characters, since one character may hold any
    /// number of combining marks. The decoder sends them so.
    func truncated(to limit: Int = 4096, titleLimit: Int = 65_536) -> PhotoTags {
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

    /// The tags with every name in them made one short line of plain text (see DecoderText), as
    /// a decoder's words must be; the titles are left whole for Label's own rules, which remove
    /// the same characters and say so.
    func cleaned() -> PhotoTags {
        changing([\.xmpProblem] + Self.names) { DecoderText.clean($0) }
    }

    private func changing(_ fields: [WritableKeyPath<PhotoTags, String?>], _ change: (String) -> String) -> PhotoTags {
        var tags = self
        for field in fields {
            tags[keyPath: field] = tags[keyPath: field].map(change)
        }
        return tags
    }

    /// Reads the tags of the file at `url` in a sandboxed decoder; why not, in Exiv2's words or
    /// the decoder's, when they cannot be read.
    static func read(_ url: URL) throws(Metadata.Failure) -> PhotoTags {
        try reading { () throws(ImportError) in try DecoderPool.shared.tags(of: url) }
    }

    /// Reads the tags of the open file, which stays open.
    static func read(from descriptor: Int32, path: String) throws(Metadata.Failure) -> PhotoTags {
        try reading { () throws(ImportError) in try DecoderPool.shared.tags(from: descriptor, path: path) }
    }

    /// The tags `read` gives, or its failure as a metadata failure: Exiv2's words where it gave them.
    private static func reading(_ read: () throws(ImportError) -> PhotoTags) throws(Metadata.Failure) -> PhotoTags {
        do throws(ImportError) {
            return try read()
        } catch {
            if case .undecodable(let detail) = error.reason { throw Metadata.Failure(description: detail) }
            throw Metadata.Failure(description: error.explanation)
        }
    }
}
