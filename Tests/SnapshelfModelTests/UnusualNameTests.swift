// A photo whose name is not UTF-8, or as long as a name may be, imports from a folder, keeps its
// name byte for byte through the database, the sidecar and a rebuild, and exports under it.
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class UnusualNameTests: LibraryTestCase {
    /// Copies a sample photo into `folder` under a name given as bytes, with the system calls alone.
    private func copy(_ photo: URL, named name: [UInt8], into folder: URL) throws {
        XCTAssertEqual(mkdir(folder.path, 0o700) == 0 || errno == EEXIST, true)
        let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + name + [0]
        let descriptor = path.withUnsafeBufferPointer {
            open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_WRONLY | O_CREAT | O_EXCL, 0o644)
        }
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        let data = try Data(contentsOf: photo)
        XCTAssertEqual(data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }, data.count)
        close(descriptor)
    }

    /// The names in a folder as the file system holds them.
    private func names(in folder: URL) -> [[UInt8]] {
        guard let directory = opendir(folder.path) else { return [] }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }

    private func exported(from directory: URL) throws -> URL {
        let out = folder.url.appendingPathComponent("exported")
        XCTAssertEqual(mkdir(out.path, 0o700), 0)
        try PhotoExport().run(try Library(directory: directory).photos(), to: out) { _ in }
        return out
    }

    /// Imports the Latin-1 named photo and checks what the library keeps of its name; the library
    /// is closed again at the end, as a rebuild needs.
    private func importAndCheck(_ found: URL) throws {
        let library = try Library(directory: directory)
        guard case .added(let photo) = try library.add(try candidate(found), label: try Label("Café")) else {
            return XCTFail("the photo was not added")
        }
        XCTAssertEqual(photo.originalFileName.bytes, FileNameTests.latin1)
        XCTAssertEqual(photo.displayName, "caf\u{FFFD}.jpg")
        XCTAssertEqual(try library.add(try candidate(found), label: try Label("Café")), .duplicate(of: photo))
        XCTAssertEqual(try library.search("caf").map(\.id), [photo.id], "the name's text is searched")
        XCTAssertEqual(try Library(directory: directory).photos().map(\.originalFileName.bytes), [FileNameTests.latin1])
        XCTAssertEqual(try library.check(), [])
    }

    func testALatin1NameImportsFromAFolderAndComesBackByteForByte() throws {
        let card = folder.url.appendingPathComponent("card")
        try copy(SamplePhotos.cameras[0], named: FileNameTests.latin1, into: card)
        let collection = FileCollector.collect([card], recursive: true)
        XCTAssertEqual(collection.problems, [])
        let found = try XCTUnwrap(collection.files.first)
        XCTAssertEqual(FileName(url: found).lastComponent.bytes, FileNameTests.latin1)
        try importAndCheck(found)
        // The sidecar holds the bytes too: a database made again from it has them.
        XCTAssertEqual(try LibraryRebuild.run(directory: directory).photos, 1)
        let rebuilt = try Library(directory: directory)
        XCTAssertEqual(try rebuilt.photos().map(\.originalFileName.bytes), [FileNameTests.latin1])
        XCTAssertEqual(try rebuilt.check(), [])
        XCTAssertEqual(names(in: try exported(from: directory)), [FileNameTests.latin1])
    }

    func testANameOfTheFullTwoHundredFiftyFiveBytesImportsAndExportsTwice() throws {
        let name = Array(String(repeating: "é", count: 125).utf8) + Array("a.jpg".utf8)
        XCTAssertEqual(name.count, 255)
        let card = folder.url.appendingPathComponent("card")
        try copy(SamplePhotos.cameras[0], named: name, into: card)
        let library = try Library(directory: directory)
        let original = FileName(url: card).appending(FileName(bytes: name)).url
        guard case .added(let photo) = try library.add(try candidate(original), label: try Label("long")) else {
            return XCTFail("the photo was not added")
        }
        XCTAssertEqual(photo.originalFileName.bytes, name)
        let out = try exported(from: directory)
        try PhotoExport().run([photo], to: out) { _ in }
        let written = names(in: out)
        XCTAssertEqual(written.count, 2)
        XCTAssertTrue(written.contains(name))
        let second = try XCTUnwrap(written.first { $0 != name })
        XCTAssertLessThanOrEqual(second.count, 255)
        // Shortened a whole character at a time, so the second name is still UTF-8 and numbered.
        XCTAssertTrue(try XCTUnwrap(String(validating: second, as: UTF8.self)).hasSuffix("é (2).jpg"))
    }

    func testALibraryFromBeforeNamesThatAreNotUTF8IsUpgradedAndThenTakesOne() throws {
        do {
            _ = try Library(directory: directory).add(try candidate(SamplePhotos.cameras[1]), label: try Label("old"))
        }
        let database = directory.appendingPathComponent("library.sqlite3")
        try LibraryFixture.execute("ALTER TABLE photos DROP COLUMN original_bytes; PRAGMA user_version = 7;", in: database)
        let card = folder.url.appendingPathComponent("card")
        try copy(SamplePhotos.cameras[0], named: FileNameTests.latin1, into: card)
        let reopened = try Library(directory: directory)
        XCTAssertEqual(try LibraryFixture.schemaVersion(of: database), 13)
        _ = try reopened.add(try candidate(FileName(url: card).appending(FileName(bytes: FileNameTests.latin1)).url), label: try Label("new"))
        XCTAssertEqual(try reopened.photos().map(\.originalFileName.bytes),
                       [Array(SamplePhotos.cameras[1].lastPathComponent.utf8), FileNameTests.latin1])
    }
}
