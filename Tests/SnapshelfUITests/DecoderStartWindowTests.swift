// The real snapshelf on a library whose thumbnails are made: its window shows them without
// starting a sandboxed decoder, which only a file not decoded yet calls for (issue 24). The app
// runs as a process of its own, since its decoders are its children.
import Foundation
import SnapshelfTestSupport
import XCTest

final class DecoderStartWindowTests: FolderTestCase {
    private var app: WindowProcess?
    private var library: URL { folder.url.appendingPathComponent("library") }

    override func tearDown() {
        app?.stop()
        app = nil
        super.tearDown()
    }

    func testAWindowWhoseThumbnailsAreMadeStartsNoDecoder() throws {
        let photos = Array(SamplePhotos.cameras.prefix(3))
        // The import saves each photo's large thumbnail in the cache the window reads.
        let importer = Process()
        importer.executableURL = BuiltProducts.snapshelf
        importer.arguments = ["import", "--library", library.path, "--label", "made"] + photos.map(\.path)
        importer.environment = try WindowProcess.environment(in: folder.url)
        importer.standardOutput = FileHandle.nullDevice
        try importer.run()
        importer.waitUntilExit()
        XCTAssertEqual(importer.terminationStatus, 0)
        let thumbnails = folder.url.appendingPathComponent("xdg/cache/thumbnails/large").path
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: thumbnails).filter { $0.hasSuffix(".png") }.count, photos.count)

        // Each made thumbnail is opened twice: for its text, then for its pixels, here or for a
        // decoder. Watched from before the app starts, so no opening is missed.
        let watch = try OpenWatch(folder: thumbnails)
        let app = try WindowProcess(["--library", library.path], in: folder.url)
        self.app = app
        _ = try app.waitForWindow(named: "Snapshelf")
        // A decoder is given the second opening's descriptor, and closes it once done: when every
        // second opening is closed, a decoder that read one has started, and waits a while idle.
        try app.waitUntil("the window did not read its thumbnails") { watch.wereRead(times: 2, each: photos.count) }
        let decoders = ProcessEntry.children(of: app.process.processIdentifier).filter { $0.commandLine.contains("--sandboxed-decoder") }
        XCTAssertEqual(decoders.map(\.pid), [], "a decoder started for thumbnails that were made")
    }
}
