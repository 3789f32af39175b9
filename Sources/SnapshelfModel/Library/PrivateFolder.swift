// The folders the library keeps inside itself for its own use (`photos/.incoming`, `removed`,
// `set-aside`, `.snapshelf` and its reserve), which it writes into, renames into and sweeps. Their
// names are inside a folder another computer shares through Syncthing, which carries links: a
// link in place of one of them would send the library's copies, or its sweep's deletions, into
// any folder the person can write. So a folder here is only ever one the library made, looked at
// with `lstat` and opened with `O_NOFOLLOW | O_DIRECTORY`; whatever else is in its place, a link
// above all, is never followed but renamed aside beside it, never deleted, since it is a peer's.
// The library's own folder and `photos` may be links the person made (to another disk), and are
// not held to this.
import Foundation

enum PrivateFolder {
    /// Opens the folder at `url`, making it first if it is missing, and returns its descriptor,
    /// which the caller closes. A link or any other non-folder in its place is moved aside first,
    /// to `movedAside`. Its parent must be there already.
    static func open(_ url: URL, movedAside: inout URL?) throws(LibraryError) -> Int32 {
        let name = url.lastPathComponent
        let parent = Foundation.open(url.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard parent >= 0 else { throw .system(.errno(errno), during: .creatingFolder(url)) }
        defer { close(parent) }
        for _ in 0..<2 {
            let made = mkdirat(parent, name, 0o700) == 0
            if !made && errno != EEXIST {
                throw .system(.errno(errno), during: .creatingFolder(url))
            }
            let folder = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if folder >= 0 {
                // Whatever the umask: a library's folders are the person's alone, unless they opened one up.
                if made { fchmod(folder, 0o700) }
                return folder
            }
            guard errno == ELOOP || errno == ENOTDIR else { throw .system(.errno(errno), during: .creatingFolder(url)) }
            movedAside = try moveAside(name, in: parent, of: url)
        }
        throw .fileInTheWay(during: .creatingFolder(url))
    }

    /// Makes sure the folder at `url` is a folder the library made, making it if it is missing;
    /// returns where what was in its place went, if anything was.
    @discardableResult
    static func make(_ url: URL) throws(LibraryError) -> URL? {
        var movedAside: URL?
        close(try open(url, movedAside: &movedAside))
        return movedAside
    }

    /// Moves aside whatever non-folder is at `url`, without making a folder there, and returns
    /// where it went: for the folders the library makes only when it first needs them.
    static func clear(_ url: URL) throws(LibraryError) -> URL? {
        let parent = Foundation.open(url.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard parent >= 0 else { return nil }
        defer { close(parent) }
        var status = stat()
        guard fstatat(parent, url.lastPathComponent, &status, AT_SYMLINK_NOFOLLOW) == 0,
              status.st_mode & S_IFMT != S_IFDIR else { return nil }
        return try moveAside(url.lastPathComponent, in: parent, of: url)
    }

    /// Deletes the regular files in the folder at `url`, which must be one the library made:
    /// through its descriptor, so no link, in its place or in it, is ever followed.
    static func sweep(_ url: URL) {
        let parent = Foundation.open(url.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard parent >= 0 else { return }
        let descriptor = openat(parent, url.lastPathComponent, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        close(parent)
        guard descriptor >= 0 else { return }
        guard let folder = fdopendir(descriptor) else {
            close(descriptor)
            return
        }
        defer { closedir(folder) }
        // The names as bytes, which need not be UTF-8; read whole before any goes.
        var names: [[CChar]] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }.map { CChar(bitPattern: $0) }) + [0] }
            if name != [46, 0] && name != [46, 46, 0] { names.append(name) }
        }
        for name in names {
            var status = stat()
            // A link, a folder or a pipe left there is no copy of the library's, and not its to delete.
            guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            unlinkat(descriptor, name, 0)
        }
    }

    /// Renames what is called `name` in `parent` to the first free
    /// "<name>.not-a-folder-20250101-120000[-n]", keeping it whole: it may be a peer's, and it
    /// shows what was there.
    private static func moveAside(_ name: String, in parent: Int32, of url: URL) throws(LibraryError) -> URL {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        let stamp = formatter.string(from: Date())
        for number in 1...100 {
            let aside = "\(name).not-a-folder-\(stamp)" + (number > 1 ? "-\(number)" : "")
            var status = stat()
            guard fstatat(parent, aside, &status, AT_SYMLINK_NOFOLLOW) != 0 else { continue }
            guard renameat(parent, name, parent, aside) == 0 else {
                throw .system(.errno(errno), during: .creatingFolder(url))
            }
            return url.deletingLastPathComponent().appendingPathComponent(aside, isDirectory: false)
        }
        throw .fileInTheWay(during: .creatingFolder(url))
    }
}
