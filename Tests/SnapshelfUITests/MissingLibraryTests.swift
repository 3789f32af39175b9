// A library the person named whose folder is not there, as on a disk not plugged in, is asked
// about with its path, not made empty in silence; Create Library then makes and opens it. A named
// folder of other files is asked about the same way.
import CGtk
import Foundation
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfGlue
@testable import SnapshelfUI

final class MissingLibraryTests: AppTestCase, @unchecked Sendable {
    private var unplugged: URL { library.url.appendingPathComponent("media/usb & co/Photos") }

    @MainActor
    private func start(at directory: URL? = nil, asksBeforeCreating: Bool) -> SnapshelfApplication {
        let app = SnapshelfApplication(libraryDirectory: directory ?? unplugged, id: Self.uniqueID(), asksBeforeCreating: asksBeforeCreating)
        XCTAssertNotEqual(g_application_register(app.application.typed(), nil, nil), 0)
        g_application_activate(app.application.typed())
        return app
    }

    /// The visible buttons of the page, by their labels without mnemonics.
    @MainActor
    private func buttons(in widget: Widget) -> [String: Button] {
        var found: [String: Button] = [:]
        if let button = widget.as(Button.self), button.isVisible, let label = gtk_button_get_label(button.typed()) {
            found[String(cString: label).replacingOccurrences(of: "_", with: "")] = button
        }
        var child = widget.firstChild
        while let current = child {
            found.merge(buttons(in: current)) { first, _ in first }
            child = current.nextSibling
        }
        return found
    }

    func testAFileWhereTheLibraryShouldBeIsNamedAndOnlyAnotherFolderOffered() throws {
        // GTK's chooser reads its GSettings, which fixes the process's backend for good; see ExportFlowTests.
        setenv("GSETTINGS_BACKEND", "memory", 1)
        let file = library.url.appendingPathComponent("photo.jpg")
        try FileManager.default.copyItem(at: SamplePhotos.cameras[0], to: file)
        try onMain {
            let app = start(at: file, asksBeforeCreating: true)
            let missing = try XCTUnwrap(app.missing, "a file in the library's place was not asked about")
            try waitUntil("the question never appeared") { missing.window.isMapped }
            XCTAssertTrue(missing.page.description.contains("At \(file.path) there is a file, not a library folder"), missing.page.description)
            let offered = buttons(in: missing.window)
            XCTAssertNotNil(offered["Choose Another…"])
            XCTAssertNil(offered["Create Library"], "Create Library is offered where it can only fail")
            // Choose Another… starts where the library was looked for, not in the recent files.
            gtk_widget_activate(try XCTUnwrap(offered["Choose Another…"]).widget)
            // As Space does: GTK shows the press, then clicks.
            try waitUntil("Choose Another… opened no chooser") { missing.chooser != nil }
            let chooser = try XCTUnwrap(missing.chooser)
            // GTK's own dialog, without a portal, reads the folder as it opens.
            try waitUntil("the chooser never showed a folder") { chooser.currentFolder != nil }
            XCTAssertEqual(chooser.currentFolder?.standardizedFileURL.path, library.url.standardizedFileURL.path)
            missing.close()
        }
    }

    func testANamedLibraryThatIsNotThereIsAskedAboutThenCreatedOnlyWhenAsked() throws {
        try onMain {
            let app = start(asksBeforeCreating: true)
            let missing = try XCTUnwrap(app.missing, "the missing library was not asked about")
            try waitUntil("the question never appeared") { missing.window.isMapped }
            XCTAssertNil(app.window)
            XCTAssertFalse(FileManager.default.fileExists(atPath: unplugged.path), "the library was made before anyone asked")
            XCTAssertEqual(tree(of: missing.window).filter { $0.typeName == "AdwStatusPage" }.count, 1)
            XCTAssertTrue(missing.page.description.contains(unplugged.path), missing.page.description)
            let offered = buttons(in: missing.window)
            XCTAssertNotNil(offered["Choose Another…"], "\(offered.keys.sorted())")
            let create = try XCTUnwrap(offered["Create Library"], "\(offered.keys.sorted())")
            // A screen reader hears the page's words, and no object it would call by a GTK type.
            let nodes = try AccessibleTree.read().flatMap(\.subtree)
            XCTAssertEqual(nodes.filter(\.isNamedAfterAGtkType).map { "\($0.role) \($0.name)" }, [])
            XCTAssertTrue(nodes.contains { $0.name == "Library Not Found" }, "\(nodes.map(\.name))")
            // It fits a window as narrow as a phone's.
            missing.window.defaultSize = (360, 600)
            try waitUntil("the question never narrowed to 360 pixels: \(missing.window.width)") { missing.window.width <= 360 }

            // As Space does: GTK shows the press, then clicks.
            gtk_widget_activate(create.widget)
            try waitUntil("Create Library opened no library") { app.window != nil }
            let window = try XCTUnwrap(app.window)
            try waitUntil("the library's window never appeared") { window.window.isMapped }
            XCTAssertNil(app.missing, "the question stayed after it was answered")
            XCTAssertTrue(FileManager.default.fileExists(atPath: unplugged.appendingPathComponent("library.sqlite3").path))
            XCTAssertEqual(window.pages.visible, .empty)
        }
    }

    func testAFolderOfOtherFilesIsAskedAboutAndLeftAsItWasUntilCreateLibraryHere() throws {
        let documents = library.url.appendingPathComponent("Documents")
        try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
        try Data("Dear…".utf8).write(to: documents.appendingPathComponent("letter.txt"))
        try onMain {
            let app = start(at: documents, asksBeforeCreating: true)
            let missing = try XCTUnwrap(app.missing, "a folder of other files was made a library without a word")
            try waitUntil("the question never appeared") { missing.window.isMapped }
            XCTAssertNil(app.window)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: documents.path), ["letter.txt"],
                           "Snapshelf's files were put among the person's before anyone asked")
            XCTAssertEqual(missing.page.title, "Not a Snapshelf Library")
            // Both answers in sight, without scrolling the page.
            try waitUntilSettled(missing.window)
            for button in buttons(in: missing.window).values {
                let bounds = try XCTUnwrap(button.bounds(in: missing.window))
                XCTAssertLessThanOrEqual(bounds.y + bounds.height, Double(missing.window.height), "\(labelTexts(in: button)) is below the window's edge")
            }
            XCTAssertTrue(missing.page.description.contains(documents.path), missing.page.description)
            let offered = buttons(in: missing.window)
            XCTAssertNotNil(offered["Choose Another…"], "\(offered.keys.sorted())")
            let create = try XCTUnwrap(offered["Create Library Here"], "\(offered.keys.sorted())")

            gtk_widget_activate(create.widget)
            try waitUntil("Create Library Here opened no library") { app.window != nil }
            let window = try XCTUnwrap(app.window)
            try waitUntil("the library's window never appeared") { window.window.isMapped }
            XCTAssertTrue(FileManager.default.fileExists(atPath: documents.appendingPathComponent("library.sqlite3").path))
            XCTAssertEqual(try String(contentsOf: documents.appendingPathComponent("letter.txt"), encoding: .utf8), "Dear…")
        }
    }

    func testThePersonsOwnLibraryIsStillMadeOnFirstRun() throws {
        try onMain {
            let app = start(asksBeforeCreating: false)
            XCTAssertNil(app.missing)
            let window = try XCTUnwrap(app.window)
            try waitUntil("the library's window never appeared") { window.window.isMapped }
            XCTAssertTrue(FileManager.default.fileExists(atPath: unplugged.path))
        }
    }
}
