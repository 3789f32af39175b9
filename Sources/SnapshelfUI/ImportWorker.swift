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
                    // The window asks for the pending sidecars as a job of its own, after start-up.
                    library = try Library(directory: directory, writingSidecars: false)
                }
                return try work(library!)
            }
            MainLoop.perform { completion(result) }
        }
    }

    /// Writes the sidecars a library from before them lacks, or that a kill left unwritten, as a
    /// job of its own, so opening a large library does not hold up the window's first frame.
    func writePendingSidecars(failed: @escaping @Sendable @MainActor (any Error) -> Void) {
        perform({ library throws -> Bool in
            try library.writePendingSidecars()
            return true
        }, completion: { result in
            if case .failure(let error) = result { failed(error) }
        })
    }

    /// Runs a job that opens what it needs itself, such as a batch import, after the jobs before it.
    func perform(_ work: @escaping @Sendable () -> Void) {
        queue.async(execute: work)
    }
}
