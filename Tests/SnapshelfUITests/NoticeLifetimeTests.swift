// The toasts at the foot of the window go by themselves, but not while the person points at them
// or has the focus in them; counts of one kind add up into one line; and a toast takes one line
// of the window's foot, leaving the viewer's label and most of the last row of tiles clear.
import CGtk
import Foundation
import SnapshelfGlue
import SnapshelfModel
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfUI

final class NoticeLifetimeTests: AppTestCase, @unchecked Sendable {
    /// libadwaita times toasts in whole seconds.
    private static let short: Duration = .seconds(1)

    func testNoticesGoWhenTheirTimeIsUp() throws {
        try makeLibrary(labels: ["Lake"])
        try onMain {
            let window = try launch()
            window.notification.lifetime = Self.short
            window.notification.show("A message.")
            window.grid.select(positions: [0])
            try pressKeys("<Control>r", in: window)
            XCTAssertTrue(window.notification.isShown && window.notification.offersUndo)
            XCTAssertEqual([window.notification.text, window.notification.stepText], ["A message.", "Rotated 1 photo"])
            try waitUntil("the message and its undo stayed") { !window.notification.isShown }
            try waitUntil("the toast stayed") { !self.tree(of: window.toasts).contains { $0.typeName == "AdwToastWidget" } }
            XCTAssertEqual(window.notification.text, "")
            try pressKeys("<Control>z", in: window)
            XCTAssertEqual(window.store.photo(at: 0)?.rotation, 0, "the undo went with its notice")
        }
    }

    func testANoticeThatOffersAnActionOrListsWhatWasLeftStaysUntilDismissed() throws {
        try onMain {
            let window = try launch()
            window.notification.lifetime = Self.short
            window.notification.show("Imported 3 photos. 1 photo has no label yet.", action: "_Label One by One…") {}
            window.notification.show("A message after it.")
            // Two lines would go after two lifetimes.
            try waitPast(Self.short * 3)
            XCTAssertTrue(window.notification.isShown, "the offer went before the person could take it")
            XCTAssertEqual(window.notification.actionLabel, "Label One by One…")
            window.notification.dismiss()
            window.notification.showUntilDismissed("2 files are gone: a.jpg, b.jpg.")
            try waitPast(Self.short * 3)
            XCTAssertTrue(window.notification.isShown, "the list went before it could be read")
            window.notification.dismiss()
            // Once dismissed, the next notice goes in its time again.
            window.notification.show("A message.")
            try waitUntil("the message stayed") { !window.notification.isShown }
        }
    }

    func testANoticeStaysWhileItHasTheFocus() throws {
        try onMain {
            let window = try launch()
            window.notification.show("A message.")
            // Dismiss comes last, after the button a toast may offer, hidden here.
            let toast = try shownToast(in: window).widget
            let dismiss = try XCTUnwrap(tree(of: toast).last { $0.typeName == "GtkButton" })
            XCTAssertTrue(dismiss.grabFocus())
            window.notification.lifetime = Self.short
            window.notification.show("Another message.")
            // A toast of up to three messages stays up to three lifetimes.
            try waitPast(Self.short * 3)
            XCTAssertTrue(window.notification.isShown, "the message went while the focus was in it")
            window.window.clearFocus()
            try waitUntil("the message stayed once the focus left") { !window.notification.isShown }
        }
    }

    func testANoticeStaysWhileThePointerIsOnIt() throws {
        try makeLibrary(labels: ["Lake"])
        try onMain {
            let window = try launch()
            window.notification.lifetime = Self.short
            window.notification.show("A message.")
            let toast = try shownToast(in: window).widget
            let hover = try XCTUnwrap(controllers(of: gtk_event_controller_motion_get_type(), on: toast).first)
            emit("enter", on: hover, numbers: [4, 4])
            try waitPast(Self.short * 3)
            XCTAssertTrue(window.notification.isShown, "the notice went from under the pointer")
            emit("leave", on: hover)
            try waitUntil("the notice stayed once the pointer left") { !window.notification.isShown }
        }
    }

    func testTwoOutsideImportsOfOnePhotoAddUpInOneLine() throws {
        try makeLibrary(labels: ["Lake"])
        try onMain {
            let window = try launch()
            let elsewhere = try Library(directory: libraryDirectory)
            _ = try elsewhere.add(try PhotoCandidate(inspecting: SamplePhotos.cameras[1], previewSize: 32), label: try Label("Hill"))
            try waitUntil("the first import was never told") { window.notification.isShown }
            XCTAssertEqual(window.notification.text, "1 photo was added to this library by another program, such as the command line.")
            _ = try elsewhere.add(try PhotoCandidate(inspecting: SamplePhotos.cameras[2], previewSize: 32), label: try Label("Wood"))
            // The look that brings the photo in says so before the main loop runs anything else.
            try waitUntil("the second import was never told: \(window.notification.text)") { window.store.count == 3 }
            XCTAssertEqual(window.notification.text, "2 photos were added to this library by another program, such as the command line.")
        }
    }

    func testTheLastRowAndTheViewersLabelShowAboveANotice() throws {
        try makeLibrary(labels: SamplePhotos.cameras.indices.map { "Photo \($0)" })
        try onMain {
            let window = try launch()
            window.window.defaultSize = (420, 360)
            (1...4).forEach { window.notification.show("Could not import “photo \($0).jpg”: the file is empty.") }
            // Four messages take the toast's one line, not four lines of the window.
            let notice = try shownToast(in: window).bounds
            XCTAssertLessThan(notice.height, 80, "the toast is taller than one line")
            let last = SamplePhotos.cameras.count - 1
            let id = try XCTUnwrap(window.store.photo(at: last)).id
            let scroll = window.grid.root.verticalAdjustment
            scroll.value = .greatestFiniteMagnitude
            try waitUntil("the last tile never showed") { window.grid.boundTiles.contains { $0.photoID == id && $0.root.isMapped } }
            // Kept at the very end until laying out the rows there no longer moves it.
            let tile = try XCTUnwrap(try waitUntilSteady("the grid never stayed at its end", of: window.grid.root) {
                scroll.value = .greatestFiniteMagnitude
                return window.grid.boundTiles.first { $0.photoID == id }?.root.bounds(in: window.window)
            })
            // The toast floats over the foot, as GNOME's do: most of the last row still shows.
            XCTAssertLessThanOrEqual(max(0, tile.y + tile.height - notice.y), tile.height / 2, "the toast covers the last row")

            window.open(position: last)
            try waitUntil { window.viewer.showsFullImage }
            try waitUntilSettled(window.viewer.root)
            let caption = try XCTUnwrap(tree(of: window.viewer.root).first { $0.typeName == "GtkLabel" && labelTexts(in: $0) == ["Photo \(last)"] })
            let label = try XCTUnwrap(caption.bounds(in: window.window))
            XCTAssertLessThanOrEqual(label.y + label.height, notice.y, "the toast covers the viewer's label")
        }
    }
}
