// Files are read in chunks, never whole: a file far larger than any photo is refused from its
// size, and a large photo is copied in with the same small memory as a small one.
import Foundation
import SnapshelfTestSupport
import XCTest

final class LargeFileTests: CommandLineTestCase {
    private static let memoryLimit = 100 << 20

    /// A file of this size whose content is a photo followed by a hole, which costs no disk.
    private func sparseFile(named name: String, in directory: URL, size: Int, startingWith photo: URL) throws -> URL {
        let url = directory.appendingPathComponent(name)
        try Data(contentsOf: photo).write(to: url)
        XCTAssertEqual(truncate(url.path, off_t(size)), 0)
        return url
    }

    func testAFortyGigabyteFileIsRefusedByNameWhileThePhotosBesideItImport() throws {
        let corpus = folder.url.appendingPathComponent("corpus")
        try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
        let photos = try PhotoCorpus.make(2, in: corpus)
        let huge = try sparseFile(named: "huge.jpg", in: corpus, size: 40_000_000_000, startingWith: SamplePhotos.cameras[0])
        let run = try MeasuredRun.run(["--library", library, "import", "--recursive", corpus.path], in: folder.url)
        XCTAssertEqual(run.status, 1, run.standardError)
        // GLib writes sizes with a no-break space, so "40.0 GB" never breaks across lines.
        XCTAssertEqual(run.standardError, "snapshelf: \(huge.path): it is 40.0\u{A0}GB, larger than the 2.0\u{A0}GB a photo may be\n")
        XCTAssertEqual(run.standardOutput.split(separator: "\n").count, 2, run.standardOutput)
        for photo in photos {
            XCTAssertTrue(run.standardOutput.contains("Imported \(photo.path) as photo"), run.standardOutput)
        }
        XCTAssertGreaterThan(run.peakBytes, 0, "no memory was read")
        XCTAssertLessThan(run.peakBytes, Self.memoryLimit)
        try assertSound()
    }

    func testALargePhotoIsHashedAndCopiedWithoutGrowingMemory() throws {
        let large = try sparseFile(named: "padded.jpg", in: folder.url, size: 300 << 20, startingWith: SamplePhotos.cameras[0])
        let run = try MeasuredRun.run(["--library", library, "import", large.path], in: folder.url)
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertLessThan(run.peakBytes, Self.memoryLimit, "a 300 MB file took \(run.peakBytes >> 20) MB")
        let copy = try XCTUnwrap(try copies().first)
        XCTAssertEqual(try copy.resourceValues(forKeys: [.fileSizeKey]).fileSize, 300 << 20)
        // check hashes the copy against the hash taken at import, a chunk at a time too.
        try assertSound()
    }
}
