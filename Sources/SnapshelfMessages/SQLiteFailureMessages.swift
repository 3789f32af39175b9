// What a SQLite failure says, before the repair its LibraryError names.
import SnapshelfModel

extension SQLiteFailure {
    public var words: String {
        switch self {
        case .failed(let said, _): said
        case .damaged(let said): Self.damaged(said)
        case .readOnly(let file, let cause):
            String(format: tr("%@ cannot be written (%@); open the library where it can be written"), file.path, cause.words)
        case .locked(let file): String(format: tr("another program has kept %@ locked; try again once it is done"), file.path)
        case .impossibleVersion(let version):
            Self.damaged(String(format: tr("its schema version is %ld, which no Snapshelf writes"), version))
        case .newerVersion(let found, let known):
            String(format: tr("it was written by a newer Snapshelf (schema %ld, this one knows %ld)"), found, known)
        case .olderVersionReadOnly:
            tr("it was written by an older Snapshelf and must be upgraded, but it is read-only; open it once where it can be written")
        case .unknownSchema(let named, let more) where more > 0:
            String(format: trn("it holds what Snapshelf never makes (%@ and %ld more), which would run inside its changes, so it is not used",
                               "it holds what Snapshelf never makes (%@ and %ld more), which would run inside its changes, so it is not used",
                               more), named.joined(separator: ", "), more)
        case .unknownSchema(let named, _):
            String(format: tr("it holds what Snapshelf never makes (%@), which would run inside its changes, so it is not used"),
                   named.joined(separator: ", "))
        }
    }

    private static func damaged(_ said: String) -> String {
        String(format: tr("%@; the database is damaged"), said)
    }
}
