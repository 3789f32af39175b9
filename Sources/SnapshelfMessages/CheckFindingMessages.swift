// What a finding of `snapshelf check` says, with its repair and the words of the error it carries.
import Foundation
import SnapshelfModel

extension CheckFinding {
    public var words: String {
        switch self {
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
        case .noSidecarsYet:
            tr("the library is from before sidecars and read-only, so its photos have no sidecars yet; opening it once where it can be written writes them")
        // TRANSLATORS: %@ is the path of Syncthing's configuration file. “Send & Receive”, “Folder Type”
        // and “Advanced” are the words of Syncthing's own window.
        case .syncthingFolderType(.sendOnly, let configuration):
            String(format: tr("Syncthing only sends this library’s folder (its Folder Type is “Send Only”, says %@), so photos, labels and removals from the other computers never arrive here; in Syncthing, edit the folder and set Folder Type to “Send & Receive” under Advanced"),
                   configuration.path)
        case .syncthingFolderType(let kind, let configuration):
            String(format: tr("Syncthing only receives this library’s folder (its Folder Type is “%@”, says %@), so photos, labels and removals made here never reach the other computers, and Syncthing may undo them; in Syncthing, edit the folder and set Folder Type to “Send & Receive” under Advanced"),
                   kind == .receiveEncrypted ? "Receive Encrypted" : "Receive Only", configuration.path)
        // TRANSLATORS: %@ is the path of Syncthing's configuration file. “Ignore Delete” and
        // “Advanced” are the words of Syncthing's own window.
        case .syncthingIgnoresDeletes(let configuration):
            String(format: tr("Syncthing ignores deletions in this library’s folder (“Ignore Delete” is on, says %@), so a photo removed on another computer stays here, alone or without its sidecar, and the computers never hold the same photos; in Syncthing, edit the folder and turn Ignore Delete off under Advanced"),
                   configuration.path)
        // TRANSLATORS: the first %@ is a pattern of Syncthing's ignore file, %ld its line, the second %@ the file's path.
        case .syncthingIgnores(.photos, let pattern, let line, let file):
            String(format: tr("Syncthing ignores this library’s photos (the pattern “%@” on line %ld of %@), so photos imported here never reach the other computers, and theirs never come here; remove that line"),
                   pattern, line, file.path)
        case .syncthingIgnores(.sidecars, let pattern, let line, let file):
            String(format: tr("Syncthing ignores this library’s sidecars (the pattern “%@” on line %ld of %@), so labels and turns given here never reach the other computers, and theirs never come here; remove that line"),
                   pattern, line, file.path)
        case .syncthingIgnores(.computerRecords, let pattern, let line, let file):
            String(format: tr("Syncthing ignores the records in this library’s computers folder (the pattern “%@” on line %ld of %@), so a label, turn or removal that a conflict between the computers drops cannot be brought back from them; remove that line"),
                   pattern, line, file.path)
        case .syncthingIgnoreFileUnreadable(let pattern, let line, let file):
            String(format: tr("Syncthing cannot read the pattern “%@” on line %ld of %@, so it takes none of that file’s patterns and stops syncing this library’s folder; correct or remove that line"),
                   pattern, line, file.path)
        case .conflictCopy(let file, nil):
            String(format: tr("file %@ is a conflict copy a sync made; opening the library where it can be written merges it, or removes it when it holds nothing new"), file.path)
        // TRANSLATORS: the second %@ says why, such as "it is a link or a folder, not a file of its own".
        case .conflictCopy(let file, let reason?):
            String(format: tr("file %@ is a conflict copy a sync made that cannot be merged: %@; move it out of the library"), file.path, reason.words)
        case .setAside(let file, let why):
            // TRANSLATORS: %@ is a file's path, then why it is no photo, such as "it is a link, not a regular file".
            String(format: tr("file %@ is no photo of the library (%@), so it was set aside where it is, since moving it out would make Syncthing delete it on the other computers too; remove it, or move it out of the library, once no computer needs it"),
                   file.path, why.words)
        case .strayFile(let path):
            String(format: tr("file %@ belongs to no photo; import it to keep it, or move it out of the library"), path)
        case .straySidecar(let file, let label):
            label.isEmpty
                ? String(format: tr("sidecar %@ has no photo beside it; importing that photo’s original again takes it back, or move the sidecar out of the library"), file.path)
                : String(format: tr("sidecar %@ has no photo beside it; importing that photo’s original again takes back the label “%@” it keeps, or move the sidecar out of the library"),
                         file.path, label)
        case .keptCopyBack(let file, let id):
            String(format: tr("file %@ is a removed photo’s copy that is back in the library as photo %ld; move this copy to the Trash yourself"), file.path, Int(id))
        case .keptCopyRestored(let file):
            String(format: tr("file %@ is a removed photo brought back from the Trash; import it to keep the photo with the label its sidecar holds, or move it to the Trash again"),
                   file.path)
        case .keptCopy(let file):
            String(format: tr("file %@ is a removed photo’s copy that could not go to the Trash; move it to the Trash yourself, or import it to keep the photo"), file.path)
        case .sidecarBlocked(let id, let sidecar):
            String(format: tr("photo %ld: its sidecar cannot be written, since %@ is not a file; move it away, and the library writes the sidecar when it next opens"),
                   Int(id), sidecar.path)
        // TRANSLATORS: the second %@ says what is wrong with the sidecar, such as "it is missing".
        case .sidecarUnusable(let id, let sidecar, let why):
            String(format: tr("photo %ld: its sidecar %@ cannot be used: %@; giving the photo its label again (`snapshelf label %ld …`) writes it anew"),
                   Int(id), sidecar.path, why, Int(id))
        case .sidecarOfAnother(let id, let sidecar, let owner):
            String(format: tr("photo %ld: its sidecar %@ is photo %ld’s; giving the photo its label again (`snapshelf label %ld …`) writes its own"),
                   Int(id), sidecar.path, Int(owner), Int(id))
        case .sidecarDisagrees(let id, let sidecar, let label):
            String(format: tr("photo %ld: its sidecar %@ does not agree with the database (it says “%@”); `snapshelf rebuild` makes the database agree with the sidecars"),
                   Int(id), sidecar.path, label)
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
        case .refused(let refusal): refusal.words
        }
    }
}
