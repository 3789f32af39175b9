// The shared thumbnail cache's rules from the freedesktop.org standard: names, text keys,
// permissions, and when a thumbnail is valid, stale, missing or a recorded failure.
import CGdkPixbuf
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class ThumbnailCacheTests: XCTestCase {
    private var folder: TemporaryDirectory!
    private var cache: ThumbnailCache!
    private var photo: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        try SamplePhotos.requirePresent()
        folder = TemporaryDirectory()
        cache = ThumbnailCache(directory: folder.url.appendingPathComponent("cache/thumbnails"))
        photo = folder.file(named: "photo one.jpg", containing: try Data(contentsOf: SamplePhotos.landscape(orientation: 6)))
    }

    override func tearDown() {
        folder = nil
    }

    /// The pixels as RGBA rows without padding, so an RGB thumbnail and its RGBA PNG compare.
    private static func pixels(of pixbuf: OpaquePointer) -> [UInt8] {
        let width = Int(gdk_pixbuf_get_width(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let rowstride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let bytes = gdk_pixbuf_read_pixels(pixbuf)!
        return (0..<Int(gdk_pixbuf_get_height(pixbuf))).flatMap { y in
            (0..<width).flatMap { x in
                let pixel = bytes + y * rowstride + x * channels
                return [pixel[0], pixel[1], pixel[2], channels == 4 ? pixel[3] : 255]
            }
        }
    }

    private func setModificationTime(_ seconds: Int, of url: URL) {
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        XCTAssertEqual(utimensat(AT_FDCWD, url.path, &times, 0), 0)
    }

    private func modification(of url: URL) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date
    }

    func testAMissingThumbnailIsMadeUprightAndSavedByTheStandardsRules() throws {
        XCTAssertEqual(cache.entry(for: photo, size: .large), .missing)
        let thumbnail = try cache.thumbnail(for: photo, size: .large)
        XCTAssertEqual([thumbnail.width, thumbnail.height], [256, 192], "landscape_6 is stored turned; it must come out upright")
        XCTAssertEqual(cache.entry(for: photo, size: .large), .valid)

        let saved = cache.location(of: photo, size: .large)
        // The name is the MD5 of the percent-encoded file URI.
        let uri = "file://" + photo.path.replacingOccurrences(of: " ", with: "%20")
        XCTAssertEqual(saved.lastPathComponent, md5(uri) + ".png")
        XCTAssertEqual(saved.deletingLastPathComponent().lastPathComponent, "large")

        let pixbuf = try XCTUnwrap(gdk_pixbuf_new_from_file(saved.path, nil))
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        XCTAssertEqual(String(cString: gdk_pixbuf_get_option(pixbuf, "tEXt::Thumb::URI")), uri)
        let mtime = Int(try XCTUnwrap(try modification(of: photo)).timeIntervalSince1970)
        XCTAssertEqual(String(cString: gdk_pixbuf_get_option(pixbuf, "tEXt::Thumb::MTime")), "\(mtime)")
        XCTAssertEqual(gdk_pixbuf_get_bits_per_sample(pixbuf), 8)
        // A photo has no alpha, and is written RGB as gdk-pixbuf-thumbnailer writes it, which
        // every reader of the shared cache takes; a quarter fewer bytes to store and to code.
        XCTAssertEqual(gdk_pixbuf_get_n_channels(pixbuf), 3)
        XCTAssertEqual(gdk_pixbuf_get_width(pixbuf), 256)
        XCTAssertEqual(gdk_pixbuf_get_height(pixbuf), 192)
        XCTAssertEqual(Self.pixels(of: pixbuf), Self.pixels(of: thumbnail.pixbuf), "the PNG holds other pixels than the thumbnail")
        // Snapshelf writes the PNG itself, so a reader that shares no code with it checks it too.
        XCTAssertEqual(try ExifTool.value("ThumbURI", of: saved), uri)
        XCTAssertEqual(try ExifTool.run(["-validate", "-warning", "-a", "-s3", saved.path]).trimmingCharacters(in: .whitespacesAndNewlines),
                       "OK")
        let read = try IndependentPNG(reading: saved)
        XCTAssertEqual([read.depth, read.colourType, read.interlace], [8, 2, 0], "8-bit RGB, not interlaced")
        XCTAssertEqual(read.text["Thumb::URI"], uri)
        XCTAssertEqual(read.text["Thumb::MTime"], "\(mtime)")
        // The standard's Thumb::Image::Width/Height are the original's size; the thumbnail's would mislead.
        XCTAssertNil(read.text["Thumb::Image::Width"])
        XCTAssertNil(read.text["Thumb::Image::Height"])

        let attributes = try FileManager.default.attributesOfItem(atPath: saved.path)
        XCTAssertEqual(attributes[.posixPermissions] as? Int, 0o600)
        let folderAttributes = try FileManager.default.attributesOfItem(atPath: saved.deletingLastPathComponent().path)
        XCTAssertEqual(folderAttributes[.posixPermissions] as? Int, 0o700)
    }

    func testAFIFOWhereTheThumbnailGoesIsNoneAndStallsNothing() throws {
        let saved = cache.location(of: photo, size: .large)
        try FileManager.default.createDirectory(at: saved.deletingLastPathComponent(), withIntermediateDirectories: true)
        // Opened to read the way a file is, a FIFO without a writer would wait for ever.
        XCTAssertEqual(mkfifo(saved.path, 0o600), 0)
        XCTAssertEqual(cache.entry(for: photo, size: .large), .missing)
        let thumbnail = try cache.thumbnail(for: photo, size: .large)
        XCTAssertEqual([thumbnail.width, thumbnail.height], [256, 192])
        XCTAssertEqual(cache.entry(for: photo, size: .large), .valid, "the thumbnail took the FIFO's place")
    }

    func testAValidThumbnailIsNeverMadeAgain() throws {
        _ = try cache.thumbnail(for: photo, size: .large)
        let saved = cache.location(of: photo, size: .large)
        setModificationTime(1_000_000, of: saved)
        _ = try cache.thumbnail(for: photo, size: .large)
        XCTAssertEqual(try modification(of: saved), Date(timeIntervalSince1970: 1_000_000), "a valid thumbnail was rewritten")
    }

    /// Thumbnails made before Snapshelf wrote RGB, or by another program, are RGBA: they stay valid
    /// and are shown as they are, so no cache is rewritten.
    func testAnRGBAThumbnailWrittenEarlierStaysValidAndIsUsed() throws {
        let saved = cache.location(of: photo, size: .large)
        try FileManager.default.createDirectory(at: saved.deletingLastPathComponent(), withIntermediateDirectories: true)
        let earlier = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, 64, 48)!
        defer { g_object_unref(UnsafeMutableRawPointer(earlier)) }
        gdk_pixbuf_fill(earlier, 0x3366_99FF)
        let mtime = Int(try XCTUnwrap(try modification(of: photo)).timeIntervalSince1970)
        let options = [("tEXt::Thumb::URI", "file://" + photo.path.replacingOccurrences(of: " ", with: "%20")),
                       ("tEXt::Thumb::MTime", "\(mtime)")]
        var keys: [UnsafeMutablePointer<CChar>?] = options.map { (key: String, _) in strdup(key) } + [nil]
        var values: [UnsafeMutablePointer<CChar>?] = options.map { (_, value: String) in strdup(value) } + [nil]
        defer { (keys + values).forEach { free($0) } }
        XCTAssertNotEqual(gdk_pixbuf_savev(earlier, saved.path, "png", &keys, &values, nil), 0)
        XCTAssertEqual(try IndependentPNG(reading: saved).colourType, 6)
        setModificationTime(1_000_000, of: saved)

        XCTAssertEqual(cache.entry(for: photo, size: .large), .valid)
        let thumbnail = try cache.thumbnail(for: photo, size: .large)
        XCTAssertEqual([thumbnail.width, thumbnail.height], [64, 48], "the earlier thumbnail was not the one shown")
        XCTAssertEqual(try modification(of: saved), Date(timeIntervalSince1970: 1_000_000), "a valid RGBA thumbnail was rewritten")
    }

    func testAThumbnailOfAnOlderVersionIsStaleAndRemade() throws {
        _ = try cache.thumbnail(for: photo, size: .large)
        setModificationTime(2_000_000_000, of: photo)
        XCTAssertEqual(cache.entry(for: photo, size: .large), .stale, "newer is not enough: the mtimes must be equal")
        _ = try cache.thumbnail(for: photo, size: .large)
        XCTAssertEqual(cache.entry(for: photo, size: .large), .valid)
    }

    func testAFailureIsRecordedOnceAndNotRetriedUntilTheFileChanges() throws {
        let broken = folder.file(named: "broken.jpg", containing: try Data(contentsOf: photo).prefix(600))
        XCTAssertThrowsError(try cache.thumbnail(for: broken, size: .large))
        XCTAssertEqual(cache.entry(for: broken, size: .large), .failed)
        let failures = cache.directory.appendingPathComponent("fail/snapshelf-\(SnapshelfVersion.current)")
        let recorded = try XCTUnwrap(FileManager.default.contentsOfDirectory(atPath: failures.path).first)
        setModificationTime(1_000_000, of: failures.appendingPathComponent(recorded))
        XCTAssertThrowsError(try cache.thumbnail(for: broken, size: .large))
        XCTAssertEqual(try modification(of: failures.appendingPathComponent(recorded)), Date(timeIntervalSince1970: 1_000_000),
                       "a recorded failure was retried")

        try Data(contentsOf: photo).write(to: broken)
        setModificationTime(2_000_000_000, of: broken)
        XCTAssertEqual(cache.entry(for: broken, size: .large), .missing, "a changed file gets another try")
        XCTAssertNoThrow(try cache.thumbnail(for: broken, size: .large))
    }

    /// A cached thumbnail anyone could have written, with a text chunk whose keyword has no NUL
    /// but whose CRC holds one: it trapped the window at every start. It is made again.
    func testAHostileCachedThumbnailIsMadeAgainNeverFatal() throws {
        _ = try cache.thumbnail(for: photo, size: .large)
        let saved = cache.location(of: photo, size: .large)
        var bytes = [UInt8](try Data(contentsOf: saved))
        // After the signature and the IHDR chunk.
        bytes.insert(contentsOf: [0, 0, 0, 3] + Array("tEXtabc".utf8) + [0, 0, 0, 0], at: 33)
        try Data(bytes).write(to: saved)
        XCTAssertEqual(cache.entry(for: photo, size: .large), .missing, "a damaged thumbnail counts as none")
        let thumbnail = try cache.thumbnail(for: photo, size: .large)
        XCTAssertEqual([thumbnail.width, thumbnail.height], [256, 192])
        XCTAssertEqual(cache.entry(for: photo, size: .large), .valid)
        XCTAssertEqual(try IndependentPNG(reading: saved).text["Thumb::URI"], "file://" + photo.path.replacingOccurrences(of: " ", with: "%20"),
                       "the hostile thumbnail was not replaced by a good one")
    }

    func testTheSizeFollowsTheDisplayScale() {
        XCTAssertEqual(ThumbnailCache.Size.fitting(180, scale: 1), .large)
        XCTAssertEqual(ThumbnailCache.Size.fitting(180, scale: 2), .xLarge)
        // The grid's two largest tile sizes (PhotoTile.sizes), for which a large one would be stretched.
        for size in [224, 280] {
            XCTAssertEqual(ThumbnailCache.Size.fitting(size, scale: 1), .xLarge, "\(size)")
        }
        XCTAssertEqual(ThumbnailCache.Size.xLarge.pixels, 512)
    }

    private func md5(_ text: String) -> String {
        let checksum = g_checksum_new(G_CHECKSUM_MD5)
        defer { g_checksum_free(checksum) }
        let bytes = Array(text.utf8)
        g_checksum_update(checksum, bytes, bytes.count)
        return String(cString: g_checksum_get_string(checksum))
    }
}
