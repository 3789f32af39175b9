// A library on a disk mounted read-only says so as it opens, naming its folder, and its window
// disables what would change it, rather than refusing after a label has been typed.
import CGtk
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfGlue
@testable import SnapshelfUI

final class ReadOnlyLibraryWindowTests: AppTestCase, @unchecked Sendable {
    @MainActor
    private func isEnabled(_ command: Command, in window: LibraryWindow) -> Bool {
        g_action_group_get_action_enabled(OpaquePointer(window.window.raw), command.rawValue) != 0
    }

    func testAReadOnlyLibrarySaysSoAndDisablesWhatWouldChangeIt() throws {
        try makeLibrary(labels: ["Lake", "Hill"])
        let mountPoint = library.url.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        let disk = try SmallFilesystem.mountedHere(kilobytes: 8192, at: mountPoint)
        let moved = mountPoint.appendingPathComponent("library")
        try FileManager.default.copyItem(at: libraryDirectory, to: moved)
        try disk.remountReadOnly()
        try onMain {
            let app = SnapshelfApplication(libraryDirectory: moved, id: Self.uniqueID())
            XCTAssertNotEqual(g_application_register(app.application.typed(), nil, nil), 0)
            g_application_activate(app.application.typed())
            let window = try XCTUnwrap(app.window)
            try waitUntil { window.window.isMapped && window.grid.boundTiles.count == 2 }
            XCTAssertTrue(window.readOnlyNote.root.isMapped, "nothing says the library is read-only")
            XCTAssertTrue(window.readOnlyNote.root.text.contains("The library at \(moved.path) is read-only"), window.readOnlyNote.root.text)

            window.grid.select(positions: [0])
            for command in [Command.importPhotos, .importFolder, .importShotwell, .editLabel, .rotateClockwise, .rotateCounterclockwise, .remove,
                            .undo, .redo] {
                XCTAssertFalse(isEnabled(command, in: window), "\(command) is offered in a read-only library")
            }
            for command in [Command.open, .copy, .export, .info, .search] {
                XCTAssertTrue(isEnabled(command, in: window), "\(command) is refused in a read-only library")
            }
            // One sentence, not one more per action tried.
            window.window.activateAction(Command.editLabel.detailedName)
            XCTAssertNil(window.commands.editDialog)
            // Dropped photos, which pass no action, get one line and start nothing.
            window.importFlow.importFiles([SamplePhotos.cameras[5]])
            XCTAssertFalse(window.importFlow.isRunning)
            XCTAssertEqual(window.notification.text, "Nothing was imported: this library is read-only.")
            XCTAssertEqual(window.store.count, 2)
            app.window?.window.destroy()
        }
        withExtendedLifetime(disk) {}
    }

    func testAWritableLibraryHasNoNoteAndOffersItsCommands() throws {
        try makeLibrary(labels: ["Lake"])
        try onMain {
            let window = try launch()
            window.grid.select(positions: [0])
            XCTAssertFalse(window.readOnlyNote.isShown)
            XCTAssertTrue(isEnabled(.editLabel, in: window))
            XCTAssertTrue(isEnabled(.importPhotos, in: window))
        }
    }
}
