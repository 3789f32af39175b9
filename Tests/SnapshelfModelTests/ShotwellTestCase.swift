// The base for tests of the import from Shotwell: a copy of the database Shotwell made for each
// test, and the import run as the window and the command line run it.
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

class ShotwellTestCase: LibraryTestCase {
    private(set) var shotwell: ShotwellTestLibrary!

    override func setUpWithError() throws {
        try super.setUpWithError()
        shotwell = try ShotwellFixture.library(for: self)
    }

    /// Reads Shotwell's library and imports its photos into the test's library, returning what
    /// was read, each photo's progress and the summary.
    @discardableResult
    func importShotwell() throws -> (library: ShotwellLibrary, progress: [BatchImport.Progress], summary: ShotwellImportSummary) {
        let library = try ShotwellLibrary(reading: shotwell.databaseURL)
        var summary = ShotwellImportSummary(library)
        var progress: [BatchImport.Progress] = []
        try BatchImport(thumbnails: nil).run(library.files, label: nil, details: library.details, libraryDirectory: directory) {
            progress.append($0)
            summary.count($0)
        }
        return (library, progress, summary)
    }

    /// The photo imported from `file`, by its original name.
    func photo(from file: URL) throws -> Photo {
        let photos = try Library(directory: directory).photos().filter { $0.originalFileName == FileName(url: file).lastComponent }
        return try XCTUnwrap(photos.first, "no photo was imported from \(file.lastPathComponent)")
    }

    /// A copy of a sample photo in the test's folder, under `name`.
    func copy(_ photo: URL, as name: String) throws -> URL {
        let copy = folder.url.appendingPathComponent(name)
        try FileManager.default.copyItem(at: photo, to: copy)
        return copy
    }
}
