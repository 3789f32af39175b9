// What the person should know of a file that did not stop its import: a case for each note, with
// its values, which SnapshelfMessages words.
import Foundation

public enum ImportNote: Sendable, Equatable {
    /// The XMP sidecar beside the photo could not be read, so no title was taken from it.
    case sidecarUnreadable(FileName, DecodingFailure.Reason)
    /// The photo's title, from `source`, cannot be cut to a label, so it was not taken.
    case titleNotALabel(FileName, source: FoundTitle.Source, Label.Problem)
    /// The sidecar's XMP cannot be read, in Exiv2's words, so no title was taken from it.
    case sidecarNotXMP(FileName, detail: String)
    /// The sidecar was not read, for `why`, so no title was taken from it.
    case sidecarRefused(FileName, why: String)
    /// The photo's own XMP cannot be read, in Exiv2's words, so no title was taken from it.
    case xmpUnreadable(FileName, detail: String)
    /// The photo's title, from `source`, was changed to fit the label rules.
    case titleChanged(FileName, source: FoundTitle.Source, [TitleChange])
    /// The photo's title, from `source`, holds nothing but invisible characters, so it was not taken.
    case titleInvisible(FileName, source: FoundTitle.Source)
    /// The photo took back what the sidecar waiting in the library kept: its label, or "", and the rest.
    case sidecarTakenBack(photoID: Int64, label: String)
    /// Shotwell showed the photo mirrored otherwise than its file declares; Snapshelf, which
    /// mirrors only as the file says, turns it as Shotwell did, the same way up.
    case shotwellMirrorDropped(FileName)
    /// A sidecar that cannot be used, for `why`, was where the photo's belongs; it was set aside `at`.
    case sidecarSetAside(photoID: Int64, why: String, at: URL)
    /// The photo was in the library already, and the title or turn the catalogue brought for it
    /// could not be saved, for the library's reason.
    case updateNotSaved(FileName, LibraryError)

    /// Whether the note is `shotwellMirrorDropped`.
    public var isMirrorDropped: Bool {
        if case .shotwellMirrorDropped = self { true } else { false }
    }

    /// What reading a title and the label rules changed in it.
    public enum TitleChange: Sendable, Equatable {
        /// Sequences of bytes that were no UTF-8 became U+FFFD.
        case notUTF8(sequences: Int)
        /// The label rules' change, in their words.
        case normalised(String)
        /// The text was longer than a label may be and was cut.
        case cut
    }
}
