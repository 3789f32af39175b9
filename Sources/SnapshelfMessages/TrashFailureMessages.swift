// What a TrashFailure says: why the Trash refused, and where the photo and its file are now.
import SnapshelfModel

extension TrashFailure {
    public var explanation: String {
        let reason = Self.words(of: self.reason)
        guard let putBack else {
            return String(format: tr("%@; the photo stays in the library"), reason)
        }
        return String(format: tr("%@, and the photo could not be put back (%@); its file stays at %@"),
                      reason, putBack.reason, photo.fileURL.path)
    }

    /// Why the Trash refused, in its words, or that it gave none.
    static func words(of reason: String?) -> String {
        reason ?? tr("the Trash gave no reason")
    }
}
