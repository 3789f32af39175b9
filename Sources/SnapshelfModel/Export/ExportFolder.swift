// The folder an export writes into, opened once and then used only through its descriptor: the
// person may share it, or it may belong to someone else, who can swap any name in it for a link
// at any moment. So nothing is ever opened in it by name but with O_CREAT | O_EXCL | O_NOFOLLOW,
// and a finished copy takes its name by linkat (or renameat2 with RENAME_NOREPLACE), which never
// follow a link nor replace a file: the worst a swapped name can do is take a name from the export.
import CLinux
import Foundation

final class ExportFolder {
    /// A finished file ready to take a name in the folder: the private copy itself, where the
    /// folder is on the same file system, else a copy of it in the folder under a hidden name.
    final class Entrant {
        fileprivate let directory: Int32
        fileprivate let name: String
        private let hidden: ExportFolder?

        fileprivate init(directory: Int32, name: String, hidden: ExportFolder?) {
            (self.directory, self.name, self.hidden) = (directory, name, hidden)
        }

        deinit {
            // Once linked, the hidden name is only a second name of the copy; once renamed, gone.
            if let hidden { unlinkat(hidden.descriptor, name, 0) }
        }
    }

    static let temporaryPrefix = ".snapshelf-export-"
    /// The folder as the person named it, for messages.
    private let named: FileName
    private let descriptor: Int32
    private let device: UInt64

    /// Opens the folder at `url`, following links only to find it, as the person named it.
    init(_ url: URL) throws(ExportError) {
        named = FileName(url: url)
        let shown = named.displayed
        guard let resolved = realpath(url.path, nil) else {
            throw ExportError(file: shown, reason: errno == ENOENT ? .noFolder : .init(errno: errno))
        }
        defer { free(resolved) }
        descriptor = open(resolved, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        var status = stat()
        guard descriptor >= 0, fstat(descriptor, &status) == 0 else {
            let code = errno
            if descriptor >= 0 { close(descriptor) }
            throw ExportError(file: shown, reason: code == ENOTDIR ? .notAFolder : .init(errno: code))
        }
        device = UInt64(status.st_dev)
    }

    deinit {
        close(descriptor)
    }

    /// The path of `name` in the folder, as messages show it.
    func displayed(_ name: FileName) -> String {
        named.appending(name).displayed
    }

    /// The URL of `name` in the folder.
    func url(of name: FileName) -> URL {
        named.appending(name).url
    }

    /// The names in the folder now.
    func names() -> [FileName] {
        let copy = dup(descriptor)
        guard copy >= 0, let listing = fdopendir(copy) else { return [] }
        defer { closedir(listing) }
        rewinddir(listing)
        var names: [FileName] = []
        while let entry = readdir(listing) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { $0.withMemoryRebound(to: CChar.self, capacity: 256) { FileName(cString: $0) } }
            if name.bytes != [UInt8(ascii: ".")] && name.bytes != [UInt8(ascii: "."), UInt8(ascii: ".")] { names.append(name) }
        }
        return names
    }

    /// Whether anything has the name, a link included.
    func holds(_ name: FileName) -> Bool {
        var status = stat()
        return name.withCString { fstatat(descriptor, $0, &status, AT_SYMLINK_NOFOLLOW) } == 0
    }

    /// Whether the folder's file system has no room left, which Exiv2's messages do not say.
    var isFull: Bool {
        var status = statvfs()
        return fstatvfs(descriptor, &status) == 0 && status.f_bavail == 0
    }

    /// Makes the finished file `name` of the workspace ready to take a name here.
    func entrant(_ name: String, from workspace: ExportWorkspace, naming shown: String) throws(ExportError) -> Entrant {
        if workspace.device == device { return Entrant(directory: workspace.descriptor, name: name, hidden: nil) }
        let opened = openat(workspace.descriptor, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        var status = stat()
        guard opened >= 0, fstat(opened, &status) == 0 else {
            let code = errno
            if opened >= 0 { close(opened) }
            throw ExportError(file: shown, reason: .init(errno: code))
        }
        let source = OpenFile(descriptor: opened, size: Int(status.st_size))
        let hiddenName = Self.temporaryPrefix + UUID().uuidString + ".tmp"
        let output = openat(descriptor, hiddenName, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard output >= 0 else { throw ExportError(file: shown, reason: .init(errno: errno)) }
        defer { close(output) }
        let entrant = Entrant(directory: descriptor, name: hiddenName, hidden: self)
        do {
            try CopyWriter(descriptor: output).append(copying: source, readFrom: shown)
        } catch {
            throw ExportError(file: shown, reason: .init(error))
        }
        guard fsync(output) == 0 else { throw ExportError(file: shown, reason: .init(errno: errno)) }
        return entrant
    }

    /// Gives the entrant the name, or returns false when something has it already.
    func place(_ entrant: Entrant, at name: FileName) throws(ExportError) -> Bool {
        if name.withCString({ linkat(entrant.directory, entrant.name, descriptor, $0, 0) }) == 0 { return true }
        switch errno {
        case EEXIST: return false
        case EPERM, ENOTSUP, EOPNOTSUPP, EMLINK:
            // File systems without hard links, as on many USB sticks: the hidden copy is renamed,
            // never over a file. Only a copy in this folder can be, which on such a file system it is.
            if name.withCString({ renameat2(entrant.directory, entrant.name, descriptor, $0, UInt32(SNAPSHELF_RENAME_NOREPLACE)) }) == 0 {
                return true
            }
            if errno == EEXIST { return false }
            throw ExportError(file: displayed(name), reason: .init(errno: errno))
        default:
            throw ExportError(file: displayed(name), reason: .init(errno: errno))
        }
    }

    /// Takes away a name this export gave a moment ago.
    func remove(_ name: FileName) {
        _ = name.withCString { unlinkat(descriptor, $0, 0) }
    }

    /// Temporary copies an export killed an hour or more ago left behind; a running export's are newer.
    func sweepStaleTemporaries() {
        let hourAgo = Date().timeIntervalSince1970 - 3600
        for name in names() where name.text.hasPrefix(Self.temporaryPrefix) && name.text.hasSuffix(".tmp") {
            var status = stat()
            guard name.withCString({ fstatat(descriptor, $0, &status, AT_SYMLINK_NOFOLLOW) }) == 0, status.st_mode & S_IFMT == S_IFREG,
                  Double(status.st_mtim.tv_sec) < hourAgo else { continue }
            remove(name)
        }
    }
}
