// What a rebuild could not take as it was, for the person to know: a case for each note that
// carries an error, which SnapshelfMessages words with the error's own words.
import Foundation

public enum RebuildNote: Sendable, Equatable {
    /// A note the model words itself, since it carries no error.
    case said(String)
    /// A photo's copy could not be read; it was kept with what is known of it.
    case copyUnreadable(URL, ImportError)
    /// The sidecars could not all be written after the rebuild.
    case sidecarsNotWritten(LibraryError)
}
