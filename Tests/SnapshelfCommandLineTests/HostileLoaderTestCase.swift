// The base for tests that set the hostile loader (Tests/Fixtures/hostile-loader.c) on the real
// snapshelf: the loader built for each test, the environment its processes decode under, and
// what the library holds afterwards.
import Foundation
import SnapshelfTestSupport
import XCTest

class HostileLoaderTestCase: CommandLineTestCase {
    private(set) var loader: HostileLoader!
    /// The decode limit, in seconds, short enough for a hang's test to wait out.
    var decodeLimit = 3

    /// Where the loader's folder goes.
    var loaderParent: URL { folder.url }

    /// Where the XDG data, cache and config folders go.
    var xdgFolder: URL { folder.url.appendingPathComponent("xdg") }

    override func setUpWithError() throws {
        try super.setUpWithError()
        loader = try HostileLoader(in: loaderParent)
    }

    override func tearDown() {
        loader = nil
        super.tearDown()
    }

    /// The loader's environment, the decode limit, and XDG folders of the test's own, so that no
    /// thumbnail, setting or Trash of the person running the tests is touched.
    var environment: [String: String] {
        loader.environment.merging([
            "SNAPSHELF_DECODE_TIMEOUT": String(decodeLimit),
            "XDG_DATA_HOME": xdgFolder.appendingPathComponent("data").path,
            "XDG_CACHE_HOME": xdgFolder.appendingPathComponent("cache").path,
            "XDG_CONFIG_HOME": xdgFolder.appendingPathComponent("config").path,
        ]) { $1 }
    }

    /// The original names of the photos in `list --json`'s listing, sorted; none when it failed.
    func importedNames(_ listing: SnapshelfProcess.Outcome) throws -> [String] {
        guard listing.status == 0 else { return [] }
        let photos = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(listing.standardOutput.utf8)) as? [[String: Any]])
        return photos.compactMap { $0["original_name"] as? String }.sorted()
    }

    /// gdk-pixbuf-thumbnailer's command line for the file, where nothing stands between GdkPixbuf
    /// and the loader.
    func thumbnailer(_ file: URL) -> [String] {
        ["/usr/bin/gdk-pixbuf-thumbnailer", "-s", "64", file.path, file.deletingLastPathComponent().appendingPathComponent("thumbnail.png").path]
    }
}
