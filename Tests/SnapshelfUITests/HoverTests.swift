// What shows while the pointer hovers, moved through the X server (XTest) as a person's mouse
// moves it: a tile's tooltip wraps a long label, unbroken runs too, within a readable width, and
// files dragged over the window light it up until they leave or drop.
import CGtk
import Foundation
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfGlue
@testable import SnapshelfUI

final class HoverTests: AppTestCase, @unchecked Sendable {
    /// Runs xdotool, bounded, and lets GTK handle the events it had the display server send.
    @MainActor @discardableResult
    private func xdotool(_ arguments: String...) throws -> String {
        let said = try ExternalProgram.output(of: "/usr/bin/timeout", ["10", "/usr/bin/xdotool"] + arguments)
        gdk_display_sync(gdk_display_get_default())
        try waitForIdleWork()
        return said
    }

    /// Moves the pointer to a point of a widget, in two steps, as a hand does.
    @MainActor
    private func movePointer(to widget: Widget, in window: Window) throws {
        let bounds = try XCTUnwrap(widget.bounds(in: window), "the widget is not laid out")
        let pid = String(ProcessInfo.processInfo.processIdentifier)
        let windows = try xdotool("search", "--all", "--onlyvisible", "--pid", pid, "--name", "^\(window.title)$")
        let id = try XCTUnwrap(windows.split(separator: "\n").first.map(String.init), "no window “\(window.title)”")
        for step in [6.0, 0.0] {
            try xdotool("mousemove", "--window", id, String(Int(bounds.x + bounds.width / 2 + step)), String(Int(bounds.y + bounds.height / 2 + step)))
        }
    }

    func testALongUnbrokenLabelsTooltipWrapsWithinAReadableWidth() throws {
        let label = String(repeating: "x", count: 500)
        try makeLibrary(labels: [label])
        try onMain {
            let window = try launch()
            try waitUntil("the tile has no thumbnail") { window.grid.boundTiles.first?.hasThumbnail == true }
            let tile = try XCTUnwrap(window.grid.boundTiles.first)
            try waitUntilSettled(window.window)
            try movePointer(to: tile.root, in: window.window)
            // GTK parents the tooltip's own window to the window it shows over.
            var tooltip: Widget? { tree(of: window.window).first { $0.typeName == "GtkTooltipWindow" && $0.isMapped } }
            try waitUntil("no tooltip came") { tooltip != nil }
            let shown = try XCTUnwrap(tooltip)
            try waitUntilSettled(shown)
            XCTAssertTrue(labelTexts(in: shown).contains { $0.hasPrefix(label) }, "the tooltip is not the label’s")
            XCTAssertLessThanOrEqual(shown.width, 600, "the tooltip runs \(shown.width) pixels wide")
        }
    }

    func testFilesDraggedOverTheWindowLightItUpUntilTheyLeaveOrDrop() throws {
        try onMain {
            let window = try launch()
            window.window.defaultSize = (800, 600)
            try waitUntilSettled(window.window)
            let highlight = try XCTUnwrap(tree(of: window.window).first { $0.hasStyleClass("drop-highlight") })
            XCTAssertFalse(highlight.isMapped, "the window is lit before anything is dragged")
            // A window of this process that offers a photo to drag, as a file manager's does.
            let source = Window()
            source.title = "Drag Source"
            source.defaultSize = (120, 120)
            let handle = Label("photo")
            handle.expandsHorizontally = true
            handle.expandsVertically = true
            source.setChild(handle)
            gtk_widget_add_controller(handle.typed(), Self.dragSource(offering: SamplePhotos.cameras[3]))
            source.present()
            try waitUntilSettled(source)
            let windowID = try xdotool("search", "--all", "--onlyvisible", "--pid", String(ProcessInfo.processInfo.processIdentifier),
                                       "--name", "^Snapshelf$").split(separator: "\n").first.map(String.init)
            let main = try XCTUnwrap(windowID)
            // The source lies over the main window's corner, where both open without a window manager.
            try movePointer(to: handle, in: source)
            try xdotool("mousedown", "1")
            for x in stride(from: 80, through: 400, by: 40) {
                try xdotool("mousemove", "--window", main, String(x), "300")
            }
            try waitUntil("dragging files over the window lit nothing") { highlight.isMapped }
            try waitUntilSettled(window.window)
            // Over the whole of the window's content, header and photos alike.
            XCTAssertEqual(highlight.width, highlight.parent?.width)
            XCTAssertEqual(highlight.height, highlight.parent?.height)
            // Out of the window, past its right edge: the light goes out.
            try xdotool("mousemove", "--window", main, "1100", "300")
            try waitUntil("the window stayed lit after the files left it") { !highlight.isMapped }
            // Back in, and dropped: out again, and the photo comes in.
            try xdotool("mousemove", "--window", main, "400", "300")
            try waitUntil("the files coming back lit nothing") { highlight.isMapped }
            try xdotool("mouseup", "1")
            try waitUntil("the window stayed lit after the drop") { !highlight.isMapped }
            let dialog = try waitForDialog(in: window)
            try waitUntil { dialog.isWaitingForLabel }
        }
    }

    /// A drag source that offers the file as a file manager does, as a list of files.
    @MainActor
    private static func dragSource(offering file: URL) -> OpaquePointer {
        let source = gtk_drag_source_new()!
        var files: [OpaquePointer?] = [g_file_new_for_path(file.path)]
        let list = gdk_file_list_new_from_array(&files, 1)
        g_object_unref(UnsafeMutableRawPointer(files[0]))
        var value = GValue()
        g_value_init(&value, gdk_file_list_get_type())
        g_value_take_boxed(&value, UnsafeRawPointer(list))
        let content = gdk_content_provider_new_for_value(&value)
        g_value_unset(&value)
        gtk_drag_source_set_content(source, content)
        g_object_unref(UnsafeMutableRawPointer(content))
        gtk_drag_source_set_actions(source, GDK_ACTION_COPY)
        return source
    }
}
