// Two computers changing one shared library at the same time, or while apart: once Syncthing and
// Snapshelf have run on both, they agree, no label is lost, and no conflict copy is left.
import Foundation
import SnapshelfTestSupport
import XCTest

final class SyncthingConflictTests: SyncthingTestCase {
    /// A library on A, received and opened on B.
    private func shareOnePhoto(labelled label: String, _ photos: URL...) throws {
        try snapshelf(libraryA, ["import", "--label", label] + photos.map(\.path))
        try startSyncing()
        try pair.waitUntilInSync()
        XCTAssertEqual(try self.photos(in: libraryB).count, photos.count)
    }

    func testImportsOnBothSidesAtOnceEndWithTheUnionAndTheSamePhotoOnce() throws {
        let cameras = SamplePhotos.cameras
        try shareOnePhoto(labelled: "First", cameras[0])
        let both = cameras[3]
        let onA = try SnapshelfProcess.start(["--library", libraryA.path, "import", "--label", "From A",
                                              cameras[1].path, cameras[2].path, both.path])
        let onB = try SnapshelfProcess.start(["--library", libraryB.path, "import", "--label", "From B",
                                              cameras[4].path, cameras[5].path, both.path])
        onA.waitUntilExit()
        onB.waitUntilExit()
        XCTAssertEqual([onA.terminationStatus, onB.terminationStatus], [0, 0])
        try settle()

        let listedA = try photos(in: libraryA)
        let listedB = try photos(in: libraryB)
        XCTAssertEqual(Set(listedA.values.map(\.originalName)), Set(cameras.prefix(6).map(\.lastPathComponent)))
        XCTAssertEqual(shared(listedB), shared(listedA))
        let shared = listedA.values.filter { $0.originalName == both.lastPathComponent }
        XCTAssertEqual(shared.count, 1, "the photo imported on both sides is not one photo: \(shared)")
        XCTAssertTrue(["From A", "From B"].contains(shared.first?.label ?? ""), "\(shared)")
        XCTAssertEqual(conflictCopies(in: libraryA), [])
        XCTAssertEqual(conflictCopies(in: libraryB), [])
        try assertSound(libraryA)
        try assertSound(libraryB)
    }

    func testOnePhotoRelabelledOnBothSidesWhileApartKeepsTheLaterLabelAndTheOtherInHistory() throws {
        let photo = SamplePhotos.cameras[0]
        try shareOnePhoto(labelled: "Beach", photo)
        try pair.pause()
        try snapshelf(libraryA, "label", try id(of: photo, in: libraryA), "Beach on A")
        // The label made on B is the later one by the time each sidecar gives its label, which
        // decides the merge, once the clock has passed the millisecond A's was made in.
        let labelledOnA = (Date().timeIntervalSince1970 * 1000).rounded()
        while (Date().timeIntervalSince1970 * 1000).rounded() <= labelledOnA { usleep(100) }
        try snapshelf(libraryB, "label", try id(of: photo, in: libraryB), "Beach on B")
        try pair.resume()
        try settle()

        for library in [libraryA, libraryB] {
            let listed = try XCTUnwrap(try photos(in: library).values.first)
            XCTAssertEqual(listed.label, "Beach on B", side(library))
            let tags = try ExifTool.run(["-G1", "-XMP:all", sidecar(of: listed).path])
            XCTAssertTrue(try history(in: sidecar(of: listed)).contains("Beach on A"),
                          "\(side(library))'s sidecar lost the label made on A: \(tags)")
            XCTAssertEqual(conflictCopies(in: library), [], side(library))
            try assertSound(library)
        }
    }

    func testALabelGivenAfterSeeingTheOtherBeatsAClockADayAhead() throws {
        let photo = SamplePhotos.cameras[0]
        try shareOnePhoto(labelled: "Garden", photo)
        // A's clock runs a day ahead (libfaketime; Syncthing, a static Go program, keeps the real one).
        let dayAhead = ["/usr/bin/faketime", "-f", "+1d"]
        let onA = { (arguments: [String]) in
            let outcome = try SnapshelfProcess.run(["--library", self.libraryA.path] + arguments, through: dayAhead)
            XCTAssertEqual(outcome.status, 0, outcome.standardError)
        }
        try onA(["label", try id(of: photo, in: libraryA), "Garden, said A"])
        try settle()
        XCTAssertEqual(try photos(in: libraryB).values.first?.label, "Garden, said A")
        // B relabels it, having seen A's label; meanwhile A turns it, so both changed its sidecar.
        try pair.pause()
        try snapshelf(libraryB, "label", try id(of: photo, in: libraryB), "Garden in May")
        try onA(["rotate", try id(of: photo, in: libraryA), "--by", "90"])
        try pair.resume()
        try settle()

        for library in [libraryA, libraryB] {
            let listed = try XCTUnwrap(try photos(in: library).values.first)
            XCTAssertEqual(listed.label, "Garden in May", "\(side(library)): the label given after A's lost to A's clock")
            XCTAssertEqual(listed.rotation, 90, side(library))
            XCTAssertTrue(try history(in: sidecar(of: listed)).contains("Garden, said A"), side(library))
            XCTAssertEqual(conflictCopies(in: library), [], side(library))
            try assertSound(library)
        }
    }

    func testWithMaxConflictsAtZeroNoLabelOrTurnIsLost() throws {
        let photo = SamplePhotos.cameras[0]
        try shareOnePhoto(labelled: "Beach", photo)
        // Syncthing then keeps one side's sidecar and drops the other's, with no conflict copy.
        for peer in [pair.a, pair.b] { try peer.configure(folder: pair.folderID, ["maxConflicts": 0]) }
        try pair.pause()
        try snapshelf(libraryA, "label", try id(of: photo, in: libraryA), "Beach on A")
        try snapshelf(libraryA, "rotate", try id(of: photo, in: libraryA), "--by", "90")
        let labelledOnA = (Date().timeIntervalSince1970 * 1000).rounded()
        while (Date().timeIntervalSince1970 * 1000).rounded() <= labelledOnA { usleep(100) }
        try snapshelf(libraryB, "label", try id(of: photo, in: libraryB), "Beach on B")
        try snapshelf(libraryB, "rotate", try id(of: photo, in: libraryB), "--by", "180")
        try pair.resume()
        try settle()

        var sidecars: [Data] = []
        for library in [libraryA, libraryB] {
            let listed = try XCTUnwrap(try photos(in: library).values.first)
            XCTAssertEqual(listed.label, "Beach on B", side(library))
            XCTAssertEqual(listed.rotation, 270, "\(side(library)) lost a turn")
            XCTAssertTrue(try history(in: sidecar(of: listed)).contains("Beach on A"), "\(side(library)) lost the label made on A")
            XCTAssertEqual(conflictCopies(in: library), [], side(library))
            sidecars.append(try Data(contentsOf: sidecar(of: listed)))
            try assertSound(library)
        }
        XCTAssertEqual(sidecars[0], sidecars[1], "the two computers' sidecars differ")
    }

    func testThreeComputersApartWithMaxConflictsAtZeroEndTheSameWithNothingLost() throws {
        let photo = SamplePhotos.cameras[0]
        try snapshelf(libraryA, ["import", "--label", "Harbour", photo.path])
        try startSyncing(computers: 3)
        try pair.waitUntilInSync()
        for library in [libraryB, libraryC] { try snapshelf(library, "list") }
        for peer in pair.peers { try peer.configure(folder: pair.folderID, ["maxConflicts": 0]) }
        try pair.pause()
        // Each relabels and turns the photo; C's clock runs a day ahead, so its label wins.
        try snapshelf(libraryA, "label", try id(of: photo, in: libraryA), "Harbour on A")
        try snapshelf(libraryB, "rotate", try id(of: photo, in: libraryB), "--by", "90")
        try snapshelf(libraryB, "label", try id(of: photo, in: libraryB), "Harbour on B")
        let onC = try SnapshelfProcess.run(["--library", libraryC.path, "label", try id(of: photo, in: libraryC), "Harbour on C"],
                                           through: ["/usr/bin/faketime", "-f", "+1d"])
        XCTAssertEqual(onC.status, 0, onC.standardError)
        try snapshelf(libraryC, "rotate", try id(of: photo, in: libraryC), "--by", "180")
        try pair.resume()
        try settle()

        var sidecars: [Data] = []
        for library in libraries {
            let listed = try XCTUnwrap(try photos(in: library).values.first)
            XCTAssertEqual(listed.label, "Harbour on C", side(library))
            XCTAssertEqual(listed.rotation, 270, "\(side(library)) lost a turn")
            let history = try history(in: sidecar(of: listed))
            for lost in ["Harbour on A", "Harbour on B"] { XCTAssertTrue(history.contains(lost), "\(side(library)) lost “\(lost)”") }
            XCTAssertEqual(conflictCopies(in: library), [], side(library))
            sidecars.append(try Data(contentsOf: sidecar(of: listed)))
            try assertSound(library)
        }
        XCTAssertEqual(Set(sidecars).count, 1, "the three computers' sidecars differ")
    }

    func testRotationsOnBothSidesWhileApartAddUp() throws {
        let photo = SamplePhotos.cameras[0]
        try shareOnePhoto(labelled: "Tower", photo)
        try pair.pause()
        try snapshelf(libraryA, "rotate", try id(of: photo, in: libraryA), "--by", "90")
        try snapshelf(libraryB, "rotate", try id(of: photo, in: libraryB), "--by", "180")
        try pair.resume()
        try settle()

        for library in [libraryA, libraryB] {
            let listed = try photos(in: library).values.map(\.description)
            XCTAssertEqual(listed, ["\(photo.lastPathComponent) “Tower” 270°"], side(library))
            XCTAssertEqual(conflictCopies(in: library), [], side(library))
            try assertSound(library)
        }
    }

    func testADayOfChangesOnBothSidesWhileApartEndsTheSameOnBoth() throws {
        let cameras = SamplePhotos.cameras
        try shareOnePhoto(labelled: "Trip", cameras[0], cameras[1], cameras[2], cameras[3])
        try pair.pause()
        try snapshelf(libraryA, "import", "--label", "New on A", cameras[4].path)
        try snapshelf(libraryA, "label", try id(of: cameras[0], in: libraryA), "Relabelled on A")
        try snapshelf(libraryA, "rotate", try id(of: cameras[1], in: libraryA), "--by", "90")
        try snapshelf(libraryB, "import", "--label", "New on B", cameras[5].path)
        try snapshelf(libraryB, "remove", try id(of: cameras[2], in: libraryB))
        try snapshelf(libraryB, "rotate", try id(of: cameras[1], in: libraryB), "--by", "90")
        try snapshelf(libraryB, "label", try id(of: cameras[3], in: libraryB), "Relabelled on B")
        try pair.resume()
        try settle()

        let expected = [
            "\(cameras[0].lastPathComponent) “Relabelled on A” 0°", "\(cameras[1].lastPathComponent) “Trip” 180°",
            "\(cameras[3].lastPathComponent) “Relabelled on B” 0°", "\(cameras[4].lastPathComponent) “New on A” 0°",
            "\(cameras[5].lastPathComponent) “New on B” 0°",
        ]
        for library in [libraryA, libraryB] {
            XCTAssertEqual(try photos(in: library).values.map(\.description).sorted(), expected.sorted(), side(library))
            XCTAssertEqual(conflictCopies(in: library), [], side(library))
            try assertSound(library)
        }
    }

    func testARemovalOnOneSideLosesToARelabelOnTheOther() throws {
        let kept = SamplePhotos.cameras[0]
        let other = SamplePhotos.cameras[1]
        try shareOnePhoto(labelled: "Garden", kept, other)
        try pair.pause()
        try snapshelf(libraryA, "remove", try id(of: kept, in: libraryA))
        try snapshelf(libraryB, "label", try id(of: kept, in: libraryB), "Garden in May")
        try pair.resume()
        try settle()

        for library in [libraryA, libraryB] {
            let listed = try photos(in: library)
            let photo = listed.values.first { $0.originalName == kept.lastPathComponent }
            XCTAssertEqual(photo?.label, "Garden in May", "\(side(library)): \(listed.values)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: photo?.file ?? "/nonexistent"), side(library))
            XCTAssertEqual(listed.count, 2, side(library))
            XCTAssertEqual(conflictCopies(in: library), [], side(library))
            try assertSound(library)
        }
        XCTAssertEqual(shared(try photos(in: libraryA)), shared(try photos(in: libraryB)))
    }
}
