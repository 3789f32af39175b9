// One entry of the library's change log, which triggers write for every insert, update and
// delete, whichever process makes it.
public struct LibraryChange: Sendable, Equatable {
    /// The raw values are what the triggers write.
    public enum Kind: Int64, Sendable {
        case inserted = 0
        case updated = 1
        case deleted = 2
    }

    public let sequence: Int64
    public let photoID: Int64
    public let kind: Kind
}
