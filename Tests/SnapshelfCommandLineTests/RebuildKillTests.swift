// A rebuild fills its new database without flushing until the end, so it must only ever be
// renamed into place whole: killed at any moment, the library still lists what it listed.
import Foundation
import SnapshelfTestSupport
import XCTest

final class RebuildKillTests: CommandLineTestCase {
    func testKillingARebuildAtAnyMomentLeavesTheLibraryAsItWas() throws {
        try snapshelf(["import", "--label", "Tom & \"Jerry\""] + SamplePhotos.cameras.prefix(4).map(\.path))
        let listing = try snapshelf("list", "--json").standardOutput
        var generator = SystemRandomNumberGenerator()
        for round in 0..<20 {
            let process = Process()
            process.executableURL = SnapshelfProcess.executable
            process.arguments = ["--library", library, "rebuild"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32.random(in: 0...60_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            XCTAssertEqual(try snapshelf("list", "--json").standardOutput, listing, "round \(round)")
        }
        try assertSound()
    }
}
