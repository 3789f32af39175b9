// Why a file could not become a photo in the library, worded for the person who chose it.
import CGdkPixbuf
import Foundation

public struct ImportError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        case missing
        case symlinkLoop
        case permissionDenied
        case isDirectory
        case notRegularFile
        case unreadable(String)
        case empty
        case tooLarge(bytes: Int)
        case tooLargeForFormat(bytes: Int, type: String)
        case notAnImage
        case unsupportedFormat(String)
        case tooManyPixels(width: Int, height: Int)
        case incomplete(String)
        case undecodable(String)
        /// The sandboxed decoder died on the file: a signal's name, such as "segmentation fault".
        case decoderCrashed(String)
        /// The sandboxed decoder was still at it after the limit, and was stopped.
        case decoderTimedOut(Duration)
        /// The sandboxed decoder needed more memory than a helper may have.
        case decoderOutOfMemory
        /// Something outside Snapshelf killed the sandboxed decoder while it was on the file.
        case decoderKilled
        /// No sandboxed decoder could be started, with the reason.
        case decoderUnavailable(String)
        case changedDuringImport
        case copyFailed(String)
        case noSpace
        case databaseFailed(String)
        case libraryReadOnly
    }

    /// The file's path as the file system spells it, which need not be UTF-8.
    public let fileSystemPath: FileName
    public let reason: Reason

    public init(path: String, reason: Reason) {
        self.init(fileSystemPath: FileName(path), reason: reason)
    }

    /// The error of the file at a file URL, whose name may be no UTF-8.
    public init(url: URL, reason: Reason) {
        self.init(fileSystemPath: FileName(url: url), reason: reason)
    }

    public init(fileSystemPath: FileName, reason: Reason) {
        self.fileSystemPath = fileSystemPath
        self.reason = reason
    }

    /// The path as text, U+FFFD standing for bytes that are not UTF-8; see `displayPath` for messages.
    public var path: String { fileSystemPath.text }

    /// The path as messages show it; see `DisplayName`.
    public var displayPath: String { fileSystemPath.displayed }

    /// The file's name alone, as messages in the window show it.
    public var fileName: String { DisplayName.baseName(of: fileSystemPath) }

    /// Why, in the person's language.
    public var explanation: String {
        switch reason {
        case .missing: tr("there is no file at this path")
        case .symlinkLoop: tr("it is a symbolic link that leads back to itself")
        case .permissionDenied: tr("you do not have permission to read it")
        case .isDirectory: tr("it is a folder, not a file")
        case .notRegularFile: tr("it is not a regular file")
        case .unreadable(let detail): String(format: tr("it cannot be read (%@)"), detail)
        case .empty: tr("the file is empty")
        // TRANSLATORS: the first two %@ are sizes such as "300.0 MB", the last a media type such as image/tiff.
        case .tooLargeForFormat(let bytes, let type):
            String(format: tr("it is %@, larger than the %@ Snapshelf reads of a file of type %@, whose reader holds the whole file in memory"),
                   Self.formatted(bytes), Self.formatted(PhotoCandidate.maximumBufferedBytes), type)
        // TRANSLATORS: both %@ are sizes such as "40.0 GB".
        case .tooLarge(let bytes): String(format: tr("it is %@, larger than the %@ a photo may be"), Self.formatted(bytes),
                                          PhotoCandidate.formattedMaximumBytes)
        case .notAnImage: tr("it is not an image")
        // TRANSLATORS: %@ is a media type such as image/heic.
        case .unsupportedFormat(let type): String(format: tr("its format (%@) is not one Snapshelf can read"), type)
        case .tooManyPixels(let width, let height):
            String(format: tr("it declares %ld × %ld pixels, more than the limit of %ld megapixels"),
                   width, height, PhotoCandidate.maximumMegapixels)
        case .incomplete(let detail): String(format: tr("the image is incomplete: %@"), detail)
        case .undecodable(let detail): String(format: tr("the image is damaged (%@)"), detail)
        // TRANSLATORS: %@ is how the decoder ended, such as "segmentation fault".
        case .decoderCrashed(let detail): String(format: tr("the decoder crashed on it (%@); the file may be damaged or made to attack image readers"), detail)
        case .decoderTimedOut(let limit):
            String(format: tr("the decoder took too long on it (more than %ld seconds) and was stopped"), Int(limit.components.seconds))
        case .decoderOutOfMemory: tr("the decoder needed too much memory for it and was stopped")
        case .decoderKilled: tr("the decoder was killed while reading it; try again")
        case .decoderUnavailable(let detail): String(format: tr("no sandboxed decoder could be started (%@)"), detail)
        case .changedDuringImport: tr("the file changed while it was being imported; try again")
        case .copyFailed(let detail): String(format: tr("it could not be copied into the library (%@)"), detail)
        case .noSpace: tr("there is not enough space on the disk for the library's copy")
        case .databaseFailed(let detail): String(format: tr("the library could not record it (%@)"), detail)
        case .libraryReadOnly: tr("the library is read-only, so nothing can be added to it")
        }
    }

    /// A size as GNOME shows one, such as "40.0 GB", in the person's language.
    static func formatted(_ bytes: Int) -> String {
        let text = g_format_size(guint64(bytes))!
        defer { g_free(text) }
        return String(cString: text)
    }

    public var description: String { "\(displayPath): \(explanation)" }
}
