// The open window on computer B of a library that two real Syncthing instances share: what the
// command line changes on computer A shows up in B's grid by itself, while it stays open, and
// B's undo of a removal A made brings the photo back on A.
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

    private var computerA: URL { library.url.appendingPathComponent("a/library", isDirectory: true) }

    func testAReceiveOnlyFolderIsNamedInTheWindowWithWhatToChange() throws {
        try makeLibrary(labels: ["Lake"])
        // This computer's Syncthing, its configuration where Syncthing 1.27 and later keep it.
        let state = library.url.appendingPathComponent("state")
        let configuration = state.appendingPathComponent("syncthing/config.xml")
        let ports = try (0..<2).map { _ in try ListeningSocket.loopback() }.map(\.port)
        let peer = try SyncthingPeer(name: "A", home: configuration.deletingLastPathComponent(), guiPort: ports[0], listenPort: ports[1])
        defer { peer.stop() }
        try peer.share(libraryDirectory, as: "library", with: [])
        try peer.configure(folder: "library", ["type": "receiveonly"])
        let former = ProcessInfo.processInfo.environment["XDG_STATE_HOME"]
        setenv("XDG_STATE_HOME", state.path, 1)
        defer { if let former { setenv("XDG_STATE_HOME", former, 1) } else { unsetenv("XDG_STATE_HOME") } }
        try onMain {
            try waitUntil("Syncthing never wrote the folder's type", timeout: 30) {
                ((try? String(contentsOf: configuration, encoding: .utf8)) ?? "").contains("type=\"receiveonly\"")
            }
            let window = try launch()
            try waitUntil("the window never named the folder's type: \(window.notification.text)") {
                window.notification.text.contains("Syncthing only receives this library’s folder (its Folder Type is “Receive Only”")
                    && window.notification.text.contains("set Folder Type to “Send & Receive” under Advanced")
            }
        }
    }

    func testALabelARotationAndARemovalOnAnotherComputerAppearInTheOpenWindow() throws {
        let photos = Array(SamplePhotos.cameras.prefix(3))
        try onMain {
            let window = try windowOnB(receiving: photos)
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
            let notices = window.notification.text + "\n" + window.history.notice.stepText
            XCTAssertTrue(notices.contains("removed on another computer"), notices)
        }
    }

    func testUndoingARemovalMadeOnAnotherComputerBringsThePhotoBackThere() throws {
        let photos = Array(SamplePhotos.cameras.prefix(2))
        try onMain {
            let window = try windowOnB(receiving: photos)
            try snapshelf(["--library", computerA.path, "remove", "1"])
            try waitUntil("B's window never told of the removal: \(window.history.notice.stepText)", timeout: 60) {
                window.history.notice.showsStep && window.history.notice.stepText.contains("removed on another computer")
            }
            window.history.undo()
            try waitUntil("B's window shows \(shown(in: window)) after the undo") { window.store.count == 2 }
            // A takes the photo back when it next opens the library, once Syncthing brought its
            // files there: each is renamed into place only once whole.
            let back = try XCTUnwrap((0..<window.store.count).compactMap { window.store.photo(at: $0) }
                .first { $0.originalName == photos[0].lastPathComponent })
            let onA = computerA.appendingPathComponent("photos/\(back.fileURL.lastPathComponent)")
            try waitUntil("Syncthing never brought the photo back to A", timeout: 60) {
                [onA, onA.appendingPathExtension("xmp")].allSatisfy { FileManager.default.fileExists(atPath: $0.path) }
            }
            let listedOnA = try snapshelf(["--library", computerA.path, "list"])
            XCTAssertTrue(listedOnA.contains("Before\t\(photos[0].lastPathComponent)"), "A lists: \(listedOnA)")
        }
    }

    /// Library A with the photos, shared through Syncthing with B, whose window is then opened on
    /// what it received.
    @MainActor
    private func windowOnB(receiving photos: [URL]) throws -> LibraryWindow {
        try snapshelf(["--library", computerA.path, "import", "--label", "Before"] + photos.map(\.path))
        let pair = try SyncthingPair(sharing: computerA, with: libraryDirectory, homes: library.url)
        self.pair = pair
        try pair.waitUntilInSync()
        let window = try launch()
        try waitUntil("B's window showed \(shown(in: window)), not the \(photos.count) photos it received", timeout: 30) {
            window.store.count == photos.count
        }
        return window
    }

    /// The grid's photos as a person reads them: name, label and rotation.
    @MainActor
    private func shown(in window: LibraryWindow) -> [String] {
        (0..<window.store.count).compactMap { window.store.photo(at: $0) }
            .map { "\($0.originalName) “\($0.label)” \($0.rotation)°" }
    }

    @discardableResult
    private func snapshelf(_ arguments: [String]) throws -> String {
        try ExternalProgram.output(of: BuiltProducts.snapshelf.path, arguments)
    }
}
