// `snapshelf rotate` and what `list --json` tells of each photo: the rotation, the size it turns,
// the copy's bytes, the camera and the date taken; the library's copy never changes.
import Foundation
import SnapshelfTestSupport
import XCTest

final class RotateCommandTests: CommandLineTestCase {
    private struct Listed: Decodable, Equatable {
        let id: Int64
        let width: Int
        let height: Int
        let rotation: Int
        let bytes: Int?
        let camera: String?
        let taken: String?
        let file: String
    }

    private func listed() throws -> [Listed] {
        try JSONDecoder().decode([Listed].self, from: Data(try snapshelf("list", "--json").standardOutput.utf8))
    }

    func testRotateTurnsThePhotosListsThemTurnedAndLeavesTheCopiesAlone() throws {
        try snapshelf("import", SamplePhotos.cameras[0].path, SamplePhotos.landscape(orientation: 6).path)
        let before = try listed()
        let copy = try Data(contentsOf: URL(fileURLWithPath: before[0].file))
        XCTAssertEqual(try snapshelf("rotate", "1", "2", "--by", "90").standardOutput,
                       "Rotated photo 1 by 90°; it is now turned 90° clockwise\nRotated photo 2 by 90°; it is now turned 90° clockwise\n")
        XCTAssertEqual(try snapshelf("rotate", "2", "--by", "180").standardOutput,
                       "Rotated photo 2 by 180°; it is now turned 270° clockwise\n")
        let after = try listed()
        XCTAssertEqual(after.map(\.rotation), [90, 270])
        XCTAssertEqual(after.map { [$0.width, $0.height] }, before.map { [$0.height, $0.width] })
        XCTAssertEqual(after[0].camera, "Canon EOS 40D")
        XCTAssertEqual(after[0].taken, "2008-05-30T15:56:01Z")
        XCTAssertEqual(after[0].bytes, copy.count)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: after[0].file)), copy, "the library's copy changed")
        let json = try snapshelf("list", "--json").standardOutput
        XCTAssertTrue(json.contains("\"camera\" : null"), "a photo without a camera lists it as null: \(json)")
        try assertSound()
    }

    func testBadIDsAndTurnsAreRefusedByName() throws {
        try snapshelf("import", SamplePhotos.cameras[0].path)
        XCTAssertTrue(try snapshelf("rotate", "1", "--by", "45", expecting: 2).standardError
            .contains("“45” is not a rotation; --by takes 90, 180 or 270"))
        XCTAssertTrue(try snapshelf("rotate", "1", expecting: 2).standardError.contains("rotate needs --by and 90, 180 or 270."))
        XCTAssertTrue(try snapshelf("rotate", "--by", "90", expecting: 2).standardError.contains("rotate needs at least one photo ID."))
        XCTAssertTrue(try snapshelf("rotate", "one", "--by", "90", expecting: 2).standardError.contains("“one” is not a photo ID"))
        let missing = try snapshelf("rotate", "1", "7", "--by", "90", expecting: 1)
        XCTAssertTrue(missing.standardError.contains("there is no photo with ID 7"), missing.standardError)
        XCTAssertEqual(missing.standardOutput, "Rotated photo 1 by 90°; it is now turned 90° clockwise\n")
        XCTAssertTrue(try snapshelf("rotate", "--help").standardOutput.contains("the library's copy is not changed"))
        XCTAssertTrue(try snapshelf("help").standardOutput.contains("rotate ID... --by 90|180|270"))
    }
}
