// The harness the shared-library tests stand on: two Syncthing instances that really carry files,
// that say what they were doing when they do not get in sync, and that leave nothing running.
import Foundation
import SnapshelfTestSupport
import XCTest

final class SyncthingPairTests: FolderTestCase {
    func testAFileWrittenOnOneSideArrivesOnTheOther() throws {
        let (a, b) = (folder.url.appendingPathComponent("a"), folder.url.appendingPathComponent("b"))
        let pair = try SyncthingPair(sharing: a, with: b, homes: folder.url)
        try Data("from A\n".utf8).write(to: a.appendingPathComponent("note.txt"))
        try pair.waitUntilInSync()
        XCTAssertEqual(try String(contentsOf: b.appendingPathComponent("note.txt"), encoding: .utf8), "from A\n")
    }

    func testAPairThatCannotGetInSyncSaysWhatBothSidesWereDoing() throws {
        let (a, b) = (folder.url.appendingPathComponent("a"), folder.url.appendingPathComponent("b"))
        let pair = try SyncthingPair(sharing: a, with: b, homes: folder.url)
        try pair.pause()
        XCTAssertThrowsError(try pair.waitUntilInSync(timeout: 2)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("A: not connected") && message.contains("B: not connected"), message)
            XCTAssertTrue(message.contains("needTotalItems"), message)
        }
    }

    func testStoppingThePairLeavesNoSyncthingRunning() throws {
        let pair = try SyncthingPair(sharing: folder.url.appendingPathComponent("a"), with: folder.url.appendingPathComponent("b"),
                                     homes: folder.url)
        XCTAssertEqual(instancesRunning().count, 2)
        pair.stop()
        XCTAssertEqual(instancesRunning(), [])
    }

    /// The processes whose command line names this test's folder, as Syncthing's --home does.
    private func instancesRunning() -> [String] {
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return processes.filter { $0.allSatisfy(\.isNumber) }.compactMap { process in
            guard let data = FileManager.default.contents(atPath: "/proc/\(process)/cmdline") else { return nil }
            let arguments = String(decoding: data, as: UTF8.self).split(separator: "\0")
            return arguments.first?.hasSuffix("syncthing") == true && arguments.contains { $0.contains(folder.url.path) }
                ? arguments.joined(separator: " ") : nil
        }
    }
}
