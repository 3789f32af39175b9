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
        let added = try XCTUnwrap(try second.photo(withID: ids[0])).record.addedMilliseconds
        let fields = { (id: String, given: String, turn: String) in "\(name)\t\(id)\t\(added)\t\(given)\t4\tb0b\t\(turn)" }
        let hostile = [fields("1", "5", "1:90") + "\tone field short", fields("0", "5", "1:90") + "\tzero ID\tx",
                       "../../etc/passwd" + fields("1", "5", "1:90").dropFirst(name.count) + "\tescape\tx",
                       fields("1", "5", "1:45") + "\tbad turn\tx", fields("1", String(Int64.max), "1:90") + "\tbeyond any date\tx"]
        try (hostile.joined(separator: "\n") + "\n").write(to: other.appendingPathComponent("computers/b0b.changes"), atomically: true, encoding: .utf8)
        XCTAssertFalse(try second.rescan().changedTheIndex)
        XCTAssertEqual(try Data(contentsOf: sidecar), before)
        // Each line is refused for its own fault: the same line made whole is a record.
        XCTAssertNotNil(ChangeRecord(line: Substring(fields("1", "5", "1:90") + "\tx\ty"), machine: "b0b"))
        for line in hostile { XCTAssertNil(ChangeRecord(line: Substring(line), machine: "b0b"), line) }
    }

    func testRecordsReadInEitherOrderMakeTheSameSidecar() throws {
        let first = try sharedLibrary().first
        let photo = try XCTUnwrap(try first.photos().first)
        let sidecar = try Sidecar(reading: photo.fileURL.appendingPathExtension("xmp"))
        let (name, added, start) = (photo.fileURL.lastPathComponent, sidecar.addedMilliseconds, sidecar.labelChangedMilliseconds)
        // X, on a clock a day ahead, replaced the label there; Y, given after X had arrived, replaced X.
        let dayAhead = start + 86_400_000
        let x = try XCTUnwrap(ChangeRecord(line: Substring("\(name)\t\(photo.id)\t\(added)\t\(dayAhead)\t\(start)\t\(sidecar.machine ?? "")\t0:0\tX\t\(sidecar.label)"), machine: "a1"))
        let y = try XCTUnwrap(ChangeRecord(line: Substring("\(name)\t\(photo.id)\t\(added)\t\(start + 5)\t\(dayAhead)\ta1\t0:0\tY\tX"), machine: "b2"))
        let apply = { (records: [ChangeRecord]) in records.reduce(sidecar) { $1.applied(to: $0)?.merged ?? $0 } }
        let (xFirst, yFirst) = (apply([x, y]), apply([y, x]))
        XCTAssertEqual(xFirst.label, "Y", "the label given after X lost to X's clock")
        XCTAssertEqual(yFirst.label, "Y", "read first, the later change lost its link to X")
        XCTAssertEqual(xFirst.history, yFirst.history)
        XCTAssertEqual(xFirst.turns, sidecar.turns, "a change of the label alone adds no turn")
        // Of a photo removed and imported again, under the same name: no record applies.
        var again = sidecar
        again.addedMilliseconds += 1
        XCTAssertNil(x.applied(to: again))
    }

    func testATurnGivenAfterAnotherComputersSidecarWasKeptIsNeitherLostNorCountedTwice() throws {
        let (first, second, ids) = try sharedLibrary()
        let (firstName, secondName) = (try first.database.machineName(), try second.database.machineName())
        _ = try first.rotate(photosWithIDs: [ids[0]], by: 90)
        _ = try first.rescan()
        _ = try second.rotate(photosWithIDs: [ids[1]], by: 180)
        _ = try second.relabel(photoWithID: ids[0], as: try Label("kept over the first's"))
        // Syncthing keeps the second computer's sidecar, which lacks the first's turn; the first
        // takes it in, and turns the photo again.
        try bring(other, to: directory, folder: "photos")
        _ = try first.rescan()
        XCTAssertEqual(try first.photo(withID: ids[0])?.rotation, 90, "the first's turn was lost as the other sidecar came in")
        _ = try first.rotate(photosWithIDs: [ids[0]], by: 180)
        try bringRecords(from: directory, machine: firstName, to: other)
        try bringRecords(from: other, machine: secondName, to: directory)
        for _ in 0..<2 {
            _ = try first.rescan()
            _ = try second.rescan()
            try bring(directory, to: other, folder: "photos")
            _ = try second.rescan()
        }
        let onFirst = try XCTUnwrap(try first.photo(withID: ids[0])), onSecond = try XCTUnwrap(try second.photo(withID: ids[0]))
        XCTAssertEqual(onFirst.rotation, 270, "a turn given on the first was lost there")
        XCTAssertEqual(onSecond.rotation, 270, "a turn given on the first was lost on the second")
        XCTAssertEqual(onFirst.label, "kept over the first's")
        XCTAssertEqual(try Data(contentsOf: onFirst.fileURL.appendingPathExtension("xmp")),
                       try Data(contentsOf: onSecond.fileURL.appendingPathExtension("xmp")))
    }

    func testATurnGivenBeforeTheIndexTookInAnotherComputersChangeKeepsThatChange() throws {
        let (first, second, ids) = try sharedLibrary()
        _ = try second.relabel(photoWithID: ids[0], as: try Label("given on the second"))
        _ = try second.rotate(photosWithIDs: [ids[0]], by: 90)
        // Syncthing brings the sidecar; the first turns the photo before it has looked.
        try bring(other, to: directory, folder: "photos")
        _ = try first.rotate(photosWithIDs: [ids[0]], by: 90)
        _ = try first.rescan()
        try bringRecords(from: directory, machine: try first.database.machineName(), to: other)
        try bring(directory, to: other, folder: "photos")
        _ = try second.rescan()
        for library in [first, second] {
            let photo = try XCTUnwrap(try library.photo(withID: ids[0]))
            XCTAssertEqual(photo.label, "given on the second", "a turn gave back the label the index held before")
            XCTAssertEqual(photo.rotation, 180, "a turn undid the other computer's")
            XCTAssertEqual(try library.check(), [])
        }
    }

    func testALabelGivenHereComesBackWhenAnotherComputersSidecarIsKeptAndThisOneTurnsIt() throws {
        let (first, second, ids) = try sharedLibrary()
        let (firstName, secondName) = (try first.database.machineName(), try second.database.machineName())
        _ = try first.relabel(photoWithID: ids[0], as: try Label("given on the first"))
        _ = try second.rotate(photosWithIDs: [ids[0]], by: 90)
        // Each has read its own record already.
        _ = try first.rescan()
        _ = try second.rescan()
        // Syncthing keeps the second's sidecar; the first takes it in, then turns the photo.
        try bring(other, to: directory, folder: "photos")
        _ = try first.rescan()
        XCTAssertEqual(try first.photo(withID: ids[0])?.label, "given on the first", "the label given here was lost here")
        _ = try first.rotate(photosWithIDs: [ids[0]], by: 90)
        try bringRecords(from: directory, machine: firstName, to: other)
        try bringRecords(from: other, machine: secondName, to: directory)
        try bring(directory, to: other, folder: "photos")
        _ = try second.rescan()
        _ = try first.rescan()
        for library in [first, second] {
            let photo = try XCTUnwrap(try library.photo(withID: ids[0]))
            XCTAssertEqual(photo.label, "given on the first")
            XCTAssertEqual(photo.rotation, 180)
        }
    }

    func testTurnsCountOnOverAnUnreadableSidecarAndARotationAnotherProgramSetIsTakenAsItIs() throws {
        let first = try sharedLibrary().first
        let photo = try XCTUnwrap(try first.photos().first)
        let sidecar = photo.fileURL.appendingPathExtension("xmp")
        for _ in 0..<3 { _ = try first.rotate(photosWithIDs: [photo.id], by: 90) }
        try Data("garbage".utf8).write(to: sidecar)
        _ = try first.rotate(photosWithIDs: [photo.id], by: 90)
        _ = try first.rescan()
        XCTAssertEqual(try first.photo(withID: photo.id)?.rotation, 0, "an earlier turn came back over the sidecar written anew")
        // Another program sets the rotation and writes no turns.
        var set = try Sidecar(reading: sidecar)
        (set.rotation, set.turns) = (180, SidecarTurns(text: nil, rotation: 180))
        try set.write(to: sidecar, through: folder.url)
        _ = try first.rescan()
        XCTAssertEqual(try first.photo(withID: photo.id)?.rotation, 180, "this computer's turns were counted over another program's rotation")
    }
}
