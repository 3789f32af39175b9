// A rebuild fills its new database without flushing until the end, so it must only ever be
// renamed into place whole: killed at any moment, the library still lists what it listed.
import Foundation
import SnapshelfTestSupport
import XCTest

final class RebuildKillTests: CommandLineTestCase {
    func testKillingARebuildAtAnyMomentLeavesTheLibraryAsItWas() throws {
        try snapshelf(["import", "--label", "Tom & \"Jerry\""] + SamplePhotos.cameras.prefix(4).map(\.path))
        let listing = try snapshelf("list", "--json").standardOutput
        // How long a whole rebuild takes here: the kills are spread over that, from the process
        // starting to the rename, where a fixed 60 ms fell before a slow machine read a thing.
        let whole = try KillMoments.measure(["--library", library, "rebuild"])
        XCTAssertEqual(try snapshelf("list", "--json").standardOutput, listing, "a whole rebuild")
        for (round, moment) in KillMoments.spread(10, over: whole).enumerated() {
            _ = try SnapshelfProcess.killed(["--library", library, "rebuild"], after: moment)
            XCTAssertEqual(try snapshelf("list", "--json").standardOutput, listing, "round \(round)")
        }
        try assertSound()
    }
}
