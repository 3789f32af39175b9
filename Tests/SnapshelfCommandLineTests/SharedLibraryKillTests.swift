// A library that arrived through Syncthing is indexed by the first command that opens it; killed
// at any moment while it indexes, the next command finishes the work, and the library ends as the
// other computer has it.
import Foundation
import SnapshelfTestSupport
import XCTest

final class SharedLibraryKillTests: CommandLineTestCase {
    private var received: URL { folder.url.appendingPathComponent("received") }

    /// Brings the library's photo folder to `received` as Syncthing would, file by file.
    private func receive() throws {
        let source = libraryURL.appendingPathComponent("photos"), target = received.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: received.appendingPathComponent(".stfolder"), withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) where !name.hasPrefix(".") {
            let temporary = target.appendingPathComponent(".syncthing.\(name).tmp")
            try? FileManager.default.removeItem(at: temporary)
            try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: temporary)
            XCTAssertEqual(rename(temporary.path, target.appendingPathComponent(name).path), 0)
        }
    }

    /// The listing, with the library's own folder left out of the files' paths.
    private func listing(of directory: URL) throws -> String {
        let outcome = try SnapshelfProcess.run(["--library", directory.path, "list", "--json"])
        XCTAssertEqual(outcome.status, 0, outcome.standardError)
        return outcome.standardOutput.replacingOccurrences(of: directory.path + "/photos/", with: "")
    }

    func testKillingTheFirstOpenOfAReceivedLibraryAtAnyMomentLosesNothing() throws {
        try snapshelf(["import", "--label", "Harbour «at dusk»"] + SamplePhotos.cameras.map(\.path))
        try snapshelf("rotate", "2", "--by", "90")
        let expected = try listing(of: libraryURL)
        try receive()
        var generator = SystemRandomNumberGenerator()
        var killed = 0
        for round in 0..<12 {
            if try !SnapshelfProcess.killed(["--library", received.path, "list"], after: .microseconds(Int.random(in: 0...150_000, using: &generator))) {
                killed += 1
            }
            XCTAssertEqual(try listing(of: received), expected, "round \(round): the next command did not finish the index")
            let check = try SnapshelfProcess.run(["--library", received.path, "check"])
            XCTAssertEqual(check.status, 0, "round \(round): " + check.standardOutput + check.standardError)
            // The next round receives the library anew.
            for suffix in ["", "-wal", "-shm"] { unlink(received.path + "/library.sqlite3" + suffix) }
        }
        XCTAssertGreaterThan(killed, 0, "no round was killed while indexing")
    }
}
