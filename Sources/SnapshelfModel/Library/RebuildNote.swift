// What a rebuild could not take as it was, for the person to know: a case for each note, with its
// values, which SnapshelfMessages words.
import Foundation

public enum RebuildNote: Sendable, Equatable {
    /// A merge of a sync's conflict copy, worded by the merge.
    case said(String)
    /// A photo's copy could not be read; it was kept with what is known of it.
    case copyUnreadable(URL, ImportError)
    /// The sidecars could not all be written after the rebuild.
    case sidecarsNotWritten(LibraryError)
    /// A file in the folder not named by its content, so no library copy; it was left out.
    case notALibraryCopy(URL)
    /// A file that is no photo, for `why`, such as a link another computer made: never followed
    /// nor read, it was left out, and stays where it is.
    case setAside(URL, why: PhotoFileRefusal)
    /// A copy that holds the same photo as another; it was left out.
    case sameContent(URL)
    /// Two sidecars claim photo `photoID`; the first is now photo `now`, with all else it holds.
    case claimedTwice(SidecarOf, photoID: Int64, alsoBy: SidecarOf, now: Int64)
    /// The sidecar of the copy named `copy` cannot be used, for `why`, and went to `folder`.
    case sidecarSetAside(copy: String, why: String, folder: URL)
    /// The sidecar cannot be used as it is, for `why`; the photo keeps its label, or "", and the rest.
    case sidecarSalvaged(SidecarOf, why: String, photoID: Int64, label: String)
    /// The label in the sidecar of the copy named `copy` was too long and was cut.
    case labelCut(copy: String)
    /// A sidecar with no copy beside it, with the label it keeps, or "": no photo was made of it.
    case straySidecar(URL, label: String)

    /// A sidecar, with the name of the photo's original when it gives one.
    public struct SidecarOf: Sendable, Equatable {
        public let sidecar: URL
        public let original: String?

        public init(sidecar: URL, original: String?) {
            (self.sidecar, self.original) = (sidecar, original)
        }
    }
}
