// What a finding of `snapshelf check` says, with its repair and the words of the error it carries.
import SnapshelfModel

extension CheckFinding {
    public var words: String {
        switch self {
        case .said(let words): words
        case .unreadJournal(let journal): OpeningNote.unreadJournal(journal).words
        case .filesUnreachable(let error, let count):
            String(format: trn(
                "%@, so the file of the library’s %ld photo cannot be found; move what is in the way aside, then import the original again",
                "%@, so the files of the library’s %ld photos cannot be found; move what is in the way aside, then import the originals again",
                count), error.message, count)
        case .integrity(let line, let namesRebuild): Self.database(namesRebuild ? Self.rebuilt(line) : line)
        case .damage(let error): Self.database(error.reason)
        case .labelIndexMismatch(let error):
            // SQLite's word for the index may be that it is damaged, which names the rebuild already.
            Self.database(error.isMendedByRebuild ? Self.mismatch(error) : Self.rebuilt(Self.mismatch(error)))
        }
    }

    private static func database(_ finding: String) -> String {
        String(format: tr("database: %@"), finding)
    }

    private static func mismatch(_ error: LibraryError) -> String {
        String(format: tr("the label search index does not match the labels (%@)"), error.reason)
    }

    private static func rebuilt(_ finding: String) -> String {
        String(format: tr("%@; `snapshelf rebuild` makes the database again from the photos and their sidecars"), finding)
    }
}
