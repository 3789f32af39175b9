// Syncthing settings under which the computers cannot end up holding the same photos: a real
// Syncthing shares the library, its folder set as a person sets it in Syncthing's window, and
// `check` names each such setting and what to change, reading Syncthing's own configuration.
import Foundation
import SnapshelfTestSupport
import XCTest

final class SyncthingSettingsTests: CommandLineTestCase {
    private var peer: SyncthingPeer?
    /// Where this computer's Syncthing keeps its configuration, as Syncthing 1.27 and later do.
    private var state: URL { folder.url.appendingPathComponent("state") }
    private var configuration: URL { state.appendingPathComponent("syncthing/config.xml") }

    override func tearDown() {
        peer?.stop()
        peer = nil
        super.tearDown()
    }

    /// Syncthing sharing the library, with its configuration where `check` looks for it.
    private func sharedLibrary() throws -> SyncthingPeer {
        try snapshelf("import", "--label", "Lake", SamplePhotos.cameras[0].path)
        let ports = try (0..<2).map { _ in try ListeningSocket.loopback() }.map(\.port)
        let peer = try SyncthingPeer(name: "A", home: configuration.deletingLastPathComponent(), guiPort: ports[0], listenPort: ports[1])
        self.peer = peer
        try peer.share(libraryURL, as: "library", with: [])
        return peer
    }

    /// Sets the folder so, then waits until Syncthing has written it into its configuration.
    private func set(_ peer: SyncthingPeer, type: String, ignoreDelete: Bool) throws {
        try peer.configure(folder: "library", ["type": type, "ignoreDelete": ignoreDelete])
        let written = "type=\"\(type)\""
        let deadline = Date().addingTimeInterval(30)
        while true {
            let text = (try? String(contentsOf: configuration, encoding: .utf8)) ?? ""
            if text.contains(written) && text.contains("<ignoreDelete>\(ignoreDelete)</ignoreDelete>") { return }
            guard Date() < deadline else { return XCTFail("Syncthing never wrote \(written) into \(configuration.path)") }
            usleep(50_000)
        }
    }

    private func check(expecting status: Int32) throws -> String {
        try snapshelf("check", expecting: status, environment: ["XDG_STATE_HOME": state.path]).standardOutput
    }

    func testReceiveOnlyAndIgnoreDeleteAreNamedWithWhatToChange() throws {
        let peer = try sharedLibrary()
        XCTAssertTrue(try check(expecting: 0).hasPrefix("Library is sound"), "Send & Receive is what the library needs")

        try set(peer, type: "receiveonly", ignoreDelete: true)
        let said = try check(expecting: 1)
        XCTAssertTrue(said.contains("Syncthing only receives this library’s folder (its Folder Type is “Receive Only”, says \(configuration.path))"), said)
        XCTAssertTrue(said.contains("set Folder Type to “Send & Receive” under Advanced"), said)
        XCTAssertTrue(said.contains("Syncthing ignores deletions in this library’s folder (“Ignore Delete” is on"), said)
        XCTAssertTrue(said.contains("turn Ignore Delete off under Advanced"), said)

        try set(peer, type: "sendonly", ignoreDelete: false)
        let sendOnly = try check(expecting: 1)
        XCTAssertTrue(sendOnly.contains("its Folder Type is “Send Only”"), sendOnly)
        XCTAssertFalse(sendOnly.contains("Ignore Delete"), sendOnly)

        try set(peer, type: "sendreceive", ignoreDelete: false)
        XCTAssertTrue(try check(expecting: 0).hasPrefix("Library is sound"))
    }

    func testAFolderSharedThroughALinkOrWithATrailingSlashIsStillTheLibrarys() throws {
        let peer = try sharedLibrary()
        try set(peer, type: "receiveonly", ignoreDelete: false)
        // The same folder reached through a link, as `--library` may name it.
        let link = folder.url.appendingPathComponent("linked")
        XCTAssertEqual(symlink(libraryURL.path, link.path), 0)
        let said = try SnapshelfProcess.run(["--library", link.path + "/", "check"], environment: ["XDG_STATE_HOME": state.path])
        XCTAssertEqual(said.status, 1, said.standardError)
        XCTAssertTrue(said.standardOutput.contains("“Receive Only”"), said.standardOutput)
    }

    func testAnIgnorePatternThatHidesSidecarsIsNamedAsSyncthingAppliesIt() throws {
        let peer = try sharedLibrary()
        let ignoreFile = libraryURL.appendingPathComponent(".stignore")
        let ours = try String(contentsOf: ignoreFile, encoding: .utf8)
        let counted = try localFiles(peer) { $0 > 0 }
        // A person's pattern below Snapshelf's, as one might add to skip other programs' sidecars.
        try Data((ours + "\n// mine\n*.xmp\n").utf8).write(to: ignoreFile)
        let line = ours.split(separator: "\n", omittingEmptySubsequences: false).count + 2
        let said = try check(expecting: 1)
        XCTAssertTrue(said.contains("Syncthing ignores this library’s sidecars (the pattern “*.xmp” on line \(line) of \(ignoreFile.path))"), said)
        XCTAssertTrue(said.contains("so labels and turns given here never reach the other computers"), said)
        XCTAssertFalse(said.contains("library’s photos"), said)
        // Syncthing reads the file so too: it no longer counts the sidecar.
        XCTAssertEqual(try localFiles(peer) { $0 == counted - 1 }, counted - 1)

        // A pattern above it that keeps them decides first, for Syncthing as for `check`.
        try Data((ours + "\n!/photos/*.xmp\n*.xmp\n").utf8).write(to: ignoreFile)
        XCTAssertTrue(try check(expecting: 0).hasPrefix("Library is sound"))
        XCTAssertEqual(try localFiles(peer) { $0 == counted }, counted)
        // And one that hides the folder of photos hides both.
        try Data((ours + "\nphot?s\n").utf8).write(to: ignoreFile)
        let hidden = try check(expecting: 1)
        XCTAssertTrue(hidden.contains("ignores this library’s photos (the pattern “phot?s”"), hidden)
        XCTAssertTrue(hidden.contains("ignores this library’s sidecars (the pattern “phot?s”"), hidden)

        // **/ in front matches at the root too, in Syncthing as in `check`: neither file of the photo syncs.
        try Data((ours + "\n**/photos\n").utf8).write(to: ignoreFile)
        XCTAssertTrue(try check(expecting: 1).contains("ignores this library’s photos (the pattern “**/photos”"))
        XCTAssertEqual(try localFiles(peer) { $0 == counted - 2 }, counted - 2)

        // A line Syncthing cannot read: it takes none of the file, and the folder stops.
        try Data((ours + "\n*.xmp\n[unclosed\n").utf8).write(to: ignoreFile)
        let broken = try check(expecting: 1)
        XCTAssertTrue(broken.contains("Syncthing cannot read the pattern “[unclosed” on line \(line) of \(ignoreFile.path)"), broken)
        XCTAssertFalse(broken.contains("sidecars"), broken)
        // Syncthing refuses the scan itself of a folder whose ignore file it cannot read.
        _ = try? peer.scan("library")
        let state = try folderStatus(peer) { $0["state"] as? String == "error" }["state"] as? String
        XCTAssertEqual(state, "error", "Syncthing read the file that check says it cannot")
    }

    /// The files Syncthing counts in the library's folder once it has scanned it again, reloading
    /// its ignore patterns, when `until` holds of their number, or the last number after 30 s.
    private func localFiles(_ peer: SyncthingPeer, until: (Int) -> Bool) throws -> Int {
        try peer.scan("library")
        let status = try folderStatus(peer) { $0["state"] as? String == "idle" && until($0["localFiles"] as? Int ?? -1) }
        return status["localFiles"] as? Int ?? -1
    }

    /// Syncthing's status of the library's folder once `until` holds of it, or the last after 30 s.
    private func folderStatus(_ peer: SyncthingPeer, until: ([String: Any]) -> Bool) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(30)
        while true {
            let status = try peer.status(of: "library")
            if until(status) || Date() > deadline { return status }
            usleep(50_000)
        }
    }

    func testAConfigurationThatIsNoFileIsPassedOverWithoutWaiting() throws {
        try snapshelf("import", "--label", "Lake", SamplePhotos.cameras[0].path)
        try FileManager.default.createDirectory(at: configuration.deletingLastPathComponent(), withIntermediateDirectories: true)
        // A FIFO without a writer, which a plain read would wait on for ever.
        XCTAssertEqual(mkfifo(configuration.path, 0o600), 0)
        XCTAssertTrue(try check(expecting: 0).hasPrefix("Library is sound"))
    }
}
