// A library survives its importer being killed at any moment, and two importers at once; a rotation
// or a relabel killed at any moment leaves the photo as it was or as the change made it.
import Foundation
import SnapshelfTestSupport
import XCTest

final class CrashSafetyTests: CommandLineTestCase {
    private struct Listed: Decodable {
        let id: Int
        let file: String
        let original_name: String
    }

    /// A Trash and a thumbnail cache of the test's own, where the copies of a batch that a kill
    /// interrupted go, rather than into the Trash of the person running the tests.
    private var environment: [String: String] {
        ["XDG_DATA_HOME": folder.url.appendingPathComponent("data").path,
         "XDG_CACHE_HOME": folder.url.appendingPathComponent("cache").path]
    }

    private func listed() throws -> [Listed] {
        let outcome = try SnapshelfProcess.run(["--library", library, "list", "--json"], environment: environment)
        XCTAssertEqual(outcome.status, 0, outcome.standardError)
        return try JSONDecoder().decode([Listed].self, from: Data(outcome.standardOutput.utf8))
    }

    /// The original names of the photos an import's output reported as newly imported, by ID.
    private func importedNames(in output: String) -> [Int: String] {
        Dictionary(output.split(separator: "\n").compactMap { line -> (Int, String)? in
            guard line.hasPrefix("Imported "), let split = line.range(of: " as photo ", options: .backwards),
                  let id = Int(line[split.upperBound...]) else { return nil }
            return (id, URL(fileURLWithPath: String(line[line.index(line.startIndex, offsetBy: 9)..<split.lowerBound])).lastPathComponent)
        }, uniquingKeysWith: { first, _ in first })
    }

    /// Opens the library after a kill, which finishes or rolls back what the kill interrupted, then
    /// checks that every photo reported is listed with its copy and its sidecar, that the photo
    /// folder holds nothing but the listed photos' files, and that `check` finds the library sound.
    private func assertNothingLostOrStray(reported: Set<Int>, names: [Int: String] = [:], round: Int, line: UInt = #line) throws {
        let present = try listed()
        let byID = Dictionary(present.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let missing = reported.subtracting(byID.keys)
        XCTAssertTrue(missing.isEmpty, "round \(round): photos \(missing.sorted()) were reported imported but are gone", line: line)
        for (id, name) in names {
            XCTAssertEqual(byID[id]?.original_name, name, "round \(round): photo \(id) is not the file reported", line: line)
        }
        for photo in present {
            XCTAssertTrue(FileManager.default.fileExists(atPath: photo.file), "round \(round): \(photo.file) is missing", line: line)
            let sidecar = (try? String(contentsOfFile: photo.file + ".xmp", encoding: .utf8)) ?? ""
            XCTAssertTrue(sidecar.contains("snapshelf:PhotoID=\"\(photo.id)\""), "round \(round): photo \(photo.id) has no sidecar of its own", line: line)
        }
        let photos = libraryURL.appendingPathComponent("photos")
        let expected = Set(present.flatMap { [URL(fileURLWithPath: $0.file).lastPathComponent, URL(fileURLWithPath: $0.file).lastPathComponent + ".xmp"] })
        let found = Set(try FileManager.default.contentsOfDirectory(atPath: photos.path)).subtracting([".incoming"])
        XCTAssertEqual(found.subtracting(expected), [], "round \(round): files left that belong to no photo", line: line)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: photos.appendingPathComponent(".incoming").path), [],
                       "round \(round): half-written copies left after the next open", line: line)
        let check = try SnapshelfProcess.run(["--library", library, "check"], environment: environment)
        XCTAssertTrue(check.standardOutput.contains("Library is sound"), "round \(round): \(check.standardOutput)\(check.standardError)", line: line)
    }

    /// Kills an import of the folders, recursive, at `moment` (see KilledImport).
    private func importKilled(_ folders: [URL], after moment: Duration, reporting: Bool = false) throws -> KilledImport {
        try KilledImport.run(["--library", library, "import", "--recursive"] + folders.map(\.path), environment: environment,
                             after: moment, reporting: reporting)
    }

    /// Whether the library's database has its first page: a kill while it is created leaves an
    /// empty file, which the next command takes for no library yet, as it is.
    private var libraryWasStarted: Bool {
        ((try? FileManager.default.attributesOfItem(atPath: library + "/library.sqlite3"))?[.size] as? Int ?? 0) > 0
    }

    /// The photo IDs an import's output reported as saved, whether new or already there.
    private func reportedIDs(in output: String) -> Set<Int> {
        Set(output.split(separator: "\n").compactMap { line -> Int? in
            if line.hasPrefix("Imported "), let id = line.split(separator: " ").last {
                return Int(id)
            }
            if line.hasPrefix("Already in the library as photo "), let id = line.dropFirst(32).split(separator: ":").first {
                return Int(id)
            }
            return nil
        })
    }

    func testKillingTheImporterAtAnyMomentLosesNothingItReported() throws {
        // Ten folders of twenty photos, imported into one library a round at a time, each round
        // with the folder before it, which the kill left part-imported: every import after the
        // first opens a library a kill left, and meets photos a killed import saved.
        let corpus = folder.url.appendingPathComponent("corpus")
        let folders = try (0..<10).map { index in
            let round = corpus.appendingPathComponent("round-\(index)")
            try FileManager.default.createDirectory(at: round, withIntermediateDirectories: true)
            _ = try PhotoCorpus.make(20, in: round, from: index * 20)
            return round
        }
        // How long a round's import takes here, one folder already in and the next new, in a
        // library of its own, so that the kills fall over opening, inspecting, copying, renaming
        // and committing, however fast the machine. A killed round leaves more to do than that.
        let measuring = ["--library", folder.url.appendingPathComponent("measure").path, "import", "--recursive"]
        XCTAssertEqual(try SnapshelfProcess.run(measuring + [folders[0].path], environment: environment).status, 0)
        let whole = try KillMoments.measure(measuring + [folders[0].path, folders[1].path], environment: environment)
        var reported = Set<Int>()
        var (reporting, ended) = (0, 0)
        for (round, moment) in KillMoments.spread(10, over: whole).enumerated() {
            // Every other round is killed no sooner than its first report, so that some kills
            // follow a report whatever the load.
            let killed = try importKilled(Array(folders[max(0, round - 1)...round]), after: moment, reporting: round % 2 == 1)
            let ids = reportedIDs(in: killed.output)
            reported.formUnion(ids)
            if !ids.isEmpty { reporting += 1 }
            if killed.ended { ended += 1 }

            // Killed before it had created the library, it cannot have reported anything.
            guard libraryWasStarted else {
                XCTAssertTrue(reported.isEmpty, "round \(round): photos were reported but there is no library")
                continue
            }
            try assertNothingLostOrStray(reported: reported, round: round)
        }
        let finish = try SnapshelfProcess.run(["--library", library, "import", "--recursive", corpus.path], environment: environment)
        XCTAssertEqual(finish.status, 0, finish.standardError)
        XCTAssertEqual(try listed().count, 200)
        XCTAssertFalse(reported.isEmpty, "no round reported an import, so the kills proved nothing")
        try assertSound()
        print("Killed imports: \(reporting) of 10 after reporting photos, \(ended) ended before their moment")
    }

    func testKillingBatchedImportsAtRandomMomentsKeepsEveryReportedPhotoWholeAndLeavesNothingStray() throws {
        let corpus = folder.url.appendingPathComponent("corpus")
        try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
        _ = try PhotoCorpus.make(150, in: corpus)
        // How long a whole import takes here, so that the kills fall anywhere in one.
        let measured = try KillMoments.measure(["--library", library, "import", "--recursive", corpus.path], environment: environment)
        let whole = min(.seconds(10), max(.milliseconds(200), measured))
        var (partly, wholly) = (0, 0)
        for (round, moment) in KillMoments.spread(12, over: whole).enumerated() {
            // A new library each time, so every kill falls among new photos being saved in batches.
            try? FileManager.default.removeItem(atPath: library)
            let names = importedNames(in: try importKilled([corpus], after: moment).output)
            // Killed before its database had its first page, there is no library yet.
            guard libraryWasStarted else {
                XCTAssertTrue(names.isEmpty, "round \(round): photos were reported but there is no library")
                continue
            }
            try assertNothingLostOrStray(reported: Set(names.keys), names: names, round: round)
            if names.count == 150 { wholly += 1 } else if !names.isEmpty { partly += 1 }
        }
        XCTAssertGreaterThan(partly, 0, "no kill fell in the middle of an import, so the kills proved nothing")
        print("Killed imports: \(partly) in the middle, \(wholly) after reporting every photo, the rest before the first")
    }

    func testTwoImportersAtOnceBothSucceedAndCorruptNothing() throws {
        let corpus = folder.url.appendingPathComponent("corpus")
        try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
        let photos = try PhotoCorpus.make(120, in: corpus)
        // The two sets overlap, so both processes race to save the same forty photos.
        let sets = [photos[0..<80], photos[40..<120]]
        let outcomes = UnsafeMutableBufferPointer<SnapshelfProcess.Outcome?>.allocate(capacity: 2)
        defer { outcomes.deallocate() }
        outcomes.initialize(repeating: nil)
        nonisolated(unsafe) let results = outcomes
        let arguments = sets.map { ["--library", library, "import"] + $0.map(\.path) }
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            results[index] = try? SnapshelfProcess.run(arguments[index])
        }
        for index in 0..<2 {
            let outcome = try XCTUnwrap(outcomes[index])
            XCTAssertEqual(outcome.status, 0, outcome.standardError)
            XCTAssertEqual(outcome.standardOutput.split(separator: "\n").count, 80)
            XCTAssertFalse(outcome.standardOutput.contains("restored"), "a photo the other saved a moment ago is no damaged copy")
        }
        let present = try listed()
        XCTAssertEqual(present.count, 120)
        XCTAssertEqual(Set(present.map(\.original_name)).count, 120)
        try assertSound()
    }

    private struct State: Decodable, Equatable {
        let label: String
        let rotation: Int
        let file: String
    }

    func testKillingRotationsAndRelabelsAtAnyMomentLeavesTheOldStateOrTheNewInRowAndSidecar() throws {
        XCTAssertEqual(try SnapshelfProcess.run(["--library", library, "import", "--label", "start", SamplePhotos.cameras[0].path],
                                                environment: environment).status, 0)
        let state = { () throws -> State in
            let outcome = try SnapshelfProcess.run(["--library", self.library, "list", "--json"], environment: self.environment)
            return try XCTUnwrap(try JSONDecoder().decode([State].self, from: Data(outcome.standardOutput.utf8)).first)
        }
        let turn = ["--library", library, "rotate", "1", "--by", "90"]
        let relabel = { (label: String) in ["--library", self.library, "label", "1", label] }
        // How long a whole turn and a whole relabel take here: six of each are killed at moments
        // spread over that, from the process starting to its last write.
        let turns = KillMoments.spread(6, over: try KillMoments.measure(turn, environment: environment))
        let relabels = KillMoments.spread(6, over: try KillMoments.measure(relabel("measured"), environment: environment))
        var old = try state()
        // Those two ran whole, and a change that finished is there in full, as a round's may.
        XCTAssertEqual([old.label, "\(old.rotation)"], ["measured", "90"])
        var (killed, finished) = (0, 0)
        for round in 0..<12 {
            let turning = round % 2 == 0
            let new = turning ? State(label: old.label, rotation: (old.rotation + 90) % 360, file: old.file)
                              : State(label: "round \(round)", rotation: old.rotation, file: old.file)
            let completed = try SnapshelfProcess.killed(turning ? turn : relabel(new.label), after: (turning ? turns : relabels)[round / 2],
                                                        environment: environment)
            if completed { finished += 1 } else { killed += 1 }
            // Listing opens the library, which writes a sidecar the kill left unwritten.
            let now = try state()
            XCTAssertTrue(completed ? now == new : [old, new].contains(now), "round \(round): \(now), was \(old)")
            let sidecar = URL(fileURLWithPath: now.file + ".xmp")
            XCTAssertEqual(try ExifTool.value("XMP-dc:Title", of: sidecar), now.label, "round \(round)")
            XCTAssertEqual(try ExifTool.value("XMP-snapshelf:Rotation", of: sidecar), "\(now.rotation)", "round \(round)")
            try assertSound()
            old = now
        }
        XCTAssertGreaterThan(killed, 0, "every change finished before its kill, so the kills proved nothing")
        print("Killed changes: \(killed) cut short, \(finished) finished first")
    }
}
