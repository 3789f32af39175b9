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
            write("snapshelf \(Version.current)\n", to: .standardOutput)
            return .success
        case .importPhotos(let library, let label, let paths):
            return withStore(library) { store in importPhotos(paths, label: label ?? "", into: store) }
        case .list(let library, let json):
            return withStore(library) { store in list(store, json: json) }
        }
    }

    /// Reports a usage error the way every command does, with a pointer to the help.
    public func reportUsage(_ error: UsageError) -> ExitStatus {
        let hint = error.topic == .general ? "snapshelf --help" : "snapshelf \(error.topic.rawValue) --help"
        write("snapshelf: \(error)\nTry “\(hint)”.\n", to: .standardError)
        return .usage
    }

    private func withStore(_ library: String?, _ body: (PhotoStore) -> ExitStatus) -> ExitStatus {
        let directory = LibraryLocation.resolve(explicit: library, environment: environment)
        do {
            return body(try PhotoStore(directory: directory))
        } catch {
            write("snapshelf: \(error)\n", to: .standardError)
            return .failure
        }
    }

    private func importPhotos(_ paths: [String], label: String, into store: PhotoStore) -> ExitStatus {
        var failed = false
        for path in paths {
            let url = URL(fileURLWithPath: path)
            do {
                let candidate = try PhotoCandidate(inspecting: url, previewSize: 256)
                let photo = store.photo(at: try store.save(candidate, label: label))
                write("Imported \(path) as photo \(photo.id)\n", to: .standardOutput)
            } catch {
                failed = true
                write("snapshelf: \(error)\n", to: .standardError)
            }
        }
        return failed ? .failure : .success
    }

    private func list(_ store: PhotoStore, json: Bool) -> ExitStatus {
        let photos = (0..<store.count).map(store.photo(at:))
        if json {
            write(PhotoListing(photos).json + "\n", to: .standardOutput)
        } else {
            for photo in photos {
                write("\(photo.id)\t\(photo.label)\t\(photo.originalName)\n", to: .standardOutput)
            }
        }
        return .success
    }

    private func write(_ text: String, to handle: FileHandle) {
        handle.write(Data(text.utf8))
    }
}
