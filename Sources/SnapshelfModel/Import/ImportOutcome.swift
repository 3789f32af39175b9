// What importing one file did: added a photo, found the same content already in the library, or
// found it there with its copy missing or damaged and mended the copy from this file.
public enum ImportOutcome: Sendable, Equatable {
    case added(Photo)
    /// The library already holds this content; nothing was copied or changed.
    case duplicate(of: Photo)
    /// The library held this content, but its copy was missing or no longer matched its hash:
    /// the copy was made again from this file. The photo keeps its ID, label and date.
    case restored(Photo)

    /// Whether the file became a new photo, rather than one the library held already.
    public var isAdded: Bool { self == .added(photo) }

    /// The photo in the library, whichever happened.
    public var photo: Photo {
        switch self {
        case .added(let photo), .duplicate(of: let photo), .restored(let photo): photo
        }
    }
}
