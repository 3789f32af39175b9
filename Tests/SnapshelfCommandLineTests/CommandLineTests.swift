// The snapshelf command line, run as a real process without a display against real libraries.
import Foundation
import SnapshelfTestSupport
import XCTest

final class CommandLineTests: XCTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try SamplePhotos.requirePresent()
    }

    private var library: TemporaryDirectory!

    override func setUp() {
        library = TemporaryDirectory()
    }

    override func tearDown() {
        library = nil
    }

    private struct ListedPhoto: Decodable, Equatable {
        let id: Int
        let label: String
        let file: String
        let original_name: String
        let added: String
        let width: Int
        let height: Int
    }

    private func list(_ extraArguments: [String] = [], environment: [String: String] = [:]) throws -> [ListedPhoto] {
        let outcome = try SnapshelfProcess.run(["list", "--json"] + extraArguments, environment: environment)
        XCTAssertEqual(outcome.status, 0, outcome.standardError)
        return try JSONDecoder().decode([ListedPhoto].self, from: Data(outcome.standardOutput.utf8))
    }

    func testImportThenListAsJSONDescribesEachPhoto() throws {
        let label = "Wasserfall <b>bold</b> & “quotes” 🌊"
        let started = Date()
        let outcome = try SnapshelfProcess.run(
            ["import", "--library", library.url.path, "--label", label, SamplePhotos.landscape(orientation: 6).path])
        XCTAssertEqual(outcome.status, 0, outcome.standardError)
        XCTAssertEqual(outcome.standardError, "")

        let photos = try list(["--library", library.url.path])
        XCTAssertEqual(photos.count, 1)
        let photo = try XCTUnwrap(photos.first)
        XCTAssertEqual(photo.label, label)
        XCTAssertEqual(photo.original_name, "landscape_6.jpg")
        // Stored turned a quarter, displayed as the landscape it is.
        XCTAssertEqual([photo.width, photo.height], [600, 450])
        XCTAssertTrue(photo.file.hasPrefix("/"), photo.file)
        XCTAssertTrue(photo.file.hasPrefix(library.url.path), photo.file)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: photo.file)),
                       try Data(contentsOf: SamplePhotos.landscape(orientation: 6)))
        let added = try XCTUnwrap(ISO8601DateFormatter().date(from: photo.added), photo.added)
        XCTAssertTrue(photo.added.hasSuffix("Z"), photo.added)
        XCTAssertEqual(added.timeIntervalSince1970, started.timeIntervalSince1970, accuracy: 60)
    }

    func testABadFileFailsAloneWithExitStatusOneAndALineNamingIt() throws {
        let scratch = TemporaryDirectory()
        let notAPhoto = scratch.file(named: "shopping list.jpg", containing: Data("eggs, milk".utf8))
        let missing = scratch.url.appendingPathComponent("gone.jpg")
        let outcome = try SnapshelfProcess.run([
            "--library", library.url.path, "import",
            SamplePhotos.cameras[0].path, notAPhoto.path, missing.path, SamplePhotos.cameras[1].path,
        ])
        XCTAssertEqual(outcome.status, 1)
        let errorLines = outcome.standardError.split(separator: "\n").map(String.init)
        XCTAssertEqual(errorLines.count, 2, outcome.standardError)
        XCTAssertTrue(errorLines[0].contains("shopping list.jpg") && errorLines[0].contains("not an image"), errorLines[0])
        XCTAssertTrue(errorLines[1].contains("gone.jpg") && errorLines[1].contains("no file"), errorLines[1])
        XCTAssertEqual(try list(["--library", library.url.path]).map(\.original_name),
                       [SamplePhotos.cameras[0].lastPathComponent, SamplePhotos.cameras[1].lastPathComponent])
    }

    func testUsageErrorsExitWithStatusTwoAndChangeNothing() throws {
        _ = try SnapshelfProcess.run(["import", "--library", library.url.path, SamplePhotos.cameras[0].path])
        let before = try list(["--library", library.url.path])
        for arguments in [["import", "--library", library.url.path], ["frobnicate"], ["list", "--colour"],
                          ["import", "--label"], ["list", "extra", "--library", library.url.path],
                          ["--library", "", "list"], ["import", "--library", library.url.path, ""],
                          ["help", "bogus"], ["list", "--json=no", "--library", library.url.path],
                          ["label", "1"], ["remove", "0"]] {
            let outcome = try SnapshelfProcess.run(arguments)
            XCTAssertEqual(outcome.status, 2, "\(arguments)")
            XCTAssertTrue(outcome.standardError.hasPrefix("snapshelf: "), "\(arguments): \(outcome.standardError)")
            XCTAssertTrue(outcome.standardError.contains("--help"), "\(arguments): \(outcome.standardError)")
            XCTAssertEqual(outcome.standardOutput, "")
        }
        XCTAssertEqual(try list(["--library", library.url.path]), before)
    }

    func testTheEnvironmentVariableChoosesTheLibraryAndTheFlagOverridesIt() throws {
        let other = TemporaryDirectory()
        let environment = ["SNAPSHELF_LIBRARY": library.url.path]
        XCTAssertEqual(try SnapshelfProcess.run(["import", SamplePhotos.cameras[0].path], environment: environment).status, 0)
        XCTAssertEqual(try list(environment: environment).count, 1)
        let elsewhere = try SnapshelfProcess.run(["list", "--library", other.url.path], environment: environment)
        XCTAssertEqual(elsewhere.status, 1)
        XCTAssertTrue(elsewhere.standardError.contains("\(other.url.path): there is no library there yet"),
                      elsewhere.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: other.url.appendingPathComponent("library.sqlite3").path),
                       "listing must not create a library")
    }

    func testTheDefaultLibraryIsInTheDataHome() throws {
        let dataHome = TemporaryDirectory()
        let environment = ["XDG_DATA_HOME": dataHome.url.path]
        XCTAssertEqual(try SnapshelfProcess.run(["import", SamplePhotos.cameras[0].path], environment: environment).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(
            atPath: dataHome.url.appendingPathComponent("snapshelf/library.sqlite3").path))
        XCTAssertEqual(try list(environment: environment).count, 1)
    }

    func testPlainListingShowsIdLabelAndOriginalName() throws {
        _ = try SnapshelfProcess.run(["import", "--library", library.url.path, "--label", "Iguana", SamplePhotos.cameras[0].path])
        let outcome = try SnapshelfProcess.run(["list", "--library", library.url.path])
        XCTAssertEqual(outcome.status, 0)
        XCTAssertEqual(outcome.standardOutput, "1\tIguana\t\(SamplePhotos.cameras[0].lastPathComponent)\n")
    }

    func testHelpIsAvailableForEachCommand() throws {
        var cases = [(["--help"], "Usage: snapshelf [--library DIR]"), (["help", "list"], "Usage: snapshelf list")]
        for command in ["import", "list", "search", "label", "remove", "check"] {
            cases.append(([command, "--help"], "Usage: snapshelf \(command)"))
        }
        for (arguments, expected) in cases {
            let outcome = try SnapshelfProcess.run(arguments)
            XCTAssertEqual(outcome.status, 0, "\(arguments)")
            XCTAssertTrue(outcome.standardOutput.hasPrefix(expected), "\(arguments): \(outcome.standardOutput)")
        }
    }
}
