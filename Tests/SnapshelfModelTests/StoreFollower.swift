// Follows a PhotoStore through its change reports alone, as a list view does: the reports as
// they came, and the IDs a view that applied them would show.
import SnapshelfModel

final class StoreFollower {
    private(set) var changes: [PhotoStore.Change] = []
    private(set) var ids: [Int64]
    private var subscription: Subscription?

    init(_ store: PhotoStore) {
        ids = (0..<store.count).map { store.photo(at: $0)!.id }
        // Unowned: the store keeps this closure, and the test keeps the store.
        subscription = store.observe { [unowned self, unowned store] change in
            changes.append(change)
            ids.replaceSubrange(change.position..<change.position + change.removed,
                                with: (change.position..<change.position + change.added).map { store.photo(at: $0)!.id })
        }
    }

    /// The reports as [position, removed, added].
    var reported: [[Int]] { changes.map { [$0.position, $0.removed, $0.added] } }

    func forget() {
        changes.removeAll()
    }
}
