// What a TrashFailure says: why the Trash refused, and where the photo and its file are now.
import SnapshelfModel

extension TrashFailure {
    public var explanation: String {
        guard let putBack else {
            return String(format: tr("%@; the photo stays in the library"), reason)
        }
        return String(format: tr("%@, and the photo could not be put back (%@); its file stays at %@"),
                      reason, putBack.reason, photo.fileURL.path)
    }
}
