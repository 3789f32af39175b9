// The open window on computer B of a library that two real Syncthing instances share: what the
// command line changes on computer A shows up in B's grid by itself, while it stays open.
import CGtk
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfUI

final class SyncthingWindowTests: AppTestCase, @unchecked Sendable {
    private var pair: SyncthingPair?

    override func tearDown() {
        pair?.stop()
        pair = nil
        super.tearDown()
    }

    func testALabelARotationAndARemovalOnAnotherComputerAppearInTheOpenWindow() throws {
        let computerA = library.url.appendingPathComponent("a/library", isDirectory: true)
        let photos = Array(SamplePhotos.cameras.prefix(3))
        try snapshelf(["--library", computerA.path, "import", "--label", "Before"] + photos.map(\.path))
        let pair = try SyncthingPair(sharing: computerA, with: libraryDirectory, homes: library.url)
        self.pair = pair
        try pair.waitUntilInSync()
        try onMain {
            let window = try launch()
            try waitUntil("B's window showed \(shown(in: window)), not the 3 photos it received", timeout: 30) {
                window.store.count == 3
            }
            try snapshelf(["--library", computerA.path, "label", "1", "After"])
            try snapshelf(["--library", computerA.path, "rotate", "2", "--by", "90"])
            try snapshelf(["--library", computerA.path, "remove", "3"])
            // Generous: Syncthing waits a second for the files to settle before it sends them.
            try waitUntil("B's window shows \(shown(in: window)), not what A changed", timeout: 60) {
                let shown = shown(in: window)
                return shown.count == 2 && shown.contains("\(photos[0].lastPathComponent) “After” 0°")
                    && shown.contains("\(photos[1].lastPathComponent) “Before” 90°")
            }
            try waitUntil("no tile says “After”: \(window.grid.boundTiles.map(\.labelText))") {
                window.grid.boundTiles.contains { $0.labelText == "After" }
            }
            let notices = window.notification.text + "\n" + window.undoNotice.text
            XCTAssertTrue(notices.contains("removed on another computer"), notices)
        }
    }

    /// The grid's photos as a person reads them: name, label and rotation.
    @MainActor
    private func shown(in window: LibraryWindow) -> [String] {
        (0..<window.store.count).compactMap { window.store.photo(at: $0) }
            .map { "\($0.originalName) “\($0.label)” \($0.rotation)°" }
    }

    private func snapshelf(_ arguments: [String]) throws {
        try ExternalProgram.output(of: BuiltProducts.snapshelf.path, arguments)
    }
}
