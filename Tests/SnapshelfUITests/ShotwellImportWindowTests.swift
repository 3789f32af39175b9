// Importing a Shotwell library from the window, from a photo.db that Shotwell itself made: the
// main menu's item, the empty page's button (there only while Shotwell's database is), the
// question naming the folders, then every photo in with its Shotwell title and no label dialog,
// the summary that names the files that are gone and counts the videos, the progress bar and Cancel Import (while the
// database is read, too), the dialog when the person asks for it, a database chosen when
// Shotwell's is not where Shotwell keeps it, and one that is no database.
import CGtk
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfGlue
@testable import SnapshelfUI

final class ShotwellImportWindowTests: AppTestCase, @unchecked Sendable {
    private var previousDataHome: String?
    private var previousHome: String?

    /// Where Shotwell keeps its database for these tests: `shotwell/data/photo.db` in it.
    var dataHome: URL { library.url.appendingPathComponent("data") }
    private var defaultDatabase: URL { dataHome.appendingPathComponent("shotwell/data/photo.db") }

    override func setUp() {
        super.setUp()
        previousDataHome = ProcessInfo.processInfo.environment["XDG_DATA_HOME"]
        setenv("XDG_DATA_HOME", dataHome.path, 1)
        // Flatpak's Shotwell keeps its database under the home folder: the test's own, not this machine's.
        previousHome = ProcessInfo.processInfo.environment["HOME"]
        setenv("HOME", library.url.appendingPathComponent("home").path, 1)
    }

    override func tearDown() {
        if let previousDataHome { setenv("XDG_DATA_HOME", previousDataHome, 1) } else { unsetenv("XDG_DATA_HOME") }
        if let previousHome { setenv("HOME", previousHome, 1) } else { unsetenv("HOME") }
        super.tearDown()
    }

    /// Shotwell's library in `folder`: the first camera photos with these titles (nil for none),
    /// a photo whose file has gone since, and a video; left open only when `closing` is false.
    @discardableResult
    func makeShotwellLibrary(titles: [String?], in folder: URL? = nil, closing: Bool = true) throws -> ShotwellTestLibrary {
        let shotwell = try ShotwellFixture.library(in: folder ?? dataHome)
        for (title, photo) in zip(titles, SamplePhotos.cameras) {
            try shotwell.addPhoto(photo, title: title)
        }
        let gone = library.url.appendingPathComponent("Holiday.jpg")
        try FileManager.default.copyItem(at: SamplePhotos.cameras[7], to: gone)
        try shotwell.addPhoto(gone, title: "Beach")
        try FileManager.default.removeItem(at: gone)
        try shotwell.addVideo(library.url.appendingPathComponent("clip.mp4"))
        if closing { shotwell.close() }
        return shotwell
    }

    /// Waits for the import from Shotwell to end and say so, answering Import to the question that
    /// names the folders first, as a person who read them does.
    @MainActor
    func waitForTheEnd(of window: LibraryWindow) throws {
        try waitUntil("the import from Shotwell never ended") {
            window.importFlow.shotwell.confirmation?.answer(true)
            return !window.importFlow.isRunning && window.notification.isShown
        }
    }

    func labels() throws -> [String] {
        try Library(directory: libraryDirectory).photos().map(\.label)
    }

    func testTheMenuAndTheEmptyPageOfferShotwellOnlyWhileItsDatabaseIsThere() throws {
        try onMain {
            let window = try launch()
            let labels = attributes("label", in: WindowMenus.main())
            XCTAssertTrue(labels.contains("Import from Shot_well…"), "\(labels)")
            // Its key in the open menu is its own.
            XCTAssertEqual(labels.filter { $0.lowercased().contains("_w") }, ["Import from Shot_well…"])
            XCTAssertTrue(attributes("action", in: WindowMenus.main()).contains(Command.importShotwell.detailedName))
            XCTAssertEqual(window.pages.visible, .empty)
            XCTAssertFalse(window.pages.fromShotwell.isVisible, "offered without Shotwell's database")
            XCTAssertFalse(try buttonNames().contains("Import from Shotwell"))

            try makeShotwellLibrary(titles: ["Harbour"])
            // As each time the window shows the empty page.
            window.pages.showPhotos(count: 0, filter: "")
            XCTAssertTrue(window.pages.fromShotwell.isVisible, "not offered beside Shotwell's database")
            XCTAssertEqual(window.pages.fromShotwell.actionName, Command.importShotwell.detailedName)
            try waitUntil("the button never reached the accessible tree") { (try? buttonNames())?.contains("Import from Shotwell") == true }
        }
    }

    func testOneClickImportsEveryPhotoWithItsShotwellTitleAndNoLabelDialog() throws {
        try makeShotwellLibrary(titles: ["Harbour at dawn", "Grandma’s garden", nil])
        try onMain {
            let window = try launch()
            XCTAssertTrue(window.pages.fromShotwell.isVisible)
            XCTAssertNotEqual(click(window.pages.fromShotwell), 0)
            try waitForTheEnd(of: window)
            XCTAssertNil(window.importFlow.dialog, "the label dialog opened for titled photos")
            XCTAssertNil(window.importFlow.shotwell.review, "the label dialog opened unasked")
            XCTAssertEqual(windows(of: gtk_window_get_type()).count, 1, "a dialog opened beside the window")
            XCTAssertEqual(try labels(), ["Harbour at dawn", "Grandma’s garden", ""])
            try waitUntil("the grid never showed the titles") {
                Set(window.grid.boundTiles.map(\.labelText)).isSuperset(of: ["Harbour at dawn", "Grandma’s garden"])
            }
            XCTAssertEqual(window.notification.text, "Imported 3 photos. 1 photo in Shotwell’s library was not imported because"
                           + " its file is gone. 1 video was skipped; Snapshelf keeps photos only. 1 photo has no label yet.\nGone: Holiday.jpg.")
            XCTAssertEqual(window.notification.actionLabel, "Label One by One…")
            XCTAssertEqual(window.history.notice.stepText, "Imported 3 photos")

            // A second run brings nothing new, and says so.
            window.notification.dismiss()
            window.window.activateAction(Command.importShotwell.detailedName)
            try waitForTheEnd(of: window)
            XCTAssertTrue(window.notification.text.hasPrefix("Nothing new to import from Shotwell: its 3 photos are already"),
                          window.notification.text)
            XCTAssertEqual(try labels().count, 3)
        }
    }

    func testManyFilesGoneAreCountedFirstAndAFewNamedAfterAndTheNoticeStays() throws {
        let shotwell = try makeShotwellLibrary(titles: ["Harbour at dawn", nil], closing: false)
        let deep = library.url.appendingPathComponent("Pictures/2019/Summer holidays in the mountains/Day 3")
        try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
        for number in 1...11 {
            let gone = deep.appendingPathComponent("IMG_\(1000 + number).jpg")
            try FileManager.default.copyItem(at: SamplePhotos.cameras[6], to: gone)
            try shotwell.addPhoto(gone)
            try FileManager.default.removeItem(at: gone)
        }
        shotwell.close()
        try onMain {
            let window = try launch()
            window.notification.lifetime = .seconds(1)
            window.window.activateAction(Command.importShotwell.detailedName)
            try waitForTheEnd(of: window)
            XCTAssertEqual(window.notification.text, "Imported 2 photos. 12 photos in Shotwell’s library were not imported because"
                           + " their files are gone. 1 video was skipped; Snapshelf keeps photos only. 1 photo has no label yet."
                           + "\nGone: Holiday.jpg, IMG_1001.jpg, IMG_1002.jpg and 9 more.")
            // Its two lines would go after two lifetimes.
            try waitPast(window.notification.lifetime * 3)
            XCTAssertTrue(window.notification.isShown, "the notice went, and Label One by One… with it")
            XCTAssertEqual(window.notification.actionLabel, "Label One by One…")
        }
    }

    /// How many descriptors this process has open on the file, as /proc tells.
    private func descriptors(on file: URL) -> Int {
        let path = file.resolvingSymlinksInPath().path
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return open.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == path }.count
    }

    func testTheImportShowsItsProgressAndCancelImportStopsIt() throws {
        try makeShotwellLibrary(titles: ["Harbour at dawn", "Ski trip"])
        try onMain {
            let window = try launch()
            // The worker waits behind this job until the import is cancelled, so nothing is saved before.
            let held = DispatchSemaphore(value: 0)
            window.importFlow.worker.perform({ _ in held.wait() }, completion: { _ in })
            window.window.activateAction(Command.importShotwell.detailedName)
            try waitUntil("the import never started") {
                window.importFlow.shotwell.confirmation?.answer(true)
                return window.importFlow.batch != nil
            }
            XCTAssertTrue(window.importFlow.progressBar.isShown)
            XCTAssertTrue(window.importFlow.progressBar.statusText.hasPrefix("Importing 1 of 2: "), window.importFlow.progressBar.statusText)
            window.importFlow.batch?.cancel()
            held.signal()
            try waitForTheEnd(of: window)
            XCTAssertFalse(window.importFlow.progressBar.isShown)
            XCTAssertTrue(window.notification.text.hasPrefix("Import cancelled after 0 of 2 photos; none was imported."),
                          window.notification.text)
            XCTAssertEqual(try labels(), [])
        }
    }

    func testWhileShotwellHoldsItsDatabaseTheBarSaysSoAndCancelStopsTheWait() throws {
        let writer = try makeShotwellLibrary(titles: ["Harbour at dawn"], closing: false)
        // As Shotwell does while it writes: readers wait for the lock.
        try writer.execute("BEGIN EXCLUSIVE")
        try onMain {
            let window = try launch()
            let writers = descriptors(on: writer.databaseURL)
            window.window.activateAction(Command.importShotwell.detailedName)
            XCTAssertTrue(window.importFlow.progressBar.isShown, "nothing shows that the import began")
            XCTAssertEqual(window.importFlow.progressBar.statusText, "Reading Shotwell’s library…")
            // The reading opens the database beside the writer's connection, then waits for the lock.
            try waitUntil("the reading never opened Shotwell’s database") { self.descriptors(on: writer.databaseURL) > writers }
            // A reading that gave up on the lock would have let go of the database and said so by then.
            try waitForFrames(of: window.window)
            XCTAssertGreaterThan(descriptors(on: writer.databaseURL), writers, "the reading did not wait for the lock")
            XCTAssertTrue(window.importFlow.isRunning)
            window.importFlow.progressBar.onCancel?()
            XCTAssertFalse(window.importFlow.isRunning)
            XCTAssertFalse(window.importFlow.progressBar.isShown)
            XCTAssertEqual(window.notification.text, "The import from Shotwell was cancelled before any photo was imported.")
            // Let go, the reading ends and finds the photo, which must not come in all the same.
            writer.close()
            try waitUntil("the reading never let go of Shotwell’s database", timeout: 30) { self.descriptors(on: writer.databaseURL) == 0 }
            // What it found, handed to the main loop as it ends, is dealt with by then.
            try waitForFrames(of: window.window)
            XCTAssertNil(window.importFlow.shotwell.confirmation, "the reading cancelled asked to import its folders")
            XCTAssertFalse(window.importFlow.isRunning, "the reading cancelled started an import")
            XCTAssertFalse(window.importFlow.progressBar.isShown, "the reading cancelled started an import")
            XCTAssertEqual(try labels(), [], "the reading cancelled still imported")
        }
    }

    func testWithoutShotwellsOwnDatabaseTheMenuItemAsksForOne() throws {
        // GTK's chooser reads its GSettings, which fixes the process's backend for good; see ExportFlowTests.
        setenv("GSETTINGS_BACKEND", "memory", 1)
        let elsewhere = library.url.appendingPathComponent("backup")
        let shotwell = try makeShotwellLibrary(titles: ["Harbour at dawn"], in: elsewhere)
        try onMain {
            let window = try launch()
            // First it says where it looked, and Escape leaves it at that.
            window.window.activateAction(Command.importShotwell.detailedName)
            var question = try XCTUnwrap(window.importFlow.chooser.databaseQuestion, "nothing said Shotwell’s database was not found")
            XCTAssertEqual(question.heading, "Shotwell’s Library Not Found")
            let flatpak = library.url.appendingPathComponent("home/.var/app/org.gnome.Shotwell/data/shotwell/data/photo.db")
            XCTAssertEqual(labelTexts(in: try XCTUnwrap(question.extraChild)), [defaultDatabase.path + "\n" + flatpak.path],
                           "the places looked at are not listed")
            gtk_window_close(question.typed())
            XCTAssertNil(window.importFlow.chooser.databaseQuestion)
            XCTAssertFalse(window.importFlow.isRunning)
            XCTAssertTrue(windows(of: gtk_file_chooser_dialog_get_type()).isEmpty, "Escape still opened the chooser")

            window.window.activateAction(Command.importShotwell.detailedName)
            question = try XCTUnwrap(window.importFlow.chooser.databaseQuestion)
            let choose = try XCTUnwrap(tree(of: question).first { $0.as(Button.self)?.label == "C_hoose Database…" })
            gtk_widget_activate(choose.widget)
            try waitUntil("the chooser never appeared") { !windows(of: gtk_file_chooser_dialog_get_type()).isEmpty }
            let dialog = try XCTUnwrap(windows(of: gtk_file_chooser_dialog_get_type()).first)
            XCTAssertEqual(String(cString: gtk_window_get_title(dialog.assumingMemoryBound(to: GtkWindow.self))),
                           "Choose Shotwell’s Database")
            let file = g_file_new_for_path(shotwell.databaseURL.path)
            defer { g_object_unref(UnsafeMutableRawPointer(file)) }
            XCTAssertNotEqual(gtk_file_chooser_set_file(OpaquePointer(dialog), file, nil), 0)
            try waitUntil("the chooser never chose the database") {
                guard let chosen = gtk_file_chooser_get_file(OpaquePointer(dialog)) else { return false }
                defer { g_object_unref(UnsafeMutableRawPointer(chosen)) }
                return g_file_equal(chosen, file) != 0
            }
            gtk_dialog_response(dialog.assumingMemoryBound(to: GtkDialog.self), GTK_RESPONSE_ACCEPT.rawValue)
            try waitForTheEnd(of: window)
            XCTAssertEqual(try labels(), ["Harbour at dawn"])
            // The chooser, gone with its answer, leaves nothing behind that later frames would trip on.
            try waitForFrames(of: window.window)
        }
    }

    func testADatabaseThatIsNotShotwellsIsNamedAndNothingIsImported() throws {
        try FileManager.default.createDirectory(at: defaultDatabase.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("Shotwell was here\n".utf8).write(to: defaultDatabase)
        try onMain {
            let window = try launch()
            XCTAssertTrue(window.pages.fromShotwell.isVisible)
            XCTAssertNotEqual(click(window.pages.fromShotwell), 0)
            try waitForTheEnd(of: window)
            XCTAssertEqual(window.notification.text, "Nothing was imported from “\(defaultDatabase.path)”:"
                           + " this is no SQLite database, so it is not Shotwell’s photo.db.")
            XCTAssertEqual(window.store.count, 0)
            XCTAssertEqual(window.pages.visible, .empty)
        }
    }

    func testFilesGivenWhileTheDatabaseIsReadAreImportedAfterIt() throws {
        try FileManager.default.createDirectory(at: defaultDatabase.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("Shotwell was here\n".utf8).write(to: defaultDatabase)
        try onMain {
            let window = try launch()
            window.window.activateAction(Command.importShotwell.detailedName)
            // As a second launch hands the window a photo.
            window.importFlow.importFilesWhenFree([SamplePhotos.cameras[0]])
            let dialog = try waitForDialog(in: window)
            try waitUntil { dialog.isWaitingForLabel }
            XCTAssertTrue(window.notification.text.contains("Nothing was imported from “"), window.notification.text)
            XCTAssertEqual(dialog.fileNameText, "Canon_40D.jpg")
        }
    }

    /// The names of the window's buttons, as a screen reader reads them.
    @MainActor
    func buttonNames() throws -> Set<String> {
        Set(try AccessibleTree.read().flatMap(\.subtree).filter { $0.role == "push button" }.map(\.name))
    }
}
