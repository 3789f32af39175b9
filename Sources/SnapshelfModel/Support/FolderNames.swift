// A folder's names, one at a time, through a descriptor already open, without a list of them
// all: a library's photo folder holds two million names at a million photos.
import Foundation

enum FolderNames {
    /// Opens the folder to read its names or to flush it, or returns -1 with errno set. The folder itself is
    /// followed where it is a link, as the library's folder and its `photos` may be links the
    /// person made to another drive; the names in it are never followed by what reads them.
    static func open(_ folder: URL) -> Int32 {
        Foundation.open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }

    /// Calls `body` with each name in the folder open as `descriptor`, but "." and "..", decoded
    /// as UTF-8 (bytes that are not become U+FFFD). The descriptor stays open.
    static func forEach(in descriptor: Int32, _ body: (String) -> Void) {
        let copy = dup(descriptor)
        guard copy >= 0 else { return }
        guard let listing = fdopendir(copy) else {
            close(copy)
            return
        }
        defer { closedir(listing) }
        // The copy shares the descriptor's place in the folder, which an earlier reading moved.
        rewinddir(listing)
        while let entry = readdir(listing) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { body(name) }
        }
    }
}
