// Reads, hashes and decodes an import's files on every core, a few files ahead of the one being
// saved, and hands them back in the files' order. Each file starts as soon as a core is free, so
// one large photo does not hold the others back, and only `ahead` files wait in memory at once.
import Foundation
import Synchronization

final class InspectionQueue: Sendable {
    private final class Slot: Sendable {
        let result = Mutex<Result<PhotoCandidate, ImportError>?>(nil)
        let ready = DispatchSemaphore(value: 0)
    }

    private let files: [URL]
    private let slots: [Slot]
    private let ahead: Int
    private let followingLinks: Bool
    private let refusingHidden: Bool
    private let running = DispatchGroup()

    /// A file that is a link is refused unless `followingLinks`, and one found in a hidden folder
    /// once opened when `refusingHidden`.
    init(_ files: [URL], ahead: Int, followingLinks: Bool = true, refusingHidden: Bool = false) {
        self.files = files
        (self.followingLinks, self.refusingHidden) = (followingLinks, refusingHidden)
        self.ahead = max(1, ahead)
        slots = files.map { _ in Slot() }
        for index in 0..<min(self.ahead, files.count) {
            start(index)
        }
    }

    private func start(_ index: Int) {
        let file = files[index]
        let slot = slots[index]
        let (followingLinks, refusingHidden) = (followingLinks, refusingHidden)
        DispatchQueue.global(qos: .userInitiated).async(group: running) {
            let result = Result { () throws(ImportError) in
                try PhotoCandidate(inspecting: file, previewSize: ThumbnailCache.Size.large.pixels, followingLinks: followingLinks,
                                   refusingHidden: refusingHidden)
            }
            slot.result.withLock { $0 = result }
            slot.ready.signal()
        }
    }

    /// The candidate for the file at `index`, waiting for it until `deadline` if need be; nil when
    /// it is not ready by then, to be taken later. Files are taken in order, each once; taking one
    /// starts the file `ahead` places further on.
    func take(_ index: Int, waitingUntil deadline: DispatchTime = .distantFuture) -> Result<PhotoCandidate, ImportError>? {
        guard slots[index].ready.wait(timeout: deadline) == .success else { return nil }
        let result = slots[index].result.withLock { slot in
            defer { slot = nil }
            return slot!
        }
        if index + ahead < files.count {
            start(index + ahead)
        }
        return result
    }

    /// Waits for the files already started, so a cancelled import leaves no reading behind it.
    func finish() {
        running.wait()
    }
}
