// What the person should know of a file that did not stop its import: a case for each note that
// carries an error, which SnapshelfMessages words with the error's own words.
import Foundation

public enum ImportNote: Sendable, Equatable {
    /// A note the model words itself, since it carries no error.
    case said(String)
    /// The XMP sidecar beside the photo could not be read, so no title was taken from it.
    case sidecarUnreadable(FileName, DecodingFailure.Reason)
    /// The photo's title, from `source`, cannot be cut to a label, so it was not taken.
    case titleNotALabel(FileName, source: FoundTitle.Source, Label.Problem)
}
