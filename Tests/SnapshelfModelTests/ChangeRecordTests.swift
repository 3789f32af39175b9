// Changes that no conflict copy carries: two computers relabel and turn one photo while apart, and
// Syncthing, with "Max Conflicts" at 0, keeps the first computer's sidecar on both and drops the
// second's. Each computer's changes file still holds its own, so after a rescan on each, both
// hold the same sidecar, byte for byte: the later label, the other among its earlier labels, and
// both turns. exiftool reads what was written.
import Foundation
@testable import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class ChangeRecordTests: SharedLibraryTestCase {
    /// Brings one computer's own records file to the other, as Syncthing would.
    private func bringRecords(from library: URL, machine: String, to target: URL) throws {
        let name = "computers/\(machine).changes"
        try FileManager.default.createDirectory(at: target.appendingPathComponent("computers"), withIntermediateDirectories: true)
        let bytes = try Data(contentsOf: library.appendingPathComponent(name))
        let temporary = target.appendingPathComponent("computers/.syncthing.\(machine).changes.tmp")
        try bytes.write(to: temporary)
        XCTAssertEqual(rename(temporary.path, target.appendingPathComponent(name).path), 0)
    }

    func testChangesADroppedSidecarHeldComeBackFromTheirRecordOnBothComputers() throws {
        let (first, second, ids) = try sharedLibrary()
        let (firstName, secondName) = (try first.database.machineName(), try second.database.machineName())
        _ = try first.relabel(photoWithID: ids[0], as: try Label("Lake, said the first"))
        _ = try first.rotate(photosWithIDs: [ids[0]], by: 90)
        waitForTheClock(toPass: try Sidecar(reading: try XCTUnwrap(try first.photo(withID: ids[0])).fileURL.appendingPathExtension("xmp"))
            .labelChangedMilliseconds)
        _ = try second.relabel(photoWithID: ids[0], as: try Label("Lake, said the second"))
        _ = try second.rotate(photosWithIDs: [ids[0]], by: 180)
        // Syncthing keeps the first computer's sidecar everywhere, and makes no conflict copy.
        try bring(directory, to: other, folder: "photos")
        try bringRecords(from: directory, machine: firstName, to: other)
        try bringRecords(from: other, machine: secondName, to: directory)
        _ = try second.rescan()
        _ = try first.rescan()

        let sidecars = [directory, other].map {
            $0.appendingPathComponent("photos").appendingPathComponent(try! XCTUnwrap(try first.photo(withID: ids[0])).fileURL.lastPathComponent + ".xmp")
        }
        for (library, sidecar) in zip([first, second], sidecars) {
            let photo = try XCTUnwrap(try library.photo(withID: ids[0]))
            XCTAssertEqual(photo.label, "Lake, said the second", "the label given later is kept")
            XCTAssertEqual(photo.rotation, 270, "both turns are kept")
            XCTAssertEqual(try library.earlierLabels(ofPhotoWithID: ids[0]).map(\.label), ["Lake, said the first", "photo 0"])
            XCTAssertEqual(try ExifTool.title(of: sidecar), "Lake, said the second")
            XCTAssertEqual(try library.check(), [])
        }
        XCTAssertEqual(try Data(contentsOf: sidecars[0]), try Data(contentsOf: sidecars[1]), "the two computers' sidecars differ")
        // Read once: a rescan with nothing new reads no record again, and changes nothing.
        XCTAssertFalse(try first.rescan().changedTheIndex)
        XCTAssertFalse(try second.rescan().changedTheIndex)
    }

    func testAChangeSeenBeforeIsNoChangeAndALineFromAnotherComputerIsChecked() throws {
        let (first, second, ids) = try sharedLibrary()
        _ = try first.relabel(photoWithID: ids[0], as: try Label("seen"))
        try bring(directory, to: other, folder: "photos")
        try bringRecords(from: directory, machine: try first.database.machineName(), to: other)
        XCTAssertEqual(try second.rescan().changed, 1, "the sidecar, not the record, brought the label")
        let sidecar = try XCTUnwrap(try second.photo(withID: ids[0])).fileURL.appendingPathExtension("xmp")
        let before = try Data(contentsOf: sidecar)
        // Lines that are no record: the wrong fields, an ID out of range, a name no copy has.
        let name = try XCTUnwrap(try second.photo(withID: ids[0])).fileURL.lastPathComponent
        let hostile = ["\(name)\t1\t5\t4\t1:90\tonly six fields", "\(name)\t0\t5\t4\t1:90\tzero ID\tx",
                       "../../etc/passwd\t1\t5\t4\t1:90\tescape\tx", "\(name)\t1\t5\t4\t1:45\tbad turn\tx"]
        try (hostile.joined(separator: "\n") + "\n").write(to: other.appendingPathComponent("computers/b0b.changes"), atomically: true, encoding: .utf8)
        XCTAssertFalse(try second.rescan().changedTheIndex)
        XCTAssertEqual(try Data(contentsOf: sidecar), before)
    }
}
