// What a folder import leaves out: files that are no images, named, but not the XMP sidecars
// beside the photos, which go with them.
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class FileCollectorTests: FolderTestCase {
    func testSidecarsBesideThePhotosAreNotSkippedAndTheSkippedFilesAreNamed() throws {
        let trip = try SamplePhotos.folderWithAReadme(in: folder.url, photos: 2)
        let photos = SamplePhotos.cameras.prefix(2).map(\.lastPathComponent)
        let xmp = "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"></x:xmpmeta>\n"
        // darktable's name and gThumb's, and one beside no photo.
        try Data(xmp.utf8).write(to: trip.appendingPathComponent(photos[0] + ".xmp"))
        try Data(xmp.utf8).write(to: trip.appendingPathComponent((photos[1] as NSString).deletingPathExtension + ".xmp"))
        try Data(xmp.utf8).write(to: trip.appendingPathComponent("lost.xmp"))
        try Data("%PDF-1.4\n".utf8).write(to: trip.appendingPathComponent("notes.pdf"))

        let collection = FileCollector.collect([trip], recursive: true)
        XCTAssertEqual(collection.files.map(\.lastPathComponent).sorted(), photos.sorted())
        XCTAssertEqual(collection.skipped.map(\.lastPathComponent), ["README", "lost.xmp", "notes.pdf"])
        XCTAssertEqual(collection.skippedSentence(naming: 5), "Skipped 3 files that are not photos: “README”, “lost.xmp”, “notes.pdf”")
        XCTAssertEqual(collection.skippedSentence(naming: 1), "Skipped 3 files that are not photos: “README” and 2 more")
        XCTAssertNil(FileCollector.collect([], recursive: true).skippedSentence(naming: 3))
    }
}
