// What a DecodingFailure says: why the file could not be read or decoded as an image, and how a
// sandboxed decoder ended on it.
import SnapshelfModel

extension DecodingFailure.Reason {
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
                   PhotoDetails.size(bytes), PhotoDetails.size(PhotoCandidate.maximumBufferedBytes), type)
        // TRANSLATORS: both %@ are sizes such as "40.0 GB".
        case .tooLarge(let bytes): String(format: tr("it is %@, larger than the %@ a photo may be"), PhotoDetails.size(bytes),
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
        case .decoderMissing: String(format: tr("no sandboxed decoder could be started (%@)"), tr("the snapshelf-decoder program could not be found"))
        }
    }

    private static func how(_ crash: DecodingFailure.Crash) -> String {
        switch crash {
        case .signal(let name): name
        case .forbiddenSystemCall: tr("it tried a system call that decoding never needs")
        case .exited(let status): String(format: tr("it exited with status %ld"), status)
        case .unreadableAnswer: tr("its answer could not be read")
        }
    }

    /// Why the tags could not be read: Exiv2's own words where it gave them.
    public var metadataWords: String {
        if case .undecodable(let detail) = self { detail } else { explanation }
    }
}

extension DecodingFailure {
    /// Why, in the person's language.
    public var explanation: String { reason.explanation }

    /// The file's path, then why.
    public var message: String { "\(displayPath): \(explanation)" }
}
