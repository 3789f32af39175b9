// The window on a library whose disk is full, or whose database has a damaged page: the first
// opens and shows the photos, refusing changes with the full-disk message; the second says the
// database is damaged and offers the rebuild that mends it.
import CGtk
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfGlue
@testable import SnapshelfUI

final class DiskTroubleWindowTests: AppTestCase, @unchecked Sendable {
    @MainActor
    private func start(on directory: URL) -> SnapshelfApplication {
        let app = SnapshelfApplication(libraryDirectory: directory, id: Self.uniqueID())
        XCTAssertNotEqual(g_application_register(app.application.typed(), nil, nil), 0)
        g_application_activate(app.application.typed())
        return app
    }

    /// A copy of a library of three photos on a small disk that is then filled, but for 24 KB.
    private func libraryOnAFullDisk() throws -> (disk: SmallFilesystem, library: URL) {
        try makeLibrary(labels: ["Lake", "Hill", "Café"])
        let size = FileSnapshot(of: libraryDirectory).files.values.reduce(0) { $0 + $1.count } / 1024
        let mountPoint = library.url.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        // SQLite in this process cannot reach a namespace of another's: see SmallFilesystem.
        let disk = try SmallFilesystem.mountedHere(kilobytes: size + 1024, at: mountPoint)
        let moved = mountPoint.appendingPathComponent("library")
        try FileManager.default.copyItem(at: libraryDirectory, to: moved)
        try disk.fill(leaving: 24)
        return (disk, moved)
    }

    func testOnAFullDiskTheWindowShowsThePhotosAndRefusesChangesWithTheFullDiskMessage() throws {
        let (disk, moved) = try libraryOnAFullDisk()
        let database = moved.appendingPathComponent("library.sqlite3")
        let before = try Data(contentsOf: database)
        try onMain {
            let app = start(on: moved)
            XCTAssertNil(app.failure?.messageText)
            let window = try XCTUnwrap(app.window)
            try waitUntil { gtk_widget_get_mapped(window.window.typed()) != 0 && window.grid.boundTiles.count == 3 }
            XCTAssertEqual((0..<3).compactMap { window.store.photo(at: $0)?.label }, ["Lake", "Hill", "Café"])

            window.grid.select(positions: [0])
            window.window.activateAction(Command.editLabel.detailedName)
            let dialog = try XCTUnwrap(window.commands.editDialog)
            dialog.entryWidget.text = "Sea"
            pressEnter(in: dialog.entryWidget)
            let said = window.notification.text
            XCTAssertTrue(said.hasPrefix("The label was not changed: error while changing labels: the disk holding \(moved.path) is full ("), said)
            XCTAssertFalse(said.contains("rebuild"), said)
            XCTAssertEqual(window.store.photo(at: 0)?.label, "Lake")

            window.importFlow.importFiles([SamplePhotos.cameras[5]])
            let labelling = try waitForDialog(in: window)
            try waitUntil { labelling.isWaitingForLabel }
            pressEnter(in: labelling.entryWidget)
            try waitUntil { !window.importFlow.isRunning }
            let refused = window.notification.text
            XCTAssertTrue(refused.contains("the disk holding \(moved.path) is full ("), refused)
            XCTAssertFalse(refused.contains("read-only"), refused)
            app.window?.window.destroy()
        }
        XCTAssertEqual(try Data(contentsOf: database), before, "nothing saved was changed")
        withExtendedLifetime(disk) {}
    }

    func testAFullDiskEndsTheLabelDialogsWalkWithOneMessage() throws {
        let (disk, moved) = try libraryOnAFullDisk()
        try onMain {
            let app = start(on: moved)
            let window = try XCTUnwrap(app.window)
            try waitUntil { window.grid.boundTiles.count == 3 }
            window.importFlow.importFiles(Array(SamplePhotos.cameras[3...6]))
            let labelling = try waitForDialog(in: window)
            try waitUntil { labelling.isWaitingForLabel }
            labelling.entryWidget.text = "Sea"
            pressEnter(in: labelling.entryWidget)
            try waitUntil("the label dialog went on asking for photos that cannot be saved", timeout: 30) { !window.importFlow.isRunning }
            XCTAssertNil(window.importFlow.dialog)
            // One message, the notice's only line, for the photo saved and the three not yet shown.
            let said = window.notification.text
            XCTAssertTrue(said.hasPrefix("4 photos were not imported: the disk holding \(moved.path) is full ("), said)
            XCTAssertTrue(said.hasSuffix(" KB free); free some space and try again."), said)
            XCTAssertFalse(said.contains("\n"), said)
            XCTAssertEqual(window.store.count, 3)
            app.window?.window.destroy()
        }
        withExtendedLifetime(disk) {}
    }

    func testADamagedPageSaysSoAndOffersTheRebuild() throws {
        try makeLibrary(labels: ["Lake", "Hill", "Café", "Dune"])
        let handle = try FileHandle(forUpdating: libraryDirectory.appendingPathComponent("library.sqlite3"))
        XCTAssertGreaterThan(try handle.seekToEnd(), 3 * 4096, "the database has several pages")
        try handle.seek(toOffset: 4096)
        try handle.write(contentsOf: Data(repeating: 0xDE, count: 512))
        try handle.close()
        try onMain {
            let app = start(on: libraryDirectory)
            XCTAssertNil(app.window)
            let failure = try XCTUnwrap(app.failure)
            try waitUntil { gtk_widget_get_mapped(failure.window.typed()) != 0 }
            XCTAssertTrue(failure.messageText.hasSuffix("; the database is damaged."), failure.messageText)
            XCTAssertTrue(failure.offersRebuild)
        }
    }
}
