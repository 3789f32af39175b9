// A file the person chose to import, checked to be a whole, readable image and previewed,
// but not yet in the library.
import CGdkPixbuf
import Foundation

public struct PhotoCandidate: Sendable {
    /// Images declaring more pixels are refused before decoding, which stops decompression
    /// bombs; a 200-megapixel camera's photo is well within it.
    public static let maximumMegapixels = 300

    public let sourceURL: URL
    /// Width and height as displayed, after the EXIF orientation.
    public let width: Int
    public let height: Int
    public let preview: Thumbnail
    /// The SHA-256 of the file's content, in lowercase hex: its identity in the library.
    public let sha256: String
    /// When it was taken: the EXIF DateTimeOriginal, else the file's modification time.
    public let taken: Date
    /// The extension GdkPixbuf's format gives, such as "jpeg", for the library's copy.
    public let fileExtension: String
    /// The file's bytes as inspected. The library saves exactly these, so what was hashed and
    /// previewed is what it keeps, even if the original changes before the save.
    let contents: Data

    /// Checks the file the way a person's mistakes need it checked, each with its own reason,
    /// then decodes a preview, which proves the image can be read.
    public init(inspecting sourceURL: URL, previewSize: Int) throws(ImportError) {
        let path = sourceURL.path
        let file = try SourceFile(opening: sourceURL)
        self.sourceURL = sourceURL
        sha256 = file.sha256
        contents = file.contents
        taken = file.withBytes { ExifDate.dateTaken(in: $0) } ?? file.modified
        let format = try file.withBytes { bytes throws(ImportError) in
            try Self.format(of: bytes, path: path)
        }
        var storedWidth: Int32 = 0
        var storedHeight: Int32 = 0
        gdk_pixbuf_get_file_info(file.systemPath, &storedWidth, &storedHeight)
        guard Int(storedWidth) * Int(storedHeight) <= Self.maximumMegapixels * 1_000_000 else {
            throw ImportError(path: path, reason: .tooManyPixels(width: Int(storedWidth), height: Int(storedHeight)))
        }
        if let problem = file.withBytes({ ImageCompleteness.problem(in: $0) }) {
            throw ImportError(path: path, reason: .incomplete(problem))
        }
        preview = try file.withBytes { bytes throws(ImportError) in
            try Thumbnail(decoding: bytes, fittingIn: previewSize, path: path)
        }
        fileExtension = format.extension
        width = Int(preview.isQuarterTurned ? storedHeight : storedWidth)
        height = Int(preview.isQuarterTurned ? storedWidth : storedHeight)
    }

    /// The GdkPixbuf format that reads these bytes, or why there is none.
    private static func format(of bytes: UnsafeRawBufferPointer, path: String) throws(ImportError)
        -> PixbufFormats.Format {
        let mimeType = PixbufFormats.mimeType(of: bytes, named: path)
        if let format = PixbufFormats.format(forMIMEType: mimeType) {
            return format
        }
        guard mimeType.hasPrefix("image/") else { throw ImportError(path: path, reason: .notAnImage) }
        throw ImportError(path: path, reason: .unsupportedFormat(mimeType))
    }
}
