// The window's first frame loads only what it draws with: Exiv2, a large C++ library with static
// initialisers, waits for the first photo whose metadata is read or written, and librsvg, which
// renders SVG icons, is not needed for the window's icon, which comes as PNG. The dynamic loader's
// own account of the files it opened (LD_DEBUG=files) tells, so no timing is involved; each
// process writes its own, so it also tells whether a decoder started.
import Foundation
import SnapshelfTestSupport
import XCTest

final class StartupLibrariesTests: FolderTestCase {
    func testTheFirstFrameLoadsNeitherExiv2NorLibrsvg() throws {
        let library = folder.url.appendingPathComponent("library")
        _ = try ExternalProgram.output(of: BuiltProducts.snapshelf.path,
                                       ["import", "--library", library.path, "--label", "Grid", SamplePhotos.cameras[0].path])
        let account = folder.url.appendingPathComponent("loaded")
        let app = try WindowProcess(["--library", library.path], in: folder.url,
                                    environment: ["SNAPSHELF_EXIT_AFTER_FIRST_FRAME": "1", "LD_DEBUG": "files", "LD_DEBUG_OUTPUT": account.path])
        defer { app.stop() }
        try app.waitUntil("the window did not quit after its first frame", whileRunning: false) { !app.isRunning }
        XCTAssertEqual(app.process.terminationStatus, 0, app.stderr)

        // The app's own account; a decoder started meanwhile writes one of its own, and loads Exiv2.
        let loaded = try String(contentsOf: URL(fileURLWithPath: "\(account.path).\(app.process.processIdentifier)"), encoding: .utf8)
        XCTAssertTrue(loaded.contains("file=libgtk-4.so.1"), "the account names no file: \(loaded.prefix(400))")
        for name in ["libgexiv2", "libexiv2", "librsvg"] {
            XCTAssertFalse(loaded.contains("file=\(name)"), "\(name) was loaded before the first frame")
        }
        // The benchmark's quit comes in the first frame's after-paint, as its C windows' does: before
        // the first screen's thumbnails, which this window's cache lacks, start a decoder.
        let accounts = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix("loaded.") }
        XCTAssertEqual(accounts, ["loaded.\(app.process.processIdentifier)"], "a decoder started before the window quit")
    }
}
