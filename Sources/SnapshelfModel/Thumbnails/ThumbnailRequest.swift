// A thumbnail asked of ThumbnailLoader, which can be called off while it still waits for a worker,
// as when its tile scrolls out of view; once decoding has begun it runs to the end.
import Foundation

public final class ThumbnailRequest {
    private let operation: Operation

    init(operation: Operation) {
        self.operation = operation
    }

    public func cancel() {
        operation.cancel()
    }

    public var isCancelled: Bool { operation.isCancelled }
}
