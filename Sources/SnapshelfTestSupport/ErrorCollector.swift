// Drains a pipe on its own thread, so the other pipe can be read at the same time. A thread of
// its own, not one of Dispatch's workers, which are as many as the cores: it blocks until the
// writer closes the pipe.
import Foundation
import Synchronization

public final class ErrorCollector: Sendable {
    private let data = Mutex(Data())
    private let done = DispatchSemaphore(value: 0)

    public init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            let read = handle.readDataToEndOfFile()
            data.withLock { $0 = read }
            done.signal()
        }
    }

    public func wait() -> Data {
        done.wait()
        return data.withLock { $0 }
    }
}
