// What a finding of `snapshelf check` says, with its repair and the words of the error it carries.
import Foundation
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
        case .strangeFileName(let id, let name):
            String(format: tr("photo %ld: the database gives its file the name “%@”, which Snapshelf never gives; the database is damaged, and `snapshelf rebuild` makes it again from the photos and their sidecars"),
                   Int(id), name)
        case .folderInPlace(let id, let file, let original):
            String(format: tr("photo %ld: where its file belongs, %@, there is a folder; move the folder away, then import the original (%@) again"),
                   Int(id), file.path, original)
        case .missingFile(let id, let file, let original):
            Self.restored(String(format: tr("photo %ld: its file %@ is missing"), Int(id), file.path), original)
        case .unreadableFile(let id, let file, let original, let why):
            Self.restored(String(format: tr("photo %ld: its file %@ cannot be read (%@)"), Int(id), file.path, why.words), original)
        case .changedFile(let id, let file, let original):
            Self.restored(String(format: tr("photo %ld: its file %@ does not match its recorded content"), Int(id), file.path), original)
        }
    }

    /// A problem with a photo's file, with the repair: importing the original again.
    private static func restored(_ problem: String, _ original: String) -> String {
        // TRANSLATORS: the first %@ is a problem with a photo's file, the second the file name it was imported from.
        String(format: tr("%@; importing its original (%@) again restores it"), problem, original)
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

extension CheckFinding.ReadFault {
    public var words: String {
        switch self {
        case .shrank: tr("it changed while it was read")
        case .failed(let code): String(cString: strerror(code))
        case .notRegular(let failure): failure.description
        }
    }
}
