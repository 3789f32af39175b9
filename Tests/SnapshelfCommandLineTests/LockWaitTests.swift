// A lock that another program never lets go costs a bounded wait and a message naming what stayed
// locked, never a hang; nothing saved is lost, and the same command succeeds once the lock is
// free (issue 19).
import Foundation
import SnapshelfTestSupport
import XCTest

final class LockWaitTests: CommandLineTestCase {
    /// Waits this long, instead of the 30 seconds people get.
    private let patience = ["SNAPSHELF_LOCK_TIMEOUT": "2"]
    private var holder: Process?

    override func tearDown() {
        release()
        super.tearDown()
    }

    func testAnImportWaitsBoundedlyForAPhotoFolderLockedElsewhere() throws {
        try snapshelf("import", "--label", "Before", SamplePhotos.cameras[0].path)
        let photos = libraryURL.appendingPathComponent("photos")
        try hold(photos)
        let started = ContinuousClock.now
        let outcome = try snapshelf(["import", SamplePhotos.cameras[1].path], expecting: 1, environment: patience)
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(20), "the import waited for the lock far beyond its bound")
        XCTAssertTrue(outcome.standardError.contains(SamplePhotos.cameras[1].path), outcome.standardError)
        XCTAssertTrue(outcome.standardError.contains("another program has kept the folder \(photos.path) locked for more than 2 seconds"),
                      outcome.standardError)
        release()
        XCTAssertEqual(try ids(), ["1"], "a photo was saved without its lock, or the first was lost")
        try assertSound()
        try snapshelf("import", SamplePhotos.cameras[1].path)
        XCTAssertEqual(try ids(), ["1", "2"])
    }

    func testOpeningALibraryWaitsBoundedlyForALockFileHeldAlone() throws {
        try snapshelf("import", "--label", "Before", SamplePhotos.cameras[0].path)
        let lockFile = libraryURL.appendingPathComponent("library.lock")
        try hold(lockFile)
        let started = ContinuousClock.now
        let outcome = try snapshelf(["list"], expecting: 1, environment: patience)
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(20), "opening the library waited far beyond its bound")
        XCTAssertTrue(outcome.standardError.contains(lockFile.path), outcome.standardError)
        XCTAssertTrue(outcome.standardError.contains("another program has kept it locked for more than 2 seconds"), outcome.standardError)
        release()
        XCTAssertEqual(try ids(), ["1"])
        try assertSound()
    }

    /// Has flock(1) take the file's or folder's lock alone, and keep it until released.
    private func hold(_ url: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        // Without forking, so that sleep itself holds the lock and ending it lets go.
        process.arguments = ["--exclusive", "--no-fork", url.path, "/bin/sleep", "120"]
        try process.run()
        holder = process
        // Taken once a second try without waiting fails.
        for _ in 0..<500 {
            let probe = Process()
            probe.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
            probe.arguments = ["--nonblock", url.path, "/bin/true"]
            try probe.run()
            probe.waitUntilExit()
            if probe.terminationStatus != 0 { return }
            usleep(10_000)
        }
        XCTFail("flock never took \(url.path)")
    }

    private func release() {
        guard let holder else { return }
        holder.terminate()
        holder.waitUntilExit()
        self.holder = nil
    }
}
