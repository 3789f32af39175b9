// Why a sync's conflict copy was not merged or removed, and stays for `check` to report: a case
// for each reason, with its values. SnapshelfMessages words it.
import Foundation

public enum ConflictObstacle: Sendable, Equatable {
    /// The copy, or the sidecar it is of, cannot be used, for a sidecar's problem, in its words.
    case sidecarUnusable(String)
    /// The sidecar named `sidecar` that the copy is of cannot be read, for a sidecar's problem.
    case sidecarUnreadable(sidecar: String, String)
    /// The merged sidecar cannot be written, in Exiv2's or the system's words.
    case mergeNotWritten(String)
    /// The copy could not be renamed into its missing file's place.
    case notMoved(errno: Int32)
    /// A photo file's copy holds another content than its name gives.
    case otherContent
    /// A photo file's copy could not be read to its end.
    case cutShort
    /// A photo file's copy is no file of its own, or could not be opened.
    case notOpened(OpenFailure)
    /// A photo file's copy is too large or sparse to be a photo, and was not read.
    case refused(PhotoFileRefusal)
}
