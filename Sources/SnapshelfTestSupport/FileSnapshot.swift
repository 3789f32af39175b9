// Every file below a folder with its bytes, to prove that an operation changed nothing on disk.
import Foundation

public struct FileSnapshot: Equatable {
    public let files: [String: Data]

    public init(of directory: URL) {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(directory.standardizedFileURL.path.count))
            files[relative] = try? Data(contentsOf: url)
        }
        self.files = files
    }
}
