// The page an empty library shows tells every way in: the Import button, a whole folder, and
// dropping photos or folders onto the window; what needs photos waits for the first.
import CGtk
import Foundation
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfGlue
@testable import SnapshelfUI

final class EmptyPageTests: AppTestCase, @unchecked Sendable {
    func testTheEmptyPageOffersFoldersAndDropping() throws {
        try onMain {
            let window = try launch()
            XCTAssertEqual(window.pages.visible, .empty)
            let page = try XCTUnwrap(window.pages.root.firstChild)
            // libadwaita's own page, as in every GNOME app, not one made of boxes and labels.
            XCTAssertEqual(tree(of: page).first?.typeName, "AdwStatusPage")
            let text = labelTexts(in: page).joined(separator: " ")
            XCTAssertTrue(text.contains("drop photos and folders onto this window"), text)
            let actions = tree(of: page).filter { $0.typeName == "GtkButton" && $0.isVisible }.compactMap { gtk_actionable_get_action_name($0.opaque).map { String(cString: $0) } }
            XCTAssertEqual(actions, [Command.importPhotos.detailedName, Command.importFolder.detailedName])
            // A screen reader hears the page's words, and nothing it would call by a GTK type,
            // such as the scroll bars of the page's own scroll pane.
            let nodes = try AccessibleTree.read().flatMap(\.subtree)
            XCTAssertEqual(nodes.filter(\.isNamedAfterAGtkType).map { "\($0.role) \($0.name)" }, [])
            XCTAssertTrue(nodes.contains { $0.name == "No Photos Yet" && $0.role == "label" }, "\(nodes.map(\.name))")
        }
    }

    func testExportAllPhotosWaitsForAPhotoInTheLibrary() throws {
        try onMain {
            let window = try launch()
            let exportAll = { g_action_group_get_action_enabled(OpaquePointer(window.window.raw), Command.exportAll.rawValue) != 0 }
            XCTAssertFalse(exportAll(), "an empty library offers to export its photos")
            window.importFlow.importFiles([SamplePhotos.cameras[0]])
            let dialog = try waitForDialog(in: window)
            try waitUntil { dialog.isWaitingForLabel }
            pressEnter(in: dialog.entryWidget)
            try waitUntil("the first photo did not enable Export All Photos") { exportAll() }
        }
    }
}
