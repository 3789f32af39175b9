// `snapshelf import --from-shotwell` on a photo.db someone else wrote: an endless view as its
// PhotoTable is refused at once, without filling the temporary folder; the folders it will read
// are its first line; files in hidden folders are named and left out unless --include-hidden.
import Foundation
import SnapshelfTestSupport
import XCTest

final class ShotwellLimitCommandTests: CommandLineTestCase {
    private var shotwell: ShotwellTestLibrary!

    override func setUpWithError() throws {
        try super.setUpWithError()
        shotwell = try ShotwellFixture.library(for: self)
    }

    /// The bytes the process holds open in files under `folder`, deleted ones included, as SQLite
    /// deletes its temporary files as soon as it has opened them.
    private static func bytesOpen(by pid: Int32, under folder: URL) -> Int {
        let descriptors = "/proc/\(pid)/fd"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: descriptors)) ?? []
        return names.reduce(0) { total, name in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "\(descriptors)/\(name)"),
                  target.hasPrefix(folder.path + "/") else { return total }
            var status = stat()
            return total + (stat("\(descriptors)/\(name)", &status) == 0 ? Int(status.st_size) : 0)
        }
    }

    /// The folders the first line names.
    private static func folders(in line: Substring?) throws -> [String] {
        let prefix = "Reading photos from: "
        let line = try XCTUnwrap(line)
        XCTAssertTrue(line.hasPrefix(prefix), String(line))
        return line.dropFirst(prefix.count).components(separatedBy: ", ")
    }

    func testAnEndlessViewAsPhotoTableIsRefusedWithoutWritingToTheTemporaryFolder() throws {
        try shotwell.replacePhotoTableWithAnEndlessView()
        shotwell.close()
        let temporary = folder.url.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let errors = Pipe()
        let process = Process()
        process.executableURL = SnapshelfProcess.executable
        process.arguments = ["--library", library, "import", "--from-shotwell", shotwell.databaseURL.path]
        process.environment = SnapshelfProcess.environment(adding: ["SQLITE_TMPDIR": temporary.path, "TMPDIR": temporary.path])
        (process.standardOutput, process.standardError) = (FileHandle.nullDevice, errors)
        try process.run()
        let said = ErrorCollector(errors.fileHandleForReading)

        // Watched until it ends, and stopped once it holds 64 MB there or runs for a minute.
        var largest = 0
        let started = ContinuousClock().now
        while process.isRunning && largest < 64 << 20 && ContinuousClock().now - started < .seconds(60) {
            largest = max(largest, Self.bytesOpen(by: process.processIdentifier, under: temporary))
            usleep(20_000)
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()

        XCTAssertLessThan(largest, 1 << 20, "it wrote \(largest) bytes into the temporary folder")
        XCTAssertEqual(process.terminationReason, .exit, "it had to be stopped")
        XCTAssertEqual(process.terminationStatus, 1)
        XCTAssertEqual(String(decoding: said.wait(), as: UTF8.self),
                       "snapshelf: \(shotwell.databaseURL.path): its PhotoTable is no table, as Shotwell makes it, but a view or a virtual table, so it is not read\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path), [])
    }

    func testTheFoldersReadComeFirstAndHiddenFilesAreLeftOutUnlessAskedFor() throws {
        let pictures = folder.url.appendingPathComponent("home/Pictures")
        let card = folder.url.appendingPathComponent("media/card/DCIM")
        let secret = folder.url.appendingPathComponent("home/.ssh/id_rsa.jpg")
        let files = [pictures.appendingPathComponent("2024/05/lake.jpg"), pictures.appendingPathComponent("2023/hill.jpg"),
                     card.appendingPathComponent("IMG_0001.jpg"), secret]
        for (file, sample) in zip(files, SamplePhotos.cameras) {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: sample, to: file)
            try shotwell.addPhoto(file)
        }
        shotwell.close()

        let outcome = try snapshelf("import", "--from-shotwell", shotwell.databaseURL.path)

        let lines = outcome.standardOutput.split(separator: "\n")
        let shown = try Self.folders(in: lines.first)
        XCTAssertTrue(files.dropLast().allSatisfy { file in shown.contains { file.path.hasPrefix($0 + "/") } }, "\(shown)")
        XCTAssertFalse(shown.contains { secret.path.hasPrefix($0 + "/") }, "\(shown)")
        XCTAssertTrue(lines.last?.hasSuffix("1 file in a hidden folder was left out.") == true, outcome.standardOutput)
        XCTAssertEqual(outcome.standardError,
                       "snapshelf: \(secret.path): the file is in a hidden folder, so it was left out; --include-hidden imports it\n")
        XCTAssertEqual(try ids().count, 3)

        let asked = try snapshelf("import", "--from-shotwell", "--include-hidden", shotwell.databaseURL.path)
        let all = try Self.folders(in: asked.standardOutput.split(separator: "\n").first)
        XCTAssertTrue(files.allSatisfy { file in all.contains { file.path.hasPrefix($0 + "/") } }, "\(all)")
        XCTAssertEqual(try ids().count, 4)
    }
}
