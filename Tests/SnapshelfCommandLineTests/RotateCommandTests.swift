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
        XCTAssertEqual(after[0].taken, "2008-05-30T15:56:01", "the Canon records no offset")
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

    func testTwoProcessesTurningOnePhotoAtOnceBothCountInTheDatabaseAndTheSidecar() throws {
        let corpus = folder.url.appendingPathComponent("corpus")
        try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
        try snapshelf(["import"] + (try PhotoCorpus.make(5, in: corpus)).map(\.path))
        let outcomes = UnsafeMutableBufferPointer<[SnapshelfProcess.Outcome]>.allocate(capacity: 2)
        defer { outcomes.deallocate() }
        outcomes.initialize(repeating: [])
        nonisolated(unsafe) let results = outcomes
        let arguments = ["--library", library, "rotate", "5", "--by", "90"]
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            for _ in 0..<25 {
                guard let outcome = try? SnapshelfProcess.run(arguments) else { return }
                results[index].append(outcome)
            }
        }
        let runs = outcomes.flatMap { $0 }
        XCTAssertEqual(runs.count, 50)
        for run in runs {
            XCTAssertEqual(run.status, 0, run.standardError)
        }
        // Each turn tells the rotation it left: fifty quarter turns, each after the one before.
        let told = runs.compactMap { run in
            run.standardOutput.split(separator: " ").dropFirst(9).first.flatMap { Int($0.dropLast()) }
        }
        XCTAssertEqual(told.sorted(), (1...50).map { $0 * 90 % 360 }.sorted(), "two turns built on the same rotation")
        let listed = try listed()
        XCTAssertEqual(listed.map(\.rotation), [0, 0, 0, 0, 180])
        XCTAssertEqual(try ExifTool.value("XMP-snapshelf:Rotation", of: URL(fileURLWithPath: listed[4].file + ".xmp")), "180")
        try assertSound()
    }
}
