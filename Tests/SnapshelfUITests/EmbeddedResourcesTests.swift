// The files of Resources/ are compiled into the binary as they are in the source tree.
import Foundation
import SnapshelfGlue
import XCTest

final class EmbeddedResourcesTests: XCTestCase {
    func testTheStylesheetIsEmbeddedWhole() throws {
        let source = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Resources/style.css")
        XCTAssertEqual(EmbeddedResources.stylesheet, try String(contentsOf: source, encoding: .utf8))
    }
}
