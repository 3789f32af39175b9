// Runs the commands that need no display and turns their outcome into an exit status.
import Foundation
import SnapshelfModel

public struct CommandRunner {
    public enum ExitStatus: Int32 {
        case success = 0
        case failure = 1
        case usage = 2
    }

    private let environment: [String: String]

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    public func run(_ invocation: Invocation) -> ExitStatus {
        switch invocation {
        case .startGUI:
            preconditionFailure("the GUI is started by the executable, not by CommandRunner")
        case .help(let topic):
            write(topic.text + "\n", to: .standardOutput)
            return .success
        case .version:
            write("snapshelf \(SnapshelfVersion.current)\n", to: .standardOutput)
            return .success
        case .importPhotos(let library, let text, let recursive, let paths):
            guard let label = label(text ?? "") else { return .usage }
            return withLibrary(library, creating: true) { (library) throws(LibraryError) in
                importPhotos(paths, label: label, recursive: recursive, into: library)
            }
        case .list(let library, let json):
            return withLibrary(library) { (library) throws(LibraryError) in
                try print(library.photos(), json: json)
                return .success
            }
        case .search(let library, let json, let text):
            return withLibrary(library) { (library) throws(LibraryError) in
                try print(library.search(text), json: json)
                return .success
            }
        case .relabel(let library, let id, let text):
            guard let label = label(text) else { return .usage }
            return withLibrary(library) { (library) throws(LibraryError) in
                guard try library.relabel(photoWithID: id, as: label) else {
                    write("snapshelf: there is no photo with ID \(id)\n", to: .standardError)
                    return .failure
                }
                return .success
            }
        case .remove(let library, let ids):
            return withLibrary(library) { (library) throws(LibraryError) in remove(ids, from: library) }
        case .check(let library):
            return withLibrary(library) { (library) throws(LibraryError) in try check(library) }
        }
    }

    /// Reports a usage error the way every command does, with a pointer to the help.
    public func reportUsage(_ error: UsageError) -> ExitStatus {
        let hint = error.topic == .general ? "snapshelf --help" : "snapshelf \(error.topic.rawValue) --help"
        write("snapshelf: \(error)\nTry “\(hint)”.\n", to: .standardError)
        return .usage
    }

    /// The label as it will be saved, with a note when it was normalised; nil after reporting
    /// why it cannot be saved.
    private func label(_ text: String) -> Label? {
        do {
            let label = try Label(text)
            if let normalisation = label.normalisation {
                write("snapshelf: note: in the label, \(normalisation)\n", to: .standardError)
            }
            return label
        } catch {
            _ = reportUsage(.invalidLabel(error.description))
            return nil
        }
    }

    /// Only an import creates a library; the other commands say there is none.
    private func withLibrary(_ library: String?, creating: Bool = false,
                             _ body: (Library) throws(LibraryError) -> ExitStatus) -> ExitStatus {
        let directory = LibraryLocation.resolve(explicit: library, environment: environment)
        do {
            return try body(try Library(directory: directory, creatingIfMissing: creating))
        } catch {
            write("snapshelf: \(error)\n", to: .standardError)
            return .failure
        }
    }

    private func importPhotos(_ paths: [String], label: Label, recursive: Bool, into library: Library) -> ExitStatus {
        let collection = FileCollector.collect(paths.map { URL(fileURLWithPath: $0) }, recursive: recursive)
        var failed = !collection.problems.isEmpty
        for problem in collection.problems {
            let hint = problem.reason == .isDirectory ? " (add --recursive to import the photos in it)" : ""
            write("snapshelf: \(problem)\(hint)\n", to: .standardError)
        }
        BatchImport().run(collection.files, label: label, into: library) { progress in
            switch progress.result {
            case .success(.added(let photo)):
                write("Imported \(progress.file.path) as photo \(photo.id)\n", to: .standardOutput)
            case .success(.duplicate(of: let photo)):
                write("Already in the library as photo \(photo.id): \(progress.file.path)\n", to: .standardOutput)
            case .failure(let error):
                failed = true
                write("snapshelf: \(error)\n", to: .standardError)
            }
        }
        return failed ? .failure : .success
    }

    private func remove(_ ids: [Int64], from library: Library) -> ExitStatus {
        var failed = false
        for id in ids {
            do {
                if let photo = try library.remove(photoWithID: id) {
                    write("Removed photo \(id) (\(photo.originalName)); its file is in the Trash\n", to: .standardOutput)
                } else {
                    failed = true
                    write("snapshelf: there is no photo with ID \(id)\n", to: .standardError)
                }
            } catch {
                failed = true
                write("snapshelf: \(error)\n", to: .standardError)
            }
        }
        return failed ? .failure : .success
    }

    private func check(_ library: Library) throws(LibraryError) -> ExitStatus {
        let problems = try library.check()
        guard problems.isEmpty else {
            write("Library at \(library.directory.path) has \(problems.count) problem\(problems.count == 1 ? "" : "s"):\n",
                  to: .standardOutput)
            problems.forEach { write("  \($0)\n", to: .standardOutput) }
            return .failure
        }
        write("Library is sound: \(try library.photos().count) photos at \(library.directory.path)\n", to: .standardOutput)
        return .success
    }

    private func print(_ photos: [Photo], json: Bool) {
        if json {
            write(PhotoListing(photos).json + "\n", to: .standardOutput)
        } else {
            for photo in photos {
                write("\(photo.id)\t\(photo.label)\t\(photo.originalName)\n", to: .standardOutput)
            }
        }
    }

    private func write(_ text: String, to handle: FileHandle) {
        handle.write(Data(text.utf8))
    }
}
