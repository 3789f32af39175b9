// A removed photo whose copy the Trash would not take: a library on a file system without a
// Trash, or a data folder that cannot be written. The copy is never deleted instead; the photo is
// put back in the library, so that nothing is lost and the person can try again.
public struct TrashFailure: Sendable, Equatable {
    public let photo: Photo
    /// Why the Trash refused, as GIO says it; nil when it gave no reason.
    public let reason: String?
    /// Nil when the photo is back in the library; else why putting it back failed too, in which
    /// case its file stays where it is until the next start keeps it in the library's `removed` folder.
    public let putBack: LibraryError?
}
