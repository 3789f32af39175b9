// What Snapshelf asks a sandboxed decoder to do with the file it passes beside the request.
import Foundation

package enum DecoderRequest: Codable, Sendable {
    /// Decode the image scaled on load to fit a square of `side` pixels and turned upright,
    /// refusing it unheard when it declares more than `maximumPixels`.
    case image(fittingIn: Int, maximumPixels: Int)
    /// Read the metadata Snapshelf shows and imports: titles, camera, lens, exposure, position.
    case tags
    /// Learn what the app needs of a photo's content (see `PhotoFacts`); `name` is the file's
    /// name, which tells its type where its bytes are unclear.
    case facts(name: String)
    /// Find where a HEIF's or AVIF's own XMP item is located, so that an export can point it at a
    /// new packet in its private copy without the app reading the file's boxes.
    case heifXMPLocation

    /// Whether it asks for pixels, which a decoder with the common image loaders alone can give.
    package var isImage: Bool {
        if case .image = self { true } else { false }
    }
}
