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

        let app = try WindowProcess(["--library", library.path], in: folder.url)
        self.app = app
        _ = try app.waitForWindow(named: "Snapshelf")
        // The tiles ask for their thumbnails as soon as the grid shows: watch while they load.
        let until = ContinuousClock.now + .seconds(3)
        while ContinuousClock.now < until {
            let decoders = ProcessEntry.children(of: app.process.processIdentifier).filter { $0.commandLine.contains("--sandboxed-decoder") }
            guard decoders.isEmpty else { return XCTFail("a decoder started for thumbnails that were made: \(decoders.map(\.pid))") }
            usleep(50_000)
        }
    }
}
