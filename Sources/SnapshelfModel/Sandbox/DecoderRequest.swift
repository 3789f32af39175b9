// What Snapshelf asks a sandboxed decoder to do with the file it passes beside the request.
import Foundation

enum DecoderRequest: Codable, Sendable {
    /// Decode the image scaled on load to fit a square of `side` pixels and turned upright,
    /// refusing it unheard when it declares more than `maximumPixels`.
    case image(fittingIn: Int, maximumPixels: Int)
    /// Read the metadata Snapshelf shows and imports: titles, camera, lens, exposure, position.
    case tags
}

/// What a decoder answers; an image's pixels follow its header in the frame.
enum DecoderReply: Codable, Sendable {
    case image(DecodedLayout)
    case tags(PhotoTags)
    case refused(DecoderRefusal)
}

/// How the pixels after an image reply are laid out: 8-bit RGB or RGBA rows of `rowstride` bytes.
struct DecodedLayout: Codable, Sendable {
    let width: Int
    let height: Int
    let rowstride: Int
    let hasAlpha: Bool
    /// The size the file declares, before scaling and before its orientation is applied.
    let storedWidth: Int
    let storedHeight: Int
    /// The EXIF orientation (1 to 8) already applied to the pixels.
    let orientation: Int

    /// The bytes the pixels take: every row but the last in full, as GdkPixbuf lays them out;
    /// nil for a layout no loader makes, whose numbers would not fit GdkPixbuf's, such as a
    /// forged rowstride of 2³² on a one-row image.
    var byteCount: Int? {
        let channels = hasAlpha ? 4 : 3
        let (last, overflow) = width.multipliedReportingOverflow(by: channels)
        // Loaders pad each row to an alignment of at most a few dozen bytes.
        guard width > 0, height > 0, !overflow, rowstride >= last, rowstride <= last + 256,
              Int32(exactly: width) != nil, Int32(exactly: height) != nil, Int32(exactly: rowstride) != nil else { return nil }
        let (rows, overflowRows) = rowstride.multipliedReportingOverflow(by: height - 1)
        return overflowRows ? nil : rows + last
    }
}

/// Why a decoder could not do what it was asked, as it says.
enum DecoderRefusal: Codable, Sendable, Error {
    /// The loader or Exiv2 gave this reason.
    case undecodable(String)
    case tooManyPixels(width: Int, height: Int)
    /// The request came without a file, or with one the decoder could not read.
    case unreadable(String)
}
