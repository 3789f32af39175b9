// The answer to one request of a Syncthing instance's REST API, handed from URLSession's queue to
// the test's thread, which waits for it.
import Foundation
import Synchronization

final class SyncthingReply: Sendable {
    private let answer = Mutex<(data: Data, status: Int?, error: Error?)>((Data(), nil, nil))
    private let done = DispatchSemaphore(value: 0)

    func finish(data: Data?, status: Int?, error: Error?) {
        answer.withLock { $0 = (data ?? Data(), status, error) }
        done.signal()
    }

    func wait() -> (Data, Int?, Error?) {
        done.wait()
        return answer.withLock { $0 }
    }
}
