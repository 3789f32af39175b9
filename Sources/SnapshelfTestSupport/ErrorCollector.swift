// Drains a pipe on its own thread, so the other pipe can be read at the same time.
import Foundation

public final class ErrorCollector: @unchecked Sendable {
    // Unchecked Sendable: `data` is written by the reading thread before `done` is signalled and
    // read only after waiting for it.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    public init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    public func wait() -> Data {
        done.wait()
        return data
    }
}
