// A window 360 to 400 pixels wide, as on a phone or half a small screen, cuts nothing short that
// the person needs: the header's title and its subtitle read in full, the information panel is
// laid over the photos rather than squeezing them, and every dialog fits within the window. A
// wide window keeps the panel beside the photos, and a panel shown there hides as the window
// narrows, to come back as it widens.
import CGtk
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfGlue
@testable import SnapshelfUI

final class NarrowWindowTests: AppTestCase, @unchecked Sendable {
    override func tearDown() {
        // Back to English for the next test, after the French one.
        unsetenv("LANGUAGE")
        Localization.setUp()
        super.tearDown()
    }

    override func setUp() {
        super.setUp()
        // A library other than the person's own, named "~/library" on the subtitle's line.
        let home = ProcessInfo.processInfo.environment["HOME"]
        setenv("HOME", library.url.path, 1)
        addTeardownBlock { if let home { setenv("HOME", home, 1) } }
    }

    /// The window given `width`, once it has settled at it.
    @MainActor
    private func resize(_ window: LibraryWindow, to width: Int) throws {
        window.window.defaultSize = (width, 600)
        try waitUntil("the window never took \(width) pixels: \(window.window.width)") { window.window.width <= width }
        try waitUntilSettled(window.window)
        XCTAssertLessThanOrEqual(window.window.width, width, "something in the window asks for more")
    }

    /// The labels of the header's AdwWindowTitle that show text now: the title, and the subtitle.
    @MainActor
    private func titleLabels(of window: LibraryWindow) throws -> [Widget] {
        let titles = tree(of: window.header.root).filter { $0.typeName == "AdwWindowTitle" }
        XCTAssertFalse(titles.isEmpty, "the header has no AdwWindowTitle")
        return titles.flatMap(tree).filter { $0.typeName == "GtkLabel" && $0.isMapped && !labelTexts(in: $0).joined().isEmpty }
    }

    func testTheTitleAndItsSubtitleReadInFullInANarrowWindow() throws {
        try makeLibrary(labels: ["Lake", "Hill", "Market"])
        try onMain {
            // GNOME's window buttons, as the issue saw them: Close alone, not bare X11's three.
            DesktopSettings.set("gtk-decoration-layout", to: "appmenu:close", in: self)
            let window = try launch()
            for width in [400, 360] {
                try resize(window, to: width)
                let labels = try titleLabels(of: window)
                XCTAssertEqual(labels.flatMap(labelTexts), ["Snapshelf", "~/library · 3 photos"])
                assertReadable(labels, at: width)
            }
            // A selection, and in the viewer the photo's place, read in full too; the viewer leaves
            // the date taken, which the information panel has, to a wider window.
            window.grid.select(positions: [0])
            try waitUntilSettled(window.window)
            XCTAssertEqual(try titleLabels(of: window).flatMap(labelTexts), ["Snapshelf", "~/library · 1 selected"])
            assertReadable(try titleLabels(of: window), at: 360)
            window.open(position: 0)
            try waitUntilSettled(window.window)
            XCTAssertEqual(try titleLabels(of: window).flatMap(labelTexts), ["Lake", "~/library · 1 of 3"])
            assertReadable(try titleLabels(of: window), at: 360)
        }
    }

    func testALongLabelLeavesTheViewersTitleToWhichPhotoItIsAndReadsInFullUnderThePhoto() throws {
        let label = "Sunset over the old harbour of Lisbon"
        try makeLibrary(labels: [label, "Hill"])
        try onMain {
            DesktopSettings.set("gtk-decoration-layout", to: "appmenu:close", in: self)
            let window = try launch()
            window.open(position: 0)
            for width in [400, 360] {
                try resize(window, to: width)
                let labels = try titleLabels(of: window)
                XCTAssertEqual(labels.flatMap(labelTexts), ["1 of 2", "~/library"], "at \(width) pixels")
                assertReadable(labels, at: width)
                XCTAssertEqual(window.viewer.captionText, label)
            }
            try resize(window, to: 1280)
            XCTAssertEqual(try titleLabels(of: window).flatMap(labelTexts).first, label, "a wide window's title is no longer the label")
        }
    }

    @MainActor
    private func assertReadable(_ labels: [Widget], at width: Int) {
        for label in labels {
            XCTAssertFalse(pango_layout_is_ellipsized(gtk_label_get_layout(label.opaque)) != 0,
                           "at \(width) pixels, “\(labelTexts(in: label)[0])” is cut short in \(label.width) pixels")
        }
    }

    /// The AdwFlap holding the information panel, and whether it lays the panel over the photos.
    @MainActor
    private func isFolded(_ window: LibraryWindow) throws -> Bool {
        let flap = try XCTUnwrap(tree(of: window.window).first { $0.typeName == "AdwFlap" }, "the panel is no AdwFlap")
        var folded = GValue()
        g_value_init(&folded, g_type_from_name("gboolean"))
        defer { g_value_unset(&folded) }
        g_object_get_property(flap.typed(), "folded", &folded)
        return g_value_get_boolean(&folded) != 0
    }

    func testTheInformationPanelIsLaidOverThePhotosInANarrowWindowAndBesideThemInAWideOne() throws {
        try makeLibrary(labels: ["Lake", "Hill", "Market"])
        try onMain {
            let window = try launch()
            window.grid.select(positions: [0])
            let panel = try XCTUnwrap(tree(of: window.window).first { $0.hasStyleClass("photo-info") })
            for width in [400, 360] {
                window.info.isShown = false
                try resize(window, to: width)
                let gridWidth = window.grid.root.width
                window.window.activateAction(Command.info.detailedName)
                XCTAssertTrue(window.info.isShown)
                // Once it has slid all the way in.
                try waitUntilSteady("the panel's place", of: window.window) { panel.isMapped ? panel.bounds(in: window.window) : nil }
                XCTAssertTrue(try isFolded(window), "at \(width) pixels the panel is beside the photos")
                XCTAssertEqual(window.grid.root.width, gridWidth, "at \(width) pixels the panel squeezed the photos")
                XCTAssertLessThanOrEqual(window.window.width, width, "the panel widened the window")
            }
            // Escape hides the panel laid over the photos, and the panel knows it.
            try RealKeys.press("Escape")
            try waitUntil("Escape left the panel over the photos") { !window.info.isShown }
            XCTAssertEqual(window.grid.selectedPositions, [0], "Escape did more than hide the panel")
            window.window.activateAction(Command.info.detailedName)
            try resize(window, to: 1280)
            // The panel slides out of the photos' way as it unfolds.
            try waitUntilSteady("the photos' width", of: window.window) { window.grid.root.width }
            XCTAssertTrue(window.info.isShown, "widening the window hid the panel")
            XCTAssertFalse(try isFolded(window), "at 1280 pixels the panel is laid over the photos")
            let grid = try XCTUnwrap(window.grid.root.bounds(in: window.window))
            let beside = try XCTUnwrap(panel.bounds(in: window.window))
            XCTAssertLessThanOrEqual(grid.x + grid.width, beside.x, "the panel does not stand beside the photos")
        }
    }

    func testAPanelBesideThePhotosHidesAsTheWindowNarrowsAndComesBackAsItWidens() throws {
        try makeLibrary(labels: ["Lake", "Hill"])
        try onMain {
            let window = try launch()
            window.grid.select(positions: [0])
            try widen(window)
            window.window.activateAction(Command.info.detailedName)
            XCTAssertTrue(window.info.isShown)
            XCTAssertFalse(try isFolded(window))
            try resize(window, to: 400)
            XCTAssertTrue(try isFolded(window))
            XCTAssertFalse(window.info.isShown, "narrowing the window laid the panel over the photos")
            try widen(window)
            XCTAssertTrue(window.info.isShown, "widening the window again did not give the panel back")
            // Hidden by the person, it stays hidden through the same.
            window.window.activateAction(Command.info.detailedName)
            try resize(window, to: 400)
            try widen(window)
            XCTAssertFalse(window.info.isShown, "the window showed a panel the person had hidden")
        }
    }

    /// The window made wide, once it is: `resize` waits for a window to narrow.
    @MainActor
    private func widen(_ window: LibraryWindow) throws {
        window.window.defaultSize = (1200, 600)
        try waitUntil("the window never widened: \(window.window.width)") { window.window.width > 1000 }
        try waitUntilSettled(window.window)
    }

    func testEscapeInTheViewerHidesThePanelOverThePhotoFirst() throws {
        try makeLibrary(labels: ["Lake", "Hill"])
        try onMain {
            let window = try launch()
            try resize(window, to: 400)
            window.open(position: 0)
            window.window.activateAction(Command.info.detailedName)
            try waitUntil("the panel never showed over the photo") { window.info.coversPhotos }
            window.window.activateAction(Command.back.detailedName)
            XCTAssertFalse(window.info.isShown, "Escape left the panel over the photo")
            XCTAssertTrue(window.isViewing, "Escape left the viewer before it hid the panel")
            window.window.activateAction(Command.back.detailedName)
            XCTAssertFalse(window.isViewing)
        }
    }

    func testALabelWithoutSpacesWrapsInTheViewerInsteadOfWideningTheWindow() throws {
        try makeLibrary(labels: [String(repeating: "Ω", count: 500), "Hill"])
        try onMain {
            let window = try launch()
            try resize(window, to: 400)
            window.open(position: 0)
            try waitUntilSettled(window.window)
            XCTAssertLessThanOrEqual(window.window.width, 400, "the viewer's caption widened the window")
        }
    }

    func testTheLabelDialogFitsANarrowWindow() throws {
        try makeLibrary(labels: ["Lake", "Hill", "Market"])
        try onMain {
            let window = try launch()
            try resize(window, to: 360)
            window.grid.select(positions: [0])
            window.window.activateAction(Command.editLabel.detailedName)
            let editing = try XCTUnwrap(window.commands.editDialog, "no label dialog")
            try waitUntilSettled(editing.window)
            XCTAssertLessThanOrEqual(editing.window.width, window.window.width, "the Edit Label dialog is wider than the window")
            editing.close()

            // Importing several photos, the dialog also offers the label for the rest, and Skip.
            window.importFlow.importFiles(Array(SamplePhotos.cameras.suffix(3)))
            let importing = try waitForDialog(in: window)
            try waitUntil("the dialog never asked for a label") { importing.isWaitingForLabel }
            try waitUntilSettled(importing.window)
            XCTAssertTrue(importing.forTheRestToggle.isVisible)
            XCTAssertLessThanOrEqual(importing.window.width, window.window.width, "the Label Photo dialog is wider than the window")
            XCTAssertLessThanOrEqual(importing.window.height, window.window.height, "the Label Photo dialog is taller than the window")
            // Its title wraps only where one line does not fit: not at 480 pixels.
            gtk_widget_activate_action_variant(importing.window.typed(), "dialog.cancel", nil)
            try waitUntil("Cancel did not end the import") { !window.importFlow.isRunning }
            try resize(window, to: 480)
            window.importFlow.importFiles(Array(SamplePhotos.cameras.prefix(2)))
            let wide = try waitForDialog(in: window)
            try waitUntil("the dialog never asked for a label") { wide.isWaitingForLabel }
            try waitUntilSettled(wide.window)
            let titles = tree(of: wide.window).filter { $0.isMapped && labelTexts(in: $0) == ["Label Photo"] && $0.typeName == "GtkLabel" }
            XCTAssertEqual(titles.count, 1)
            XCTAssertEqual(titles.map { pango_layout_get_line_count(gtk_label_get_layout($0.opaque)) }, [1], "the title wraps with room to spare")
        }
    }

    /// French is longer: "Utiliser cette légende pour les 2 autres photos" wraps rather than widening the dialog.
    func testTheLabelDialogFitsANarrowWindowInFrench() throws {
        let locale = try ShippedTranslation.compile("fr", into: library.url)
        try makeLibrary(labels: ["Lake"])
        setenv("LANGUAGE", "fr", 1)
        Localization.setUp(localeDirectory: locale.path)
        try onMain {
            let window = try launch()
            try resize(window, to: 360)
            window.importFlow.importFiles(Array(SamplePhotos.cameras.suffix(3)))
            let importing = try waitForDialog(in: window)
            try waitUntil("the dialog never asked for a label") { importing.isWaitingForLabel }
            try waitUntilSettled(importing.window)
            XCTAssertEqual(importing.forTheRestToggle.mnemonic, "_Utiliser cette légende pour les 2 autres photos")
            XCTAssertLessThanOrEqual(importing.window.width, window.window.width, "the dialog is wider than the window")
        }
    }

    /// A toast's line keeps the whole sentences a narrow window has room for, the rest behind
    /// Details, rather than being cut mid-sentence.
    func testAToastsLineFitsANarrowWindowInWholeSentences() throws {
        try makeLibrary(labels: ["Lake"])
        try onMain {
            DesktopSettings.set("gtk-decoration-layout", to: "appmenu:close", in: self)
            let window = try launch()
            try resize(window, to: 360)
            window.notification.show("Imported 1 photo. 2 could not be imported. 2 were already in the library.")
            XCTAssertEqual(window.notification.title, "Imported 1 photo.")
            XCTAssertEqual(Notices.titleRoom(inWindowOf: 1280), NoticeEvent.titleLength, "a wide window's toast is cut short")
            let toast = try shownToast(in: window).widget
            let labels = tree(of: toast).filter { $0.typeName == "GtkLabel" && $0.isMapped && labelTexts(in: $0) == ["Imported 1 photo."] }
            XCTAssertEqual(labels.count, 1, "\(tree(of: toast).flatMap(labelTexts))")
            assertReadable(labels, at: 360)
            XCTAssertEqual(try toastButtonText(in: window), "Details")
            // A summary whose first sentence is too long for the line beside Details is cut at a
            // word, never in one, and Details has it whole.
            window.notification.dismiss()
            window.notification.show("Could not import “notes.jpg”: it is not an image.")
            window.notification.show("No photo was imported. 1 could not be imported.")
            let cut = try shownToast(in: window).widget
            let line = tree(of: cut).filter { $0.typeName == "GtkLabel" && $0.isMapped && labelTexts(in: $0) == [window.notification.title] }
            XCTAssertEqual(line.count, 1, "\(tree(of: cut).flatMap(labelTexts))")
            assertReadable(line, at: 360)
        }
    }

    /// The empty library's page, with its buttons to import and from Shotwell, fits too.
    func testTheEmptyLibrarysPageFitsANarrowWindow() throws {
        try onMain {
            let window = try launch()
            try resize(window, to: 360)
            let buttons = tree(of: window.pages.root).filter { $0.hasStyleClass("pill") && $0.isVisible }
            XCTAssertGreaterThanOrEqual(buttons.count, 2)
            for button in buttons {
                let bounds = try XCTUnwrap(button.bounds(in: window.window))
                XCTAssertTrue(bounds.x >= 0 && bounds.x + bounds.width <= Double(window.window.width), "\(labelTexts(in: button)) stands outside the window")
            }
        }
    }
}
