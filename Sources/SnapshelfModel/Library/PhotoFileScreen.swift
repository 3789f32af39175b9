// The one way the library opens a file of its photo folder, whose name another computer or user
// may have pointed anywhere: never through a link (`O_NOFOLLOW`), only a regular file, looked at
// before it is opened and again once open, and never one larger than a photo may be or mostly
// holes, which hashing would read whole: a sparse 20 GB file costs nothing on the disk and half
// a minute to hash. Each such file is refused from its `stat` alone, before any byte is read.
import Foundation

enum PhotoFileScreen {
    /// Files at least this large whose stored blocks are less than an eighth of their length are
    /// sparse. A photo is compressed already, so even a compressing file system stores most of it.
    private static let sparseFrom = 1 << 20

    /// Why the file this `stat` (an `lstat`) describes is not read at all; nil when it may be.
    static func refusal(of status: stat) -> PhotoFileRefusal? {
        guard status.st_mode & S_IFMT == S_IFREG else { return .notRegular(mode: status.st_mode) }
        let size = Int(status.st_size)
        guard size <= PhotoCandidate.maximumBytes else { return .tooLarge(bytes: size) }
        // A damaged or crafted file system may give any count of blocks: too many is as good as all.
        let (blocks, overflow) = Int(status.st_blocks).multipliedReportingOverflow(by: 512)
        let stored = overflow ? Int.max : blocks
        if size >= sparseFrom && stored < size / 8 { return .sparse(bytes: size, stored: stored) }
        return nil
    }

    /// Why the file at `url` is not read at all, from its `lstat`; nil when it may be, or is gone.
    static func refusal(at url: URL) -> PhotoFileRefusal? {
        var status = stat()
        guard FileName(url: url).withCString({ lstat($0, &status) }) == 0 else { return nil }
        return refusal(of: status)
    }

    /// Opens a file of the photo folder for reading, or says why it may not be read.
    static func open(_ url: URL) -> Result<OpenFile, PhotoFileRefusal> {
        switch OpenFile.openRegular(FileName(url: url), followingLinks: false) {
        case .failure(.notRegular(let mode)):
            return .failure(.notRegular(mode: mode))
        case .failure(.failed(let code)):
            return .failure(.unreadable(errno: code))
        case .success(let file):
            var status = stat()
            guard fstat(file.descriptor, &status) == 0 else { return .failure(.unreadable(errno: errno)) }
            if let refusal = refusal(of: status) { return .failure(refusal) }
            return .success(file)
        }
    }
}
