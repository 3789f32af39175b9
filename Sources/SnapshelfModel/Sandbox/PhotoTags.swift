// The metadata Snapshelf reads from a photo that came from outside: its titles, camera, lens,
// exposure and position. Exiv2 parses it inside a sandboxed decoder, since a hostile file can
// attack a metadata parser as well as an image loader; only these plain values come back.
import Foundation

public struct PhotoTags: Codable, Sendable, Equatable {
    struct Rational: Codable, Sendable, Equatable {
        let numerator: Int
        let denominator: Int
    }

    /// The default-language Xmp.dc.title, else its first language.
    var title: String?
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

    /// Reads the values out of metadata already parsed, in the decoder.
    init(reading metadata: Metadata) {
        title = metadata.title()
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

    /// The tags with no text longer than `limit` characters, so that a file's huge title fits the
    /// answer's bounded header; the decoder sends them so.
    func truncated(to limit: Int = 16_384) -> PhotoTags {
        changing([\.title, \.objectName] + Self.names) { String($0.prefix(limit)) }
    }

    /// The tags with every name in them made one short line of plain text (see DecoderText), as
    /// a decoder's words must be; the titles are left whole for Label's own rules, which remove
    /// the same characters and say so.
    func cleaned() -> PhotoTags {
        changing(Self.names) { DecoderText.clean($0) }
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
