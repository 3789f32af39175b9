// What `check` calls strays in the photo folder, whatever form their names take: the library's own
// (`<sha-256>.<ext>` and its sidecar), which the check holds compactly, and every other, which it
// holds as it is. A sidecar is a stray only when neither the folder nor a photo has its copy.
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class CheckStrayTests: LibraryTestCase {
    func testFilesAndSidecarsOfEveryFormOfNameAreStraysOnlyWithoutACopyOrAPhoto() throws {
        let library = try Library(directory: directory)
        var added: [Photo] = []
        for url in SamplePhotos.cameras.prefix(2) {
            if case .added(let photo) = try library.add(try candidate(url), label: try Label("Lake")) { added.append(photo) }
        }
        let photos = added[0].fileURL.deletingLastPathComponent()
        let hex = String(repeating: "ab", count: 32), other = String(repeating: "0f", count: 32)
        let jpeg = try Data(contentsOf: SamplePhotos.cameras[0])
        // Copies no photo has: of the library's form, in capitals, and of no form at all.
        for name in ["\(hex).jpeg", "\(hex.uppercased()).jpeg", "notes.txt", "\(hex).tar.gz"] {
            try jpeg.write(to: photos.appendingPathComponent(name))
        }
        // Sidecars: of a copy there (no stray), of copies nowhere (strays), and one of a photo
        // whose copy went, which is that photo's problem rather than a stray.
        let sidecars = ["\(hex).jpeg.xmp", "notes.txt.xmp", "\(other).png.xmp", "gone.txt.xmp", "\(other).xmp"]
        for name in sidecars {
            try Data("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>".utf8).write(to: photos.appendingPathComponent(name))
        }
        try FileManager.default.removeItem(at: added[1].fileURL)
        let path = { (name: String) in photos.appendingPathComponent(name) }
        XCTAssertEqual(try library.check(), [
            .missingFile(photoID: added[1].id, file: added[1].fileURL, original: "Nikon_D70.jpg"),
            .strayFile(path("\(hex.uppercased()).jpeg").path),
            .strayFile(path("\(hex).jpeg").path),
            .strayFile(path("\(hex).tar.gz").path),
            .strayFile(path("notes.txt").path),
            .straySidecar(path("\(other).png.xmp"), label: ""),
            .straySidecar(path("\(other).xmp"), label: ""),
            .straySidecar(path("gone.txt.xmp"), label: ""),
        ])
    }
}
