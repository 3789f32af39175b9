// The window opens its library without writing the sidecars still to be written, then writes them
// on its worker, and says so when one cannot be written.
import CGtk
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfUI

final class PendingSidecarTests: AppTestCase, @unchecked Sendable {
    /// Takes away the first photo's sidecar and marks it to be written again, as a library from
    /// before sidecars, or one killed before writing it, has it.
    private func loseFirstSidecar() throws -> URL {
        try makeLibrary(labels: ["Lake", "Hill walk"])
        let photo = try XCTUnwrap(try Library(directory: libraryDirectory).photos().first)
        let sidecar = photo.fileURL.appendingPathExtension("xmp")
        try FileManager.default.removeItem(at: sidecar)
        try LibraryFixture.execute("INSERT INTO pending_sidecars (photo_id) VALUES (\(photo.id))",
                                   in: libraryDirectory.appendingPathComponent("library.sqlite3"))
        return sidecar
    }

    func testAMissingSidecarIsWrittenAfterTheWindowOpens() throws {
        let sidecar = try loseFirstSidecar()
        try onMain {
            let window = try launch()
            try waitUntil("the sidecar was never written") { FileManager.default.fileExists(atPath: sidecar.path) }
            XCTAssertEqual(try ExifTool.title(of: sidecar), "Lake")
            // The worker runs its jobs, and hands back their ends, in order: once one queued now
            // is back, a failure of the sidecars' job would have been told.
            nonisolated(unsafe) var behind = false
            window.importFlow.worker.perform({ _ in true }, completion: { _ in behind = true })
            try waitUntil { behind }
            XCTAssertFalse(window.notification.isShown, window.notification.text)
        }
    }

    func testASidecarThatCannotBeWrittenIsToldInTheNotification() throws {
        let sidecar = try loseFirstSidecar()
        // A folder where the sidecar goes, which no write can replace.
        try FileManager.default.createDirectory(at: sidecar, withIntermediateDirectories: false)
        try onMain {
            let window = try launch()
            try waitUntil("the failure was never told") { window.notification.isShown }
            XCTAssertTrue(window.notification.text.hasPrefix("Some labels could not be written beside their photos: "),
                          window.notification.text)
            XCTAssertEqual(window.pages.visible, .photos, "the library still opens")
        }
    }
}
