// A file the person chose to import, checked to be a whole, readable image and previewed,
// but not yet in the library.
import Foundation
import SnapshelfDecoderWire

public struct PhotoCandidate: Sendable {
    /// Images declaring more pixels are refused before decoding, which stops decompression
    /// bombs; a 200-megapixel camera's photo is well within it.
    public static let maximumMegapixels = 300
    /// Files larger than this are refused before any byte is read: no camera or phone makes a
    /// photo anywhere near it, and a file this size is far more likely a video or a disk image.
    public static let maximumBytes = 2_000_000_000
    /// The size limit as GNOME writes sizes, such as "2.0 GB", in the person's language.
    public static var formattedMaximumBytes: String { DecodingFailure.formatted(maximumBytes) }
    /// GdkPixbuf's loaders for the other formats (TIFF, GIF, HEIF, AVIF, SVG…) hold the whole
    /// file in memory while they read it, so files of those formats are held to a lower limit.
    public static let maximumBufferedBytes = 250_000_000
    /// The formats whose loaders read a file a piece at a time, in memory that does not grow with it.
    static let streamedTypes: Set<String> = [
        "image/jpeg", "image/png", "image/webp", "image/bmp", "image/x-bmp", "image/x-icon", "image/vnd.microsoft.icon",
        "image/x-portable-anymap", "image/x-portable-bitmap", "image/x-portable-graymap", "image/x-portable-pixmap",
    ]

    public let sourceURL: URL
    /// The file as it was opened for inspection, kept open so the library copies these bytes.
    let source: OpenFile
    /// The file's identity when it was opened, which tells whether it has changed since.
    let sourceIdentity: OpenFile.Identity
    /// Width and height as displayed, after the EXIF orientation.
    public let width: Int
    public let height: Int
    public let preview: Thumbnail
    /// The SHA-256 of the file's content, in lowercase hex: its identity in the library.
    public let sha256: String
    /// When it was taken: the EXIF DateTimeOriginal with its offset, else the date a catalogue it
    /// came from gives, else the file's modification time.
    public internal(set) var taken: TakenDate
    /// Whether the file itself records when it was taken.
    public let recordsDate: Bool
    /// How far the photo is turned clockwise on top of its orientation, in degrees, as a catalogue
    /// it came from showed it.
    public internal(set) var rotation = 0
    /// The extension GdkPixbuf's format gives, such as "jpeg", for the library's copy.
    public let fileExtension: String
    /// A title another app gave the photo, to offer as its label; see `FoundTitle`.
    public let title: FoundTitle?
    /// Why a sidecar beside the original could not give a title, worded for the person.
    public let titleNotes: [ImportNote]
    /// The camera's make and model, as its EXIF tells them.
    public let camera: String?

    /// Checks the file the way a person's mistakes need it checked, each with its own reason,
    /// then decodes a preview, which proves the image can be read. The app reads none of the
    /// file's content but to hash and copy it: what it is, whether it is whole, when it was taken
    /// and its tags come from a sandboxed decoder, and the file's identity (its change time
    /// included, which no one can set back) is the same from before the decoders read it to after
    /// it is hashed, so the bytes hashed are the bytes decoded. The library copies it later,
    /// checking that identity again, so that what it keeps is exactly what was inspected. A
    /// library's own copy, whose name another computer may have made a link, is inspected
    /// without `followingLinks`. A catalogue's file is `refusingHidden` where it turns out to be
    /// in a hidden folder once opened (see `SourceFile`).
    public init(inspecting sourceURL: URL, previewSize: Int, followingLinks: Bool = true, refusingHidden: Bool = false) throws(ImportError) {
        let path = FileName(url: sourceURL).text
        let file = try SourceFile(opening: sourceURL, followingLinks: followingLinks, refusingHidden: refusingHidden)
        self.sourceURL = sourceURL
        source = file.file
        sourceIdentity = file.identity
        let facts: PhotoFacts
        do throws(DecodingFailure) {
            facts = try PhotoFacts.read(from: file.file.descriptor, path: path, name: FileName(url: sourceURL).lastComponent.text)
        } catch {
            throw ImportError(error)
        }
        let format = try Self.format(of: facts.contentType, path: path)
        guard Self.streamedTypes.contains(facts.contentType) || file.file.size <= Self.maximumBufferedBytes else {
            throw ImportError(path: path, reason: .file(.tooLargeForFormat(bytes: file.file.size, type: facts.contentType)))
        }
        if facts.isCutOff {
            throw ImportError(path: path, reason: .file(.cutOff))
        }
        // Decoded in a sandboxed decoder, which refuses too many pixels before decoding any.
        let decoded: DecoderPool.DecodedImage
        do throws(DecodingFailure) {
            decoded = try DecoderPool.shared.image(from: file.file.descriptor, path: path, fittingIn: previewSize,
                                                   maximumPixels: Self.maximumMegapixels * 1_000_000)
        } catch {
            throw ImportError(error)
        }
        preview = decoded.thumbnail
        sha256 = try file.sha256(path: path)
        guard file.file.identity() == file.identity else { throw ImportError(path: path, reason: .changedDuringImport) }
        let recorded = facts.taken
        taken = recorded ?? TakenDate(moment: file.modified)
        recordsDate = recorded != nil
        fileExtension = format.extension
        (title, titleNotes) = FoundTitle.find(for: sourceURL, tags: facts.tags)
        camera = facts.tags?.camera
        width = preview.isQuarterTurned ? decoded.storedHeight : decoded.storedWidth
        height = preview.isQuarterTurned ? decoded.storedWidth : decoded.storedHeight
    }

    /// Takes what a catalogue says of the photo: its turn, and its date when the file records
    /// none. Returns whether the catalogue showed it mirrored otherwise than Snapshelf can.
    mutating func adopt(_ details: ImportedDetails) -> Bool {
        if let moment = details.taken, !recordsDate {
            taken = TakenDate(moment: moment)
        }
        guard let orientation = details.orientation else { return false }
        let (degrees, mirrorDropped) = ImportedDetails.rotation(showing: orientation, applied: preview.orientation)
        rotation = degrees
        return mirrorDropped
    }

    /// The GdkPixbuf format for the content type the file's bytes show, or why there is none.
    private static func format(of mimeType: String, path: String) throws(ImportError) -> PixbufFormats.Format {
        if let format = PixbufFormats.format(forMIMEType: mimeType) {
            return format
        }
        guard mimeType.hasPrefix("image/") else { throw ImportError(path: path, reason: .file(.notAnImage)) }
        throw ImportError(path: path, reason: .file(.unsupportedFormat(mimeType)))
    }
}
