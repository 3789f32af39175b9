// The base for tests of one library on two computers: libraries A and B in the test's folder,
// shared by two real Syncthing instances on 127.0.0.1 once a test starts them, and driven
// through the built snapshelf as a person on each computer would.
import Foundation
import SnapshelfTestSupport
import XCTest

class SyncthingTestCase: FolderTestCase {
    /// What `list --json` says of a photo that both computers must agree on; IDs are each
    /// computer's own, so they are left out.
    struct Listed: Decodable, Equatable, CustomStringConvertible {
        let id: Int
        let label: String
        let rotation: Int
        let originalName: String
        let file: String

        enum CodingKeys: String, CodingKey {
            case id, label, rotation, file
            case originalName = "original_name"
        }

        /// The copy's name, which is its content's hash: the photo's identity on every computer.
        var name: String { (file as NSString).lastPathComponent }
        var description: String { "\(originalName) “\(label)” \(rotation)°" }
    }

    private(set) var pair: SyncthingPair!
    var libraryA: URL { folder.url.appendingPathComponent("a/library", isDirectory: true) }
    var libraryB: URL { folder.url.appendingPathComponent("b/library", isDirectory: true) }
    var libraryC: URL { folder.url.appendingPathComponent("c/library", isDirectory: true) }
    /// The libraries Syncthing shares: A's and B's, and C's in a test of three computers.
    var libraries: [URL] { Array([libraryA, libraryB, libraryC].prefix(pair?.peers.count ?? 2)) }
    static let databaseFiles = ["library.sqlite3", "library.sqlite3-wal", "library.sqlite3-shm", "library.sqlite3-journal",
                                "library.lock"]

    override func tearDown() {
        // Released before the folder, so that no Syncthing outlives the test or writes into a
        // folder being removed.
        pair?.stop()
        pair = nil
        super.tearDown()
    }

    /// Shares library A with B, and with C when there are three `computers`; B and C need not
    /// exist yet.
    func startSyncing(computers: Int = 2) throws {
        let shared = Array([libraryA, libraryB, libraryC].prefix(computers))
        for library in shared.dropFirst() {
            try FileManager.default.createDirectory(at: library.deletingLastPathComponent(), withIntermediateDirectories: true)
        }
        pair = try SyncthingPair(sharing: shared, homes: folder.url)
    }

    @discardableResult
    func snapshelf(_ library: URL, _ arguments: String..., expecting status: Int32 = 0,
                   file: StaticString = #filePath, line: UInt = #line) throws -> SnapshelfProcess.Outcome {
        try snapshelf(library, arguments, expecting: status, file: file, line: line)
    }

    /// Runs snapshelf on one computer's library and checks its exit status.
    @discardableResult
    func snapshelf(_ library: URL, _ arguments: [String], expecting status: Int32 = 0,
                   file: StaticString = #filePath, line: UInt = #line) throws -> SnapshelfProcess.Outcome {
        let outcome = try SnapshelfProcess.run(["--library", library.path] + arguments)
        XCTAssertEqual(outcome.status, status, "\(side(library)): \(arguments): \(outcome.standardError)\(outcome.standardOutput)",
                       file: file, line: line)
        return outcome
    }

    /// The library's photos by their copy's name, as `list --json` gives them.
    func photos(in library: URL, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Listed] {
        let listing = try snapshelf(library, "list", "--json", file: file, line: line)
        let photos = try JSONDecoder().decode([Listed].self, from: Data(listing.standardOutput.utf8))
        return Dictionary(photos.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// What `list --json` says on one computer, as both must say it.
    func shared(_ photos: [String: Listed]) -> [String: String] {
        photos.mapValues(\.description)
    }

    /// The ID computer `library` gives the photo imported from `original`.
    func id(of original: URL, in library: URL, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let photo = try photos(in: library).values.first { $0.originalName == original.lastPathComponent }
        return "\(try XCTUnwrap(photo, "\(side(library)) has no \(original.lastPathComponent)", file: file, line: line).id)"
    }

    func assertSound(_ library: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let check = try SnapshelfProcess.run(["--library", library.path, "check"])
        XCTAssertEqual(check.status, 0, "\(side(library)): \(check.standardOutput)\(check.standardError)", file: file, line: line)
        XCTAssertTrue(check.standardOutput.contains("Library is sound"), "\(side(library)): \(check.standardOutput)",
                      file: file, line: line)
    }

    /// Lets Syncthing carry everything across, then Snapshelf open the library on A and on B in
    /// turn, as a person does on each computer, twice, so that whatever one computer's Snapshelf
    /// wrote in answer to the other's (a merged sidecar, a copy put back) has reached and been
    /// read by the other.
    func settle(file: StaticString = #filePath, line: UInt = #line) throws {
        try pair.waitUntilInSync()
        for _ in 0..<2 {
            for library in libraries {
                try snapshelf(library, "list", file: file, line: line)
                try pair.waitUntilInSync()
            }
        }
    }

    /// The conflict copies Syncthing left anywhere in the library.
    func conflictCopies(in library: URL) -> [String] {
        let names = FileManager.default.enumerator(atPath: library.path)?.compactMap { $0 as? String } ?? []
        return names.filter { $0.contains(".sync-conflict-") }.sorted()
    }

    /// The photos' copies and sidecars in the library's photo folder.
    func photoFiles(in library: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: library.appendingPathComponent("photos").path)
            .filter { !$0.hasPrefix(".") }.sorted()
    }

    func sidecar(of photo: Listed) -> URL {
        URL(fileURLWithPath: photo.file + ".xmp")
    }

    /// Every text of the sidecar's Snapshelf history, however its fields are laid out.
    func history(in sidecar: URL) throws -> String {
        let tags = try ExifTool.run(["-j", "-G1", "-XMP-snapshelf:all", sidecar.path])
        let objects = try JSONSerialization.jsonObject(with: Data(tags.utf8)) as? [[String: Any]] ?? []
        return objects.flatMap { $0.filter { $0.key.contains("History") }.map { "\($0.value)" } }.joined(separator: "\n")
    }

    func side(_ library: URL) -> String {
        library == libraryA ? "A" : library == libraryB ? "B" : "C"
    }
}
