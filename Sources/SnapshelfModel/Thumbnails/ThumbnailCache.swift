// Thumbnails on disk, shared with the Files app and every other program that follows the
// freedesktop.org Thumbnail Managing Standard 0.9: PNGs under $XDG_CACHE_HOME/thumbnails, named by
// the MD5 of the file's URI, valid only while their Thumb::MTime equals the file's mtime.
import CGdkPixbuf
import Foundation

public struct ThumbnailCache: Sendable {
    /// The standard's sizes that Snapshelf uses: large for ordinary screens, x-large for scale 2.
    public enum Size: String, Sendable, CaseIterable {
        case large
        case xLarge = "x-large"

        /// The longest side, in pixels.
        public var pixels: Int { self == .large ? 256 : 512 }

        /// The size whose thumbnails stay sharp for a tile of `points` at a display scale. A grid
        /// column is often wider than its tile asks, by up to a quarter, and a large thumbnail
        /// shown wider than its 256 pixels looks soft: so large ones serve tiles up to 200 pixels.
        public static func fitting(_ points: Int, scale: Int) -> Size {
            points * scale <= 200 ? .large : .xLarge
        }
    }

    /// What the cache holds for a file.
    public enum Entry: Equatable, Sendable {
        case valid
        /// A thumbnail made before the file last changed.
        case stale
        case missing
        /// An earlier attempt failed for this very version of the file; it is not retried.
        case failed
    }

    /// The `thumbnails` folder.
    public let directory: URL
    private let failureFolderName = "snapshelf-\(SnapshelfVersion.current)"

    public init(directory: URL) {
        self.directory = directory
    }

    /// The cache the desktop shares: $XDG_CACHE_HOME/thumbnails, else ~/.cache/thumbnails.
    public static func shared(environment: [String: String] = ProcessInfo.processInfo.environment) -> ThumbnailCache {
        ThumbnailCache(directory: LibraryLocation.cacheHome(environment: environment).appendingPathComponent("thumbnails", isDirectory: true))
    }

    /// The file's canonical URI, as the standard hashes it.
    static func uri(of file: URL) -> String {
        let gfile = g_file_new_for_path(file.path)
        defer { g_object_unref(UnsafeMutableRawPointer(gfile)) }
        let uri = g_file_get_uri(gfile)!
        defer { g_free(uri) }
        return String(cString: uri)
    }

    private static func md5(_ text: String) -> String {
        let checksum = g_checksum_new(G_CHECKSUM_MD5)
        defer { g_checksum_free(checksum) }
        let bytes = Array(text.utf8)
        g_checksum_update(checksum, bytes, bytes.count)
        return String(cString: g_checksum_get_string(checksum))
    }

    public func location(of file: URL, size: Size) -> URL {
        directory.appendingPathComponent(size.rawValue, isDirectory: true)
            .appendingPathComponent(Self.md5(Self.uri(of: file)) + ".png", isDirectory: false)
    }

    func failureLocation(of file: URL) -> URL {
        directory.appendingPathComponent("fail", isDirectory: true).appendingPathComponent(failureFolderName, isDirectory: true)
            .appendingPathComponent(Self.md5(Self.uri(of: file)) + ".png", isDirectory: false)
    }

    /// The file's mtime in whole seconds, as the standard records it; nil when it cannot be read.
    static func modificationTime(of file: URL) -> Int? {
        var status = stat()
        guard stat(file.path, &status) == 0 else { return nil }
        return Int(status.st_mtim.tv_sec)
    }

    /// Looks the file up without decoding anything but the cached PNG's text chunks.
    public func entry(for file: URL, size: Size) -> Entry {
        guard let mtime = Self.modificationTime(of: file) else { return .missing }
        let uri = Self.uri(of: file)
        if let recorded = Self.recordedMTime(at: location(of: file, size: size), uri: uri) {
            return recorded == mtime ? .valid : .stale
        }
        if Self.recordedMTime(at: failureLocation(of: file), uri: uri) == mtime {
            return .failed
        }
        return .missing
    }

    /// The thumbnail for the file: the cached one when valid, else a new one, decoded at the
    /// size and saved for everyone. A file that cannot be decoded is recorded as a failure.
    public func thumbnail(for file: URL, size: Size) throws(DecodingFailure) -> Thumbnail {
        let cached = location(of: file, size: size)
        switch entry(for: file, size: size) {
        case .valid:
            // Read here when it is as thumbnailers write them, so a made thumbnail starts no decoder.
            if let pixbuf = CachedPNG.pixbuf(at: cached, largestSide: size.pixels) {
                return Thumbnail(upright: pixbuf, orientation: 1)
            }
            if let thumbnail = try? Thumbnail(decoding: cached, fittingIn: size.pixels) {
                return thumbnail
            }
        case .failed:
            throw DecodingFailure(path: file.path, reason: .failedBefore)
        case .stale, .missing:
            break
        }
        let thumbnail: Thumbnail
        do {
            thumbnail = try Thumbnail(decoding: file, fittingIn: size.pixels)
        } catch {
            recordFailure(for: file)
            throw error
        }
        store(thumbnail, for: file, size: size)
        return thumbnail
    }

    /// Saves a thumbnail made elsewhere, such as an import's preview, if it is of the size's scale.
    public func store(_ thumbnail: Thumbnail, for file: URL, size: Size) {
        guard max(thumbnail.width, thumbnail.height) <= size.pixels, let mtime = Self.modificationTime(of: file) else { return }
        // No Thumb::Image::Width/Height: the standard means the original's size, which a preview
        // does not know, and a wrong one would mislead other programs.
        write(thumbnail.pixbuf, to: location(of: file, size: size), uri: Self.uri(of: file), mtime: mtime)
    }

    /// Leaves the empty PNG the standard asks for, so no program retries this version of the file.
    func recordFailure(for file: URL) {
        guard let mtime = Self.modificationTime(of: file) else { return }
        let empty = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, 1, 1)!
        defer { g_object_unref(UnsafeMutableRawPointer(empty)) }
        gdk_pixbuf_fill(empty, 0)
        write(empty, to: failureLocation(of: file), uri: Self.uri(of: file), mtime: mtime)
    }

    /// Writes through a temporary file in the same folder and renames it into place, in folders of
    /// mode 700 and as a file of mode 600, as the standard asks. A cache that cannot be written is
    /// only slower, so failures are ignored.
    private func write(_ pixbuf: OpaquePointer, to destination: URL, uri: String, mtime: Int) {
        let folder = destination.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        let temporary = folder.appendingPathComponent(".\(UUID().uuidString).png")
        let text = [("Thumb::URI", uri), ("Thumb::MTime", "\(mtime)"), ("Software", "Snapshelf \(SnapshelfVersion.current)")]
        guard let png = ThumbnailPNG.encode(pixbuf, text: text.map { (key: $0.0, value: $0.1) }) else { return }
        let output = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard output >= 0 else { return }
        let written = png.withUnsafeBytes { Foundation.write(output, $0.baseAddress, $0.count) }
        close(output)
        guard written == png.count, rename(temporary.path, destination.path) == 0 else {
            unlink(temporary.path)
            return
        }
    }

    /// The Thumb::MTime of a cached PNG made for this URI, read without decoding its pixels.
    private static func recordedMTime(at png: URL, uri: String) -> Int? {
        guard let text = PNGText(contentsOf: png), text["Thumb::URI"] == uri else { return nil }
        return text["Thumb::MTime"].flatMap { Int($0) }
    }
}
