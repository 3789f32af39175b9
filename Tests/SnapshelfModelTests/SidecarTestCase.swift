// The base for tests on one photo's sidecar: a library with one sample photo labelled "a", open
// for the whole test.
@testable import SnapshelfModel
import SnapshelfTestSupport
import XCTest

class SidecarTestCase: LibraryTestCase {
    var library: Library!
    private(set) var photo: Photo!

    override func setUpWithError() throws {
        try super.setUpWithError()
        library = try Library(directory: directory)
        guard case .added(let added) = try library.add(try candidate(SamplePhotos.cameras[0]), label: try Label("a")) else {
            throw NSError(domain: "SidecarTestCase", code: 1, userInfo: [NSLocalizedDescriptionKey: "the sample photo was not added"])
        }
        photo = added
    }

    override func tearDown() {
        (library, photo) = (nil, nil)
        super.tearDown()
    }

    var sidecarURL: URL { photo.fileURL.appendingPathExtension("xmp") }

    /// This computer's name in the library.
    var machine: String { get throws { try library.database.machineName() } }
}
