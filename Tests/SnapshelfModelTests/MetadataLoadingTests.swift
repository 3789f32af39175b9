// gexiv2 is loaded with dlopen when first used rather than linked: a file that is missing, or is
// not gexiv2, gives a failure that names it and changes nothing, and metadata still reads.
@testable import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class MetadataLoadingTests: XCTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try SamplePhotos.requirePresent()
    }

    func testAMissingOrWrongLibraryIsNamedAndTheRealOneStillReads() throws {
        let missing = try XCTUnwrap(Metadata.load("libgexiv2-missing.so.2"))
        XCTAssertTrue(missing.description.hasPrefix("cannot load gexiv2, which reads and writes metadata: libgexiv2-missing.so.2: "),
                      missing.description)
        let wrong = try XCTUnwrap(Metadata.load("libz.so.1"))
        XCTAssertTrue(wrong.description.contains("gexiv2_initialize"), wrong.description)

        XCTAssertNil(Metadata.load("libgexiv2.so.2")?.description)
        let photo = try Metadata(reading: SamplePhotos.landscape(orientation: 6).path)
        XCTAssertEqual(photo.orientation, 6)
    }
}
