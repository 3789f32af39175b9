// Why a file could not be read or decoded as an image, worded for the person: the failure of the
// sandboxed decoders, and so of thumbnails, the viewer and import's inspection of a file.
import CGdkPixbuf
import Foundation

public struct DecodingFailure: FileFailure, CustomStringConvertible, Sendable, Equatable {
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

        /// Why, in the person's language.
        public var explanation: String {
            switch self {
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
                       DecodingFailure.formatted(bytes), DecodingFailure.formatted(PhotoCandidate.maximumBufferedBytes), type)
            // TRANSLATORS: both %@ are sizes such as "40.0 GB".
            case .tooLarge(let bytes): String(format: tr("it is %@, larger than the %@ a photo may be"), DecodingFailure.formatted(bytes),
                                              PhotoCandidate.formattedMaximumBytes)
            case .notAnImage: tr("it is not an image")
            // TRANSLATORS: %@ is a media type such as image/heic.
            case .unsupportedFormat(let type): String(format: tr("its format (%@) is not one Snapshelf can read"), type)
            case .tooManyPixels(let width, let height):
                String(format: tr("it declares %ld × %ld pixels, more than the limit of %ld megapixels"),
                       width, height, PhotoCandidate.maximumMegapixels)
            case .cutOff:
                String(format: tr("the image is incomplete: %@"), tr("the file ends before the image does; it was probably cut off while copying"))
            case .undecodable(let detail): String(format: tr("the image is damaged (%@)"), detail)
            case .failedBefore: String(format: tr("the image is damaged (%@)"), tr("an earlier attempt to read it failed"))
            // TRANSLATORS: %@ is how the decoder ended, such as "segmentation fault".
            case .decoderCrashed(let crash):
                String(format: tr("the decoder crashed on it (%@); the file may be damaged or made to attack image readers"), Self.how(crash))
            case .decoderTimedOut(let limit):
                String(format: tr("the decoder took too long on it (more than %ld seconds) and was stopped"), Int(limit.components.seconds))
            case .decoderOutOfMemory: tr("the decoder needed too much memory for it and was stopped")
            case .decoderKilled: tr("the decoder was killed while reading it; try again")
            case .decoderUnavailable(let detail): String(format: tr("no sandboxed decoder could be started (%@)"), detail)
            case .decoderMissing: String(format: tr("no sandboxed decoder could be started (%@)"), tr("the snapshelf program could not be found"))
            }
        }

        private static func how(_ crash: Crash) -> String {
            switch crash {
            case .signal(let name): name
            case .forbiddenSystemCall: tr("it tried a system call that decoding never needs")
            case .exited(let status): String(format: tr("it exited with status %ld"), status)
            case .unreadableAnswer: tr("its answer could not be read")
            }
        }
    }

    public let fileSystemPath: FileName
    public let reason: Reason

    public init(fileSystemPath: FileName, reason: Reason) {
        self.fileSystemPath = fileSystemPath
        self.reason = reason
    }

    public var explanation: String { reason.explanation }

    public var description: String { "\(displayPath): \(explanation)" }

    /// A size as GNOME shows one, such as "40.0 GB", in the person's language.
    static func formatted(_ bytes: Int) -> String {
        let text = g_format_size(guint64(bytes))!
        defer { g_free(text) }
        return String(cString: text)
    }
}
