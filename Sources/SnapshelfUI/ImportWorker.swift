// Runs the window's writes to the library on one serial queue, in the order they were asked for,
// so copying and flushing a photo never holds up the UI thread. Results come back on the main loop.
import Foundation
import SnapshelfGlue
import SnapshelfModel

final class ImportWorker: @unchecked Sendable {
    // Unchecked Sendable: `library` is only touched on `queue`, which runs one job at a time.
    private let queue = DispatchQueue(label: "Snapshelf imports", qos: .userInitiated)
    private let directory: URL
    private var library: Library?

    init(directory: URL) {
        self.directory = directory
    }

    /// Runs the work with the worker's own connection to the library, then hands the result to
    /// `completion` on the main thread.
    func perform<T: Sendable>(_ work: @escaping @Sendable (Library) throws -> T,
                              completion: @escaping @Sendable @MainActor (Result<T, any Error>) -> Void) {
        queue.async { [self] in
            let result = Result { () throws -> T in
                if library == nil {
                    library = try Library(directory: directory)
                }
                return try work(library!)
            }
            MainLoop.perform { completion(result) }
        }
    }

    /// Runs a job that opens what it needs itself, such as a batch import, after the jobs before it.
    func perform(_ work: @escaping @Sendable () -> Void) {
        queue.async(execute: work)
    }
}
