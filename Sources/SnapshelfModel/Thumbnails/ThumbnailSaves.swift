// Saves an import's thumbnails in the background while the import goes on, so encoding them
// fills the cores that the one-at-a-time saving of photos leaves idle.
import Foundation

final class ThumbnailSaves: Sendable {
    private let group = DispatchGroup()
    private let slots: DispatchSemaphore

    /// At most `limit` saves wait at once, which bounds the decoded images held in memory
    /// however large the import.
    init(limit: Int) {
        slots = DispatchSemaphore(value: limit)
    }

    func start(_ save: @escaping @Sendable () -> Void) {
        slots.wait()
        DispatchQueue.global(qos: .utility).async(group: group) { [slots] in
            save()
            slots.signal()
        }
    }

    /// Waits for the saves started so far, so an import's thumbnails are in place when it returns.
    func finish() {
        group.wait()
    }
}
