// A library survives its importer being killed at any moment, and two importers at once.
import Foundation
import SnapshelfTestSupport
import XCTest

final class CrashSafetyTests: CommandLineTestCase {
    private struct Listed: Decodable {
        let id: Int
        let file: String
        let original_name: String
    }

    private func listed() throws -> [Listed] {
        let outcome = try SnapshelfProcess.run(["--library", library, "list", "--json"])
        XCTAssertEqual(outcome.status, 0, outcome.standardError)
        return try JSONDecoder().decode([Listed].self, from: Data(outcome.standardOutput.utf8))
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
        let corpus = folder.url.appendingPathComponent("corpus")
        try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
        _ = try PhotoCorpus.make(200, in: corpus)
        var reported = Set<Int>()
        var generator = SystemRandomNumberGenerator()
        for round in 0..<20 {
            let process = Process()
            process.executableURL = SnapshelfProcess.executable
            process.arguments = ["--library", library, "import", "--recursive", corpus.path]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Spread the kills over opening, inspecting, copying, renaming and committing.
            usleep(UInt32.random(in: 20_000...400_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            reported.formUnion(reportedIDs(in: String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)))

            // Killed before it had created the library, it cannot have reported anything.
            guard FileManager.default.fileExists(atPath: library + "/library.sqlite3") else {
                XCTAssertTrue(reported.isEmpty, "round \(round): photos were reported but there is no library")
                continue
            }
            try assertSound()
            let present = try listed()
            let missing = reported.subtracting(present.map(\.id))
            XCTAssertTrue(missing.isEmpty, "round \(round): photos \(missing.sorted()) were reported imported but are gone")
            for photo in present {
                XCTAssertTrue(FileManager.default.fileExists(atPath: photo.file), "round \(round): \(photo.file) is missing")
            }
        }
        let finish = try SnapshelfProcess.run(["--library", library, "import", "--recursive", corpus.path])
        XCTAssertEqual(finish.status, 0, finish.standardError)
        XCTAssertEqual(try listed().count, 200)
        XCTAssertFalse(reported.isEmpty, "no round reported an import, so the kills proved nothing")
        try assertSound()
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
}
