// A thumbnail asked of ThumbnailLoader, which can be called off while it still waits for a worker,
// as when its tile scrolls out of view; once decoding has begun it runs to the end.

public final class ThumbnailRequest {
    private let ticket: WorkQueue.Ticket

    init(ticket: WorkQueue.Ticket) {
        self.ticket = ticket
    }

    public func cancel() {
        ticket.cancel()
    }

    public var isCancelled: Bool { ticket.isCancelled }
}
