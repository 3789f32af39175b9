// The words of an export's failures, as the window and `snapshelf export` say them.
import Foundation
import SnapshelfMessages
import XCTest
@testable import SnapshelfModel

final class ExportErrorMessageTests: XCTestCase {
    func testAReadOnlyDiskIsNotCalledAMatterOfPermission() {
        XCTAssertEqual(ExportError.Reason(errno: EROFS), .readOnly)
        XCTAssertEqual(ExportError.Reason(errno: EACCES), .permissionDenied)
        XCTAssertEqual(ExportError(file: "/media/stick/a.jpg", reason: .readOnly).message,
                       "/media/stick/a.jpg: that folder is on a disk that is read-only; the export stopped there, and no part of this file was left behind")
    }
}
