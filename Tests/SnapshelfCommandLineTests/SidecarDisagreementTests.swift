// Sidecars that disagree with each other or with what Snapshelf writes, as two machines syncing
// one library make them: a rebuild and an import keep every label, name and date a sidecar holds,
// give IDs without collisions, and say what they changed.
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class SidecarDisagreementTests: CommandLineTestCase {
    private let labels = ["one", "two", "three"]

    /// Imports the first three cameras' photos, labelled "one", "two" and "three".
    private func importThree() throws {
        for (label, photo) in zip(labels, SamplePhotos.cameras) {
            try snapshelf("import", "--label", label, photo.path)
        }
    }

    /// The sidecar that holds this label, as Snapshelf wrote it.
    private func sidecar(labelled label: String) throws -> URL {
        let photos = libraryURL.appendingPathComponent("photos")
        for name in try FileManager.default.contentsOfDirectory(atPath: photos.path) where name.hasSuffix(".xmp") {
            let url = photos.appendingPathComponent(name)
            if try ExifTool.title(of: url) == label { return url }
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "the sidecar labelled \(label)"])
    }

    /// Replaces what the pattern matches in the sidecar, as a person or another program might.
    private func edit(_ sidecar: URL, _ pattern: String, _ replacement: String) throws {
        let text = try String(contentsOf: sidecar, encoding: .utf8)
        let edited = text.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression)
        XCTAssertNotEqual(edited, text, "\(pattern) is not in \(sidecar.path)")
        try edited.write(to: sidecar, atomically: true, encoding: .utf8)
    }

    /// Each photo of `list --json`, by its label.
    private func listed() throws -> [String: [String: Any]] {
        let data = Data(try snapshelf("list", "--json").standardOutput.utf8)
        let photos = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return Dictionary(photos.map { ($0["label"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    }

    func testTwoSidecarsClaimingOneIDKeepBothLabels() throws {
        try importThree()
        let before = try listed()
        let second = try sidecar(labelled: "two")
        try edit(second, #"PhotoID="2""#, #"PhotoID="1""#)
        let rebuilt = try snapshelf("rebuild")
        XCTAssertTrue(rebuilt.standardError.contains("claims photo 1, which the sidecar of “Canon_40D.jpg”"), rebuilt.standardError)
        XCTAssertTrue(rebuilt.standardError.contains("it is now photo 4, and keeps its label"), rebuilt.standardError)
        XCTAssertFalse(rebuilt.standardOutput.contains("had no sidecar"), rebuilt.standardOutput)
        let after = try listed()
        XCTAssertEqual(Set(after.keys), Set(labels))
        XCTAssertEqual(after["one"]?["id"] as? Int, 1)
        XCTAssertEqual(after["two"]?["id"] as? Int, 4)
        for key in ["original_name", "added", "taken", "width", "height", "camera"] {
            XCTAssertEqual("\(after["two"]?[key] ?? "none")", "\(before["two"]?[key] ?? "none")", key)
        }
        XCTAssertEqual(try ExifTool.value("XMP-snapshelf:PhotoID", of: second), "4")
        try assertSound()
        // Said once: the next rebuild finds nothing to change.
        let again = try snapshelf("rebuild")
        XCTAssertFalse(again.standardError.contains("claims photo"), again.standardError)
    }

    func testAnIDSnapshelfNeverGivesKeepsTheLabel() throws {
        try importThree()
        let claims = ["one": "0", "two": "-5", "three": "4611686018427387903"]
        for (label, id) in claims {
            try edit(try sidecar(labelled: label), #"PhotoID="\d+""#, "PhotoID=\"\(id)\"")
        }
        let rebuilt = try snapshelf("rebuild")
        for id in claims.values {
            XCTAssertTrue(rebuilt.standardError.contains("its Xmp.snapshelf.PhotoID “\(id)” cannot be used"), rebuilt.standardError)
        }
        let after = try listed()
        XCTAssertEqual(Set(after.keys), Set(labels))
        XCTAssertEqual(Set(after.values.compactMap { $0["id"] as? Int }), [1, 2, 3])
        XCTAssertEqual(after["one"]?["original_name"] as? String, "Canon_40D.jpg")
        try assertSound()
    }

    func testAnIDNearTheEndLeavesIDsForTheImportsAfterIt() throws {
        try importThree()
        // The largest an older Snapshelf read, and the largest this one gives.
        try edit(try sidecar(labelled: "one"), #"PhotoID="\d+""#, #"PhotoID="4611686018427387902""#)
        try edit(try sidecar(labelled: "two"), #"PhotoID="\d+""#, #"PhotoID="9007199254740991""#)
        try snapshelf("rebuild")
        XCTAssertEqual(try listed()["two"]?["id"] as? Int, 9_007_199_254_740_991)
        try snapshelf("import", "--label", "four", SamplePhotos.cameras[3].path)
        try snapshelf("import", "--label", "five", SamplePhotos.cameras[4].path)
        let imported = try listed()
        XCTAssertEqual(Set(imported.keys), Set(labels + ["four", "five"]))
        for (label, photo) in imported {
            let id = try XCTUnwrap(photo["id"] as? Int, label)
            XCTAssertTrue((1...9_007_199_254_740_991).contains(id), "\(label): \(id)")
        }
        try assertSound()
        try snapshelf("rebuild")
        XCTAssertEqual(try listed().mapValues { $0["id"] as? Int }, imported.mapValues { $0["id"] as? Int })
    }

    func testDatesInAnyFormXMPAllowsAreKept() throws {
        try importThree()
        try edit(try sidecar(labelled: "one"), #"snapshelf:Added="[^"]*""#, #"snapshelf:Added="2026-12-01""#)
        try edit(try sidecar(labelled: "two"), #"snapshelf:Added="[^"]*""#, #"snapshelf:Added="2025-06-30T23:30+02:00""#)
        try snapshelf("rebuild")
        let after = try listed()
        XCTAssertEqual(after["one"]?["added"] as? String, "2026-12-01T00:00:00Z")
        XCTAssertEqual(after["two"]?["added"] as? String, "2025-06-30T21:30:00Z")
        XCTAssertEqual(Set(after.keys), Set(labels))
        try assertSound()
    }

    func testAnAddedOrTakenDateThatCannotBeReadKeepsTheRestAndReadsThePhotoAgain() throws {
        try importThree()
        let before = try listed()
        try edit(try sidecar(labelled: "one"), #"snapshelf:Added="[^"]*""#, #"snapshelf:Added="yesterday""#)
        try edit(try sidecar(labelled: "two"), #"snapshelf:Taken="[^"]*""#, #"snapshelf:Taken="2008-13-45T99:00:00Z""#)
        let rebuilt = try snapshelf("rebuild")
        XCTAssertTrue(rebuilt.standardError.contains("its Xmp.snapshelf.Added “yesterday” cannot be used"), rebuilt.standardError)
        XCTAssertTrue(rebuilt.standardError.contains("it keeps its label “two”"), rebuilt.standardError)
        let after = try listed()
        XCTAssertEqual(Set(after.keys), Set(labels))
        XCTAssertEqual(after["one"]?["id"] as? Int, before["one"]?["id"] as? Int)
        XCTAssertNotNil(after["one"]?["added"] as? String)
        // Read again from the photo's own EXIF, not lost.
        XCTAssertEqual(after["two"]?["taken"] as? String, before["two"]?["taken"] as? String)
        XCTAssertNotNil(before["two"]?["taken"] as? String)
        try assertSound()
    }

    func testASidecarThatCannotBeReadIsSetAsideNotWrittenOver() throws {
        try importThree()
        let broken = try sidecar(labelled: "three")
        let bytes = Data("<x:xmpmeta three, half written".utf8)
        try bytes.write(to: broken)
        let rebuilt = try snapshelf("rebuild")
        let setAside = libraryURL.appendingPathComponent("set-aside").appendingPathComponent(broken.lastPathComponent)
        XCTAssertEqual(try Data(contentsOf: setAside), bytes)
        XCTAssertTrue(rebuilt.standardError.contains("the sidecar is set aside in \(libraryURL.path)/set-aside"), rebuilt.standardError)
        XCTAssertTrue(rebuilt.standardOutput.contains("1 had no sidecar"), rebuilt.standardOutput)
        XCTAssertEqual(try ExifTool.title(of: broken), "")
        try assertSound()
    }

    func testImportingTheOriginalOfAnOrphanSidecarTakesItBack() throws {
        try importThree()
        try snapshelf("rotate", "2", "--by", "90")
        let before = try listed()
        let copy = try XCTUnwrap(before["two"]?["file"] as? String)
        try FileManager.default.removeItem(atPath: copy)
        let rebuilt = try snapshelf("rebuild")
        XCTAssertTrue(rebuilt.standardError.contains("sidecar \(copy).xmp has no photo beside it"), rebuilt.standardError)
        XCTAssertTrue(rebuilt.standardError.contains("with its label “two”"), rebuilt.standardError)
        let check = try snapshelf("check", expecting: 1)
        XCTAssertTrue(check.standardOutput.contains("importing that photo’s original again takes back the label “two”"), check.standardOutput)
        // The advice, followed as given: no label on the command line.
        let imported = try snapshelf("import", SamplePhotos.cameras[1].path)
        XCTAssertTrue(imported.standardError.contains("photo 2 took back the label “two”"), imported.standardError)
        let after = try listed()
        for key in ["id", "label", "original_name", "added", "taken", "rotation"] {
            XCTAssertEqual("\(after["two"]?[key] ?? "none")", "\(before["two"]?[key] ?? "none")", key)
        }
        XCTAssertEqual(try ExifTool.title(of: URL(fileURLWithPath: copy + ".xmp")), "two")
        try assertSound()
    }

    func testALabelChosenOnImportWinsOverAnOrphanSidecarsOwn() throws {
        try importThree()
        let copy = try XCTUnwrap(try listed()["one"]?["file"] as? String)
        try FileManager.default.removeItem(atPath: copy)
        try snapshelf("rebuild")
        try snapshelf("import", "--label", "chosen", SamplePhotos.cameras[0].path)
        let after = try listed()
        XCTAssertEqual(after["chosen"]?["id"] as? Int, 1)
        XCTAssertNil(after["one"])
        try assertSound()
    }

    func testARebuildOfManyDisagreementsLosesNoLabel() throws {
        let photos = Array(SamplePhotos.cameras.prefix(8))
        let names = photos.indices.map { "label \($0) “ünïcode” & <xml>" }
        for (label, photo) in zip(names, photos) {
            try snapshelf("import", "--label", label, photo.path)
        }
        let damage: [(String, String)] = [
            (#"PhotoID="\d+""#, #"PhotoID="1""#), (#"PhotoID="\d+""#, #"PhotoID="1""#), (#"PhotoID="\d+""#, #"PhotoID="0""#),
            (#"\s*snapshelf:PhotoID="\d+""#, ""), (#"snapshelf:Added="[^"]*""#, #"snapshelf:Added="2026""#),
            (#"\s*snapshelf:Added="[^"]*""#, ""), (#"snapshelf:Taken="[^"]*""#, #"snapshelf:Taken="soon""#),
        ]
        for (index, (pattern, replacement)) in damage.enumerated() {
            try edit(try sidecar(labelled: names[index + 1]), pattern, replacement)
        }
        try snapshelf("rebuild")
        XCTAssertEqual(Set(try listed().keys), Set(names))
        try assertSound()
    }

    func testKillingARebuildThatMendsIDsAtAnyMomentLeavesTheOldLibraryOrTheNew() throws {
        let photos = Array(SamplePhotos.cameras.prefix(6))
        for (index, photo) in photos.enumerated() {
            try snapshelf("import", "--label", "photo \(index)", photo.path)
        }
        for label in ["photo 2", "photo 4"] {
            try edit(try sidecar(labelled: label), #"PhotoID="\d+""#, #"PhotoID="1""#)
        }
        let old = try listed().mapValues { $0["id"] as? Int }
        // What a whole rebuild gives, made in a copy of the library.
        let copy = folder.url.appendingPathComponent("copy")
        try FileManager.default.copyItem(at: libraryURL, to: copy)
        // The kills fall within the time a whole rebuild takes here, however fast the machine.
        let whole = try KillMoments.measure(["--library", copy.path, "rebuild"])
        let listing = try SnapshelfProcess.run(["--library", copy.path, "list", "--json"]).standardOutput
        let rebuilt = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(listing.utf8)) as? [[String: Any]])
        let new = Dictionary(uniqueKeysWithValues: rebuilt.map { ($0["label"] as? String ?? "", $0["id"] as? Int) })
        XCTAssertNotEqual(old, new)
        let start = folder.url.appendingPathComponent("start")
        try FileManager.default.copyItem(at: libraryURL, to: start)
        var cutShort = 0
        for (round, moment) in KillMoments.spread(8, over: whole).enumerated() {
            // Each round kills a rebuild of the library as it was, so every kill falls in one.
            try FileManager.default.removeItem(at: libraryURL)
            try FileManager.default.copyItem(at: start, to: libraryURL)
            if try !SnapshelfProcess.killed(["--library", library, "rebuild"], after: moment) {
                cutShort += 1
            }
            let now = try listed().mapValues { $0["id"] as? Int }
            XCTAssertTrue(now == old || now == new, "round \(round): \(now)")
        }
        XCTAssertGreaterThan(cutShort, 0, "no rebuild was killed before it finished")
        try snapshelf("rebuild")
        XCTAssertEqual(try listed().mapValues { $0["id"] as? Int }, new)
        try assertSound()
    }

    func testKillingTheImportThatTakesBackAnOrphanSidecarNeverLosesIt() throws {
        try importThree()
        let copy = try XCTUnwrap(try listed()["two"]?["file"] as? String)
        try FileManager.default.removeItem(atPath: copy)
        try snapshelf("rebuild")
        let start = folder.url.appendingPathComponent("start")
        try FileManager.default.copyItem(at: libraryURL, to: start)
        for round in 0..<5 {
            try FileManager.default.removeItem(at: libraryURL)
            try FileManager.default.copyItem(at: start, to: libraryURL)
            // Killed the moment its copy is in place, before its row: the next open finishes
            // what the kill left, and must not take the sidecar away with the copy.
            let importing = try startSnapshelf(["import", SamplePhotos.cameras[1].path])
            let deadline = Date().addingTimeInterval(30)
            while access(copy, F_OK) != 0 && importing.isRunning && Date() < deadline { usleep(100) }
            kill(importing.processIdentifier, SIGKILL)
            importing.waitUntilExit()
            try snapshelf("list")
            XCTAssertEqual(try ExifTool.title(of: URL(fileURLWithPath: copy + ".xmp")), "two", "round \(round)")
            try snapshelf("import", SamplePhotos.cameras[1].path)
            XCTAssertEqual(try listed()["two"]?["id"] as? Int, 2, "round \(round)")
            try assertSound()
        }
    }
}
