// The viewer follows what another process, such as the command line, does to the photo it shows:
// a new label or a turn shows at once, as it does in the grid.
import Foundation
import SnapshelfGlue
import SnapshelfModel
import XCTest
@testable import SnapshelfUI

final class ViewerFollowsChangesTests: AppTestCase, @unchecked Sendable {
    func testTheViewerShowsALabelAndATurnGivenElsewhere() throws {
        try makeLibrary(labels: ["one", "two"])
        try onMain {
            let window = try launch()
            window.open(position: 0)
            try waitUntil { window.viewer.showsFullImage }
            let shown = try XCTUnwrap(window.viewer.photo)
            let other = try Library(directory: libraryDirectory)
            _ = try other.relabel(photoWithID: shown.id, as: try Label("renamed elsewhere"))
            _ = try other.rotate(photosWithIDs: [shown.id], by: 90)
            try waitUntil("the viewer kept the photo as it was: “\(window.viewer.photo?.label ?? "")”") {
                window.viewer.photo?.label == "renamed elsewhere" && window.viewer.photo?.rotation == 90
            }
            XCTAssertEqual(window.viewer.photo?.id, shown.id)
            XCTAssertTrue(window.isViewing)
        }
    }
}
