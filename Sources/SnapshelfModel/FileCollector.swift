// Turns the paths a person gave (files, and folders when asked to go into them) into the list
// of files to import, reporting what cannot be looked into. Inside a folder, files that are no
// images at all (a README, a PDF) are skipped and counted rather than offered as photos.
import Foundation

public enum FileCollector {
    public struct Collection: Sendable {
        public var files: [URL] = []
        public var problems: [ImportError] = []
        /// Files found in folders that are no images, left out.
        public var skipped: [URL] = []
    }

    /// Files stay as given, in order, to be checked one by one. A folder is walked, in name order,
    /// when `recursive`; hidden entries are skipped there, and so are links to folders, which
    /// could lead in a circle.
    public static func collect(_ paths: [URL], recursive: Bool) -> Collection {
        var collection = Collection()
        for url in paths {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
                if recursive {
                    walk(url, into: &collection)
                } else {
                    collection.problems.append(ImportError(path: url.path, reason: .isDirectory))
                }
            } else {
                collection.files.append(url)
            }
        }
        return collection
    }

    private static func walk(_ folder: URL, into collection: inout Collection) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        } catch {
            let reason: ImportError.Reason = access(folder.path, R_OK | X_OK) == 0
                ? .unreadable(error.localizedDescription) : .permissionDenied
            collection.problems.append(ImportError(path: folder.path, reason: reason))
            return
        }
        for name in names where !name.hasPrefix(".") {
            let entry = folder.appendingPathComponent(name)
            var status = stat()
            guard lstat(entry.path, &status) == 0 else {
                collection.files.append(entry)
                continue
            }
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                walk(entry, into: &collection)
            case S_IFLNK:
                var isDirectory: ObjCBool = false
                let target = FileManager.default.fileExists(atPath: entry.path, isDirectory: &isDirectory)
                if !(target && isDirectory.boolValue) {
                    add(entry, to: &collection)
                }
            default:
                add(entry, to: &collection)
            }
        }
    }

    /// A file found in a folder goes in unless its first bytes say it is no image. One that cannot
    /// be read, or an image no loader reads, goes in, so the import says why it fails.
    private static func add(_ file: URL, to collection: inout Collection) {
        if isClearlyNoImage(file) {
            collection.skipped.append(file)
        } else {
            collection.files.append(file)
        }
    }

    private static func isClearlyNoImage(_ file: URL) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: file.path) else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 4096), !head.isEmpty else { return false }
        let type = head.withUnsafeBytes { PixbufFormats.mimeType(of: $0, named: file.path) }
        return !type.hasPrefix("image/") && PixbufFormats.format(forMIMEType: type) == nil
    }
}
