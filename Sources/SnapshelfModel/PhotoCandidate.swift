// A file the person chose to import, checked to be a readable image and previewed, but not yet saved.
import CGdkPixbuf
import Foundation

public struct PhotoCandidate: Sendable {
    public let sourceURL: URL
    /// Width and height as displayed, after the EXIF orientation.
    public let width: Int
    public let height: Int
    public let preview: Thumbnail

    /// Checks the file the way a person's mistakes need it checked, each with its own reason,
    /// then decodes a preview, which proves the whole image can be read.
    public init(inspecting sourceURL: URL, previewSize: Int) throws(ImportError) {
        let path = sourceURL.path
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw ImportError(path: path, reason: errno == ENOENT ? .missing : .unreadable(String(cString: strerror(errno))))
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: throw ImportError(path: path, reason: .isDirectory)
        case S_IFREG: break
        default: throw ImportError(path: path, reason: .notRegularFile)
        }
        guard access(path, R_OK) == 0 else {
            throw ImportError(path: path, reason: .unreadable(String(cString: strerror(errno))))
        }
        guard status.st_size > 0 else { throw ImportError(path: path, reason: .empty) }
        var storedWidth: Int32 = 0
        var storedHeight: Int32 = 0
        guard gdk_pixbuf_get_file_info(path, &storedWidth, &storedHeight) != nil else {
            throw ImportError(path: path, reason: .unsupportedFormat)
        }
        preview = try Thumbnail(decoding: sourceURL, fittingIn: previewSize)
        self.sourceURL = sourceURL
        width = Int(preview.isQuarterTurned ? storedHeight : storedWidth)
        height = Int(preview.isQuarterTurned ? storedWidth : storedHeight)
    }
}
