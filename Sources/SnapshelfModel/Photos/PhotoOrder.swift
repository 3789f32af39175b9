// The orders the photos can be shown in. The raw values are what preferences store.
public enum PhotoOrder: String, CaseIterable, Sendable {
    case addedNewestFirst = "added-newest"
    case addedOldestFirst = "added-oldest"
    case labelAToZ = "label"
    case takenNewestFirst = "taken"
    case takenOldestFirst = "taken-oldest"

    /// The SQL that sorts the photos table this way; every order ends on the ID so ties are stable.
    var sqlOrdering: String {
        switch self {
        case .addedNewestFirst: "id DESC"
        case .addedOldestFirst: "id"
        // Unlabelled photos after the labelled ones, which sort by their case- and accent-folded text.
        case .labelAToZ: "label_key = '', label_key, id"
        case .takenNewestFirst: "coalesce(taken_ms, added_ms) DESC, id DESC"
        case .takenOldestFirst: "coalesce(taken_ms, added_ms), id"
        }
    }
}
