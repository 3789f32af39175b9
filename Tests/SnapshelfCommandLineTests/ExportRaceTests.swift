// An export into a folder that someone else owns, who races it: that person swaps each file the
// export writes there for a link to a file of the person exporting (`~/.ssh/authorized_keys`), at
// the moment Exiv2 would reopen it. The export writes its copies in a private folder and links them
// in finished, so the victim's file never changes. The attacker runs as another user (setpriv).
import Foundation
import SnapshelfTestSupport
import XCTest

final class ExportRaceTests: CommandLineTestCase {
    /// The victim's file, and a folder owned by the attacker, reachable from /tmp by both.
    private var victim: URL!
    private var drop: URL!
    /// The attacker's script, copied where that user can read it: a checkout may be in a folder
    /// only its owner reads, as a clone in `mktemp -d` is.
    private var script: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        guard geteuid() == 0 else { throw XCTSkip("another user's folder can only be made here by root, as CI runs the tests") }
        let home = folder.url.appendingPathComponent("home/.ssh")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        victim = home.appendingPathComponent("authorized_keys")
        try Data("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIEvictimkey ada@laptop\n".utf8).write(to: victim)
        var template = Array("/tmp/snapshelf-export-race-XXXXXX".utf8CString)
        let shared = URL(fileURLWithPath: String(cString: mkdtemp(&template)!), isDirectory: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: shared) }
        chmod(shared.path, 0o755)
        drop = shared.appendingPathComponent("drop", isDirectory: true)
        try FileManager.default.createDirectory(at: drop, withIntermediateDirectories: false)
        XCTAssertEqual(chown(drop.path, 65534, 65534), 0)
        script = shared.appendingPathComponent("export-race-attacker.py")
        try FileManager.default.copyItem(at: ShippedTranslation.projectRoot.appendingPathComponent("Tests/Fixtures/export-race-attacker.py"),
                                         to: script)
        chmod(script.path, 0o644)
    }

    func testAnotherUserSwappingNamesInTheExportFolderChangesNoFileOfTheVictims() throws {
        for (index, photo) in SamplePhotos.cameras.prefix(6).enumerated() {
            try snapshelf("import", "--label", "Photo \(index)", photo.path)
        }
        try snapshelf("rotate", "1", "--by", "90")
        let before = try Data(contentsOf: victim)
        let stop = drop.deletingLastPathComponent().appendingPathComponent("stop")
        let attacker = Process()
        attacker.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        attacker.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", script.path,
                              drop.path, victim.path, stop.path]
        let said = Pipe()
        attacker.standardOutput = said
        try attacker.run()
        defer {
            FileManager.default.createFile(atPath: stop.path, contents: nil)
            attacker.waitUntilExit()
        }
        // It watches the folder once it says so.
        let ready = said.fileHandleForReading.availableData
        XCTAssertEqual(String(decoding: ready, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines), "ready")
        for _ in 0..<3 {
            try snapshelf("export", "--to", drop.path, "--all")
        }
        XCTAssertEqual(try Data(contentsOf: victim), before, "the victim's file is as it was")
        var status = stat()
        XCTAssertEqual(lstat(victim.path, &status), 0)
        XCTAssertEqual(status.st_mode & S_IFMT, S_IFREG)
        // Every copy the export said it made is a whole, labelled photo of its own.
        let names = try FileManager.default.contentsOfDirectory(atPath: drop.path).filter { !$0.hasPrefix(".") }
        XCTAssertEqual(names.count, 18, names.description)
        for name in names {
            XCTAssertEqual(lstat(drop.appendingPathComponent(name).path, &status), 0)
            XCTAssertEqual(status.st_mode & S_IFMT, S_IFREG, name)
            XCTAssertTrue(try ExifTool.value("XMP-dc:Title", of: drop.appendingPathComponent(name)).hasPrefix("Photo "), name)
        }
    }
}
