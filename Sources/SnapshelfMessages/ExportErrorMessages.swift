// What an ExportError says: the file it stopped at, why, and that nothing half-written was left.
import SnapshelfModel

extension ExportError {
    public var explanation: String {
        switch reason {
        case .noFolder: tr("there is no such folder")
        case .notAFolder: tr("it is a file, not a folder")
        case .insideLibrary: tr("it is inside the library, whose folders hold only the library’s own files; choose a folder outside it")
        case .noSpace: tr("there is not enough space on the disk")
        case .permissionDenied: tr("you do not have permission to write into that folder")
        case .readOnly: tr("that folder is on a disk that is read-only")
        case .libraryCopyUnreadable(let detail): Self.unreadableCopy(detail)
        case .libraryCopyNotRead(let error): Self.unreadableCopy(error.message)
        case .metadata(let detail): String(format: tr("the label could not be written into it (%@)"), detail)
        case .notAnImage(let failure):
            // TRANSLATORS: %@ says why the sandboxed decoder could not read the photo.
            String(format: tr("its library copy could not be read as an image (%@), and only photos the sandbox has read are exported; `snapshelf check` says more"),
                   failure.explanation)
        case .workspaceUnsafe:
            tr("Snapshelf’s private folder for exports is not yours alone, so nothing is written there; make it yours and not writable by others (mode 700)")
        case .failed(let detail): String(format: tr("it could not be written (%@)"), detail)
        }
    }

    public var message: String {
        switch reason {
        case .noFolder, .notAFolder, .insideLibrary, .workspaceUnsafe:
            // TRANSLATORS: %@ is the folder chosen for the export, then why it cannot be used.
            String(format: tr("%@: %@; nothing was exported"), file, explanation)
        default:
            // TRANSLATORS: %@ is the file being exported, then why it failed; nothing of it was left behind.
            String(format: tr("%@: %@; the export stopped there, and no part of this file was left behind"), file, explanation)
        }
    }

    private static func unreadableCopy(_ detail: String) -> String {
        String(format: tr("the library’s copy cannot be read (%@); `snapshelf check` says more"), detail)
    }
}
