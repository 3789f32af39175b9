// The answer to one request of a Syncthing instance's REST API, handed from URLSession's queue to
// the test's thread, which waits for it.
import Foundation

final class SyncthingReply: @unchecked Sendable {
    // Unchecked Sendable: the fields are written once before `done` is signalled, and read only
    // after waiting for it.
    private var data = Data()
    private var status: Int?
    private var error: Error?
    private let done = DispatchSemaphore(value: 0)

    func finish(data: Data?, status: Int?, error: Error?) {
        self.data = data ?? Data()
        self.status = status
        self.error = error
        done.signal()
    }

    func wait() -> (Data, Int?, Error?) {
        done.wait()
        return (data, status, error)
    }
}
