// A fresh folder under the system's temporary directory, removed with everything in it when released.
import Foundation

public final class TemporaryDirectory {
    public let url: URL

    /// A folder in `parent`, the system's temporary directory unless said otherwise.
    public init(in parent: URL = FileManager.default.temporaryDirectory) {
        url = parent.appendingPathComponent("snapshelf-test-\(UUID().uuidString)", isDirectory: true)
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes a file of the given bytes inside the folder and returns its URL.
    public func file(named name: String, containing data: Data) -> URL {
        let file = url.appendingPathComponent(name)
        try! data.write(to: file)
        return file
    }
}
