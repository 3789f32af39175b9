// What importing one file did: added a photo, or found the same content already in the library.
public enum ImportOutcome: Sendable, Equatable {
    case added(Photo)
    /// The library already holds this content; nothing was copied or changed.
    case duplicate(of: Photo)
}
