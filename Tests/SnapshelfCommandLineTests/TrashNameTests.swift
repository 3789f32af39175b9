// A removed photo reaches the Trash under its original name, its sidecar beside it with its label,
// so a person finds it in Files; two photos of one name do not clash there, and the Trash's
// record points Restore at the library's `removed/` folder, which `check` then names.
import Foundation
import SnapshelfTestSupport
import XCTest

final class TrashNameTests: CommandLineTestCase {
    func testRemovedPhotosReachTheTrashUnderTheirOriginalNamesWithTheirSidecars() throws {
        let data = folder.url.appendingPathComponent("data")
        let environment = ["XDG_DATA_HOME": data.path]
        // Two different photos both named "Lake shore.jpg", from two folders.
        for (index, sample) in SamplePhotos.cameras.prefix(2).enumerated() {
            let original = folder.url.appendingPathComponent("card\(index)/Lake shore.jpg")
            try FileManager.default.createDirectory(at: original.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: sample, to: original)
            try snapshelf("import", "--label", "Shore \(index + 1)", original.path, environment: environment)
        }
        try snapshelf("remove", "1", environment: environment)
        try snapshelf("remove", "2", environment: environment)

        let trash = data.appendingPathComponent("Trash")
        let trashed = try FileManager.default.contentsOfDirectory(atPath: trash.appendingPathComponent("files").path).sorted()
        // The second pair is numbered by the Trash (GIO's way), each copy with its sidecar beside it.
        XCTAssertEqual(trashed, ["Lake shore.2.jpg", "Lake shore.2.jpg.xmp", "Lake shore.jpg", "Lake shore.jpg.xmp"])
        var labels: [String] = []
        for name in trashed where !name.hasSuffix(".xmp") {
            labels.append(try ExifTool.title(of: trash.appendingPathComponent("files/\(name).xmp")))
            let copy = try Data(contentsOf: trash.appendingPathComponent("files/\(name)"))
            XCTAssertTrue(try SamplePhotos.cameras.prefix(2).contains { try Data(contentsOf: $0) == copy }, "\(name) is no photo's copy")
        }
        XCTAssertEqual(labels.sorted(), ["Shore 1", "Shore 2"])
        let info = try String(contentsOf: trash.appendingPathComponent("info/Lake shore.jpg.trashinfo"), encoding: .utf8)
        let removed = libraryURL.appendingPathComponent("removed/Lake%20shore.jpg").path
        XCTAssertTrue(info.contains("Path=\(removed)\n"), info)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: libraryURL.appendingPathComponent("removed").path), [],
                       "the names the files went through stay behind")
        XCTAssertEqual(try copies(), [])
        try assertSound()

        // Restore in Files: both files back where the Trash says they came from, which check names.
        for name in ["Lake shore.jpg", "Lake shore.jpg.xmp"] {
            try FileManager.default.moveItem(at: trash.appendingPathComponent("files/\(name)"),
                                             to: libraryURL.appendingPathComponent("removed/\(name)"))
        }
        let check = try snapshelf("check", expecting: 1, environment: environment)
        XCTAssertTrue(check.standardOutput.contains("file \(libraryURL.path)/removed/Lake shore.jpg is a removed photo brought back from the Trash; "
                                                    + "import it to keep the photo"), check.standardOutput)
        XCTAssertFalse(check.standardOutput.contains("could not go to the Trash"), check.standardOutput)
    }
}
