// The base for tests that run the built snapshelf on a library of their own, in a fresh folder.
import Foundation
import SnapshelfTestSupport
import XCTest

class CommandLineTestCase: FolderTestCase {
    var library: String { folder.url.appendingPathComponent("library").path }
    var libraryURL: URL { URL(fileURLWithPath: library, isDirectory: true) }

    /// Runs snapshelf on the test's library and checks its exit status.
    @discardableResult
    func snapshelf(_ arguments: String..., expecting status: Int32 = 0, environment: [String: String] = [:],
                   through wrapper: [String] = [], file: StaticString = #filePath, line: UInt = #line) throws
        -> SnapshelfProcess.Outcome {
        try snapshelf(arguments, expecting: status, environment: environment, through: wrapper, file: file, line: line)
    }

    @discardableResult
    func snapshelf(_ arguments: [String], expecting status: Int32 = 0, environment: [String: String] = [:],
                   through wrapper: [String] = [], file: StaticString = #filePath, line: UInt = #line) throws
        -> SnapshelfProcess.Outcome {
        let outcome = try SnapshelfProcess.run(["--library", library] + arguments, environment: environment, through: wrapper)
        XCTAssertEqual(outcome.status, status, "\(arguments): \(outcome.standardError)\(outcome.standardOutput)",
                       file: file, line: line)
        return outcome
    }

    /// Starts snapshelf on the test's library, its output thrown away, without waiting for it.
    func startSnapshelf(_ arguments: [String]) throws -> Process {
        try SnapshelfProcess.start(["--library", library] + arguments)
    }

    /// The IDs `list` prints, in order.
    func ids(file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        try snapshelf("list", file: file, line: line).standardOutput.split(separator: "\n")
            .map { String($0.split(separator: "\t")[0]) }
    }

    func assertSound(file: StaticString = #filePath, line: UInt = #line) throws {
        let check = try SnapshelfProcess.run(["--library", library, "check"])
        XCTAssertEqual(check.status, 0, check.standardOutput + check.standardError, file: file, line: line)
        XCTAssertTrue(check.standardOutput.contains("Library is sound"), check.standardOutput, file: file, line: line)
    }

    /// Makes the library's folders and files read-only, as on a backup's read-only media, until
    /// the test ends.
    func makeLibraryReadOnly() throws {
        let paths = [library] + (try FileManager.default.subpathsOfDirectory(atPath: library)).map { library + "/" + $0 }
        for path in paths.reversed() {
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            chmod(path, isDirectory.boolValue ? 0o500 : 0o400)
        }
        addTeardownBlock { paths.forEach { chmod($0, 0o700) } }
    }

    /// The library's copies of photos, without the incoming folder and the sidecars.
    func copies() throws -> [URL] {
        let photos = libraryURL.appendingPathComponent("photos")
        return try FileManager.default.contentsOfDirectory(atPath: photos.path).filter { !$0.hasPrefix(".") && !$0.hasSuffix(".xmp") }.sorted()
            .map { photos.appendingPathComponent($0) }
    }
}
