// Why a file could not be read or decoded as an image: the failure of the sandboxed decoders, and
// so of thumbnails, the viewer and import's inspection of a file. SnapshelfMessages words it.
import CGdkPixbuf
import Foundation

public struct DecodingFailure: FileFailure, Sendable, Equatable {
    /// How a sandboxed decoder died on a file.
    public enum Crash: Sendable, Equatable {
        /// A signal, by its name, such as "segmentation fault".
        case signal(String)
        /// The allow-list's answer to a system call that decoding never makes.
        case forbiddenSystemCall
        case exited(status: Int)
        /// Its answer broke the rules, so the decoder is not trusted any more.
        case unreadableAnswer
    }

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
        /// The file ends before its image does.
        case cutOff
        case undecodable(String)
        /// An earlier attempt to decode this very version of the file failed.
        case failedBefore
        /// The sandboxed decoder died on the file.
        case decoderCrashed(Crash)
        /// The sandboxed decoder was still at it after the limit, and was stopped.
        case decoderTimedOut(Duration)
        /// The sandboxed decoder needed more memory than a helper may have.
        case decoderOutOfMemory
        /// Something outside Snapshelf killed the sandboxed decoder while it was on the file.
        case decoderKilled
        /// No sandboxed decoder could be started, with the reason.
        case decoderUnavailable(String)
        /// No sandboxed decoder could be started, since the snapshelf program could not be found.
        case decoderMissing
    }

    public let fileSystemPath: FileName
    public let reason: Reason

    public init(fileSystemPath: FileName, reason: Reason) {
        self.fileSystemPath = fileSystemPath
        self.reason = reason
    }

    /// A size as GNOME shows one, such as "40.0 GB", in the person's language.
    static func formatted(_ bytes: Int) -> String {
        let text = g_format_size(guint64(bytes))!
        defer { g_free(text) }
        return String(cString: text)
    }
}
