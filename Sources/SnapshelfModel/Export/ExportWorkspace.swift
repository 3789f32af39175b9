// The private folder an export writes each copy in before it enters the export folder: a folder
// of its own, mode 0700, in the person's cache. Exiv2 opens the copies it writes labels into by
// their paths and writes them anew, following links; in a folder someone else can write, a name
// swapped for a link between its read and its write would have it overwrite any file of the
// person's. Here no one else can change a name, and the export folder sees only finished files,
// through `ExportFolder`.
import Foundation

final class ExportWorkspace {
    let url: URL
    /// The folder, opened, for placing its files elsewhere relative to it.
    let descriptor: Int32
    /// The file system it is on, which tells whether its files can be linked into another folder.
    let device: UInt64

    /// Makes a new private folder under $XDG_CACHE_HOME/snapshelf/exports, else
    /// ~/.cache/snapshelf/exports; throws why when none can be made, or when a folder Snapshelf
    /// keeps there is not the person's own or can be written by others.
    init(environment: [String: String] = ProcessInfo.processInfo.environment) throws(ExportError) {
        let cacheHome = LibraryLocation.cacheHome(environment: environment)
        let parent = cacheHome.appendingPathComponent("snapshelf", isDirectory: true).appendingPathComponent("exports", isDirectory: true)
        for folder in [cacheHome, parent.deletingLastPathComponent(), parent] {
            if mkdir(folder.path, 0o700) != 0 && errno != EEXIST { throw Self.failure(folder) }
        }
        // The folders Snapshelf made must be the person's alone: another's could swap a name in them.
        for folder in [parent.deletingLastPathComponent(), parent] {
            var status = stat()
            guard lstat(folder.path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == geteuid(),
                  status.st_mode & 0o022 == 0 else {
                throw ExportError(file: folder.path, reason: .workspaceUnsafe)
            }
        }
        Self.sweepStale(in: parent)
        var template = Array(parent.appendingPathComponent("export-XXXXXX").path.utf8CString)
        guard let made = mkdtemp(&template) else { throw Self.failure(parent) }
        url = URL(fileURLWithPath: String(cString: made), isDirectory: true)
        descriptor = open(url.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        var status = stat()
        guard descriptor >= 0, fstat(descriptor, &status) == 0 else {
            let code = errno
            rmdir(url.path)
            throw ExportError(file: url.path, reason: .init(errno: code))
        }
        device = UInt64(status.st_dev)
    }

    deinit {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [] {
            unlinkat(descriptor, name, 0)
        }
        close(descriptor)
        rmdir(url.path)
    }

    /// A new name in the folder, for a copy or a sidecar.
    func newFile() -> URL {
        url.appendingPathComponent(UUID().uuidString, isDirectory: false)
    }

    /// Lets go of the private folders of exports killed an hour or more ago; a running export's are newer.
    private static func sweepStale(in parent: URL) {
        let hourAgo = Date().timeIntervalSince1970 - 3600
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? [] where name.hasPrefix("export-") {
            let folder = parent.appendingPathComponent(name)
            var status = stat()
            guard lstat(folder.path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, Double(status.st_mtim.tv_sec) < hourAgo else { continue }
            try? FileManager.default.removeItem(at: folder)
        }
    }

    private static func failure(_ folder: URL) -> ExportError {
        ExportError(file: folder.path, reason: .init(errno: errno))
    }
}
