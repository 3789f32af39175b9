// Runs the window's writes to the library on one serial queue, in the order they were asked for,
// so copying and flushing a photo never holds up the UI thread. The model knows no main loop: the
// caller says how results reach its main thread, and the worker hands every result that way.
import Foundation
import Synchronization

public final class ImportWorker: Sendable {
    /// Runs work on the caller's main thread, soon and in the order given; the GTK window's is
    /// `MainLoop.perform`.
    public typealias Hop = @Sendable (@escaping @Sendable @MainActor () -> Void) -> Void

    private let queue = DispatchQueue(label: "Snapshelf imports", qos: .userInitiated)
    private let directory: URL
    private let hop: Hop
    /// The worker's own connection, opened by its first job. Only jobs on `queue`, one at a time,
    /// take it, so the lock is never waited for.
    private let library = Mutex<Library?>(nil)

    public init(directory: URL, hop: @escaping Hop) {
        self.directory = directory
        self.hop = hop
    }

    /// Runs the work with the worker's own connection to the library, then hands the result to
    /// `completion` through the hop.
    public func perform<T: Sendable>(_ work: @escaping @Sendable (Library) throws -> T,
                                     completion: @escaping @Sendable @MainActor (Result<T, any Error>) -> Void) {
        queue.async { [self] in
            let result = library.withLock { library in
                Result { () throws -> T in
                    if library == nil {
                        // The window asks for the pending sidecars as a job of its own, after start-up.
                        library = try Library(directory: directory, writingSidecars: false)
                    }
                    return try work(library!)
                }
            }
            hop { completion(result) }
        }
    }

    /// Returns once every job asked for so far has run, without handing on their results: for a
    /// window that closes, so the process does not end with a photo the person saved half written.
    public func waitForQueuedWork() {
        queue.sync {}
    }

    /// Writes the sidecars a library from before them lacks, or that a kill left unwritten, as a
    /// job of its own, so opening a large library does not hold up the window's first frame.
    public func writePendingSidecars(failed: @escaping @Sendable @MainActor (any Error) -> Void) {
        perform({ library throws -> Bool in
            try library.writePendingSidecars()
            return true
        }, completion: { result in
            if case .failure(let error) = result { failed(error) }
        })
    }

    /// Imports the files with one label after the jobs before it (or with the titles found in
    /// them, for those that have one, when `keepingFoundTitles`), through a connection of the
    /// batch's own. Each file's progress, then the end (with the error that stopped the import
    /// early, if one did), come through the hop in order. `details`, one for each file, are what
    /// a catalogue such as Shotwell's brings along (see `ShotwellLibrary`).
    public func run(_ batch: BatchImport, _ files: [URL], label: Label?, keepingFoundTitles: Bool, details: [ImportedDetails]? = nil,
                    progress: @escaping @Sendable @MainActor (BatchImport.Progress) -> Void,
                    finished: @escaping @Sendable @MainActor (LibraryError?) -> Void) {
        queue.async { [directory, hop] in
            do throws(LibraryError) {
                try batch.run(files, label: label, keepingFoundTitles: keepingFoundTitles, details: details,
                              libraryDirectory: directory) { report in
                    hop { progress(report) }
                }
                hop { finished(nil) }
            } catch {
                hop { finished(error) }
            }
        }
    }
}
