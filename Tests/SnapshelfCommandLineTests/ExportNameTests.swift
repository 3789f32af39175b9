// An export under any original name a sidecar may give: one no file system can take (a NUL byte,
// a slash, only dots, 10 KB) becomes one it can, and is said; nothing hangs and no temporary file
// is left behind.
import Foundation
import SnapshelfTestSupport
import XCTest

final class ExportNameTests: CommandLineTestCase {
    private var exports: URL { folder.url.appendingPathComponent("exports") }

    /// Gives photo `id` the original name `encoded` (percent-encoded bytes, as `FileName` writes
    /// them) in its sidecar, as another program could; a rebuild then takes it.
    private func rename(photo id: Int, to encoded: String) throws {
        let photos = libraryURL.appendingPathComponent("photos")
        for name in try FileManager.default.contentsOfDirectory(atPath: photos.path) where name.hasSuffix(".xmp") {
            let sidecar = photos.appendingPathComponent(name)
            let text = try String(contentsOf: sidecar, encoding: .utf8)
            guard text.contains("snapshelf:PhotoID=\"\(id)\"") else { continue }
            try text.replacingOccurrences(of: "snapshelf:PhotoID=", with: "snapshelf:OriginalName=\"\(encoded)\" snapshelf:PhotoID=")
                .write(to: sidecar, atomically: true, encoding: .utf8)
        }
    }

    func testANameNoFileCanHaveIsMadeOneAndSaidWithoutHangingOrLeavingTemporaries() throws {
        let photos = SamplePhotos.cameras.prefix(5).map(\.path)
        try snapshelf(["import", "--label", "kept"] + photos)
        try rename(photo: 1, to: "%00x.jpg")
        try rename(photo: 2, to: String(repeating: "%C3%A9", count: 5000) + ".jpg")
        try rename(photo: 3, to: "%2F%2F")
        try rename(photo: 4, to: "...")
        try rename(photo: 5, to: "a%2Fb%01%FF.jpg")
        try snapshelf("rebuild")
        try FileManager.default.createDirectory(at: exports, withIntermediateDirectories: true)
        // A CPU limit, not a clock: an export that spins is stopped, however busy the machine.
        let limited = ["/bin/sh", "-c", "ulimit -t 60; exec \"$0\" \"$@\""]
        let outcome = try snapshelf("export", "--to", exports.path, "--all", through: limited)
        try snapshelf("export", "--to", exports.path, "1", "2", through: limited)
        let names = try FileManager.default.contentsOfDirectory(atPath: exports.path)
        XCTAssertFalse(names.contains { $0.hasPrefix(".snapshelf-export-") }, "\(names)")
        XCTAssertEqual(names.count, 7, "\(names)")
        XCTAssertTrue(names.allSatisfy { $0.utf8.count <= 255 }, "\(names)")
        let long = String(repeating: "é", count: 125) + ".jpg"
        let libraryNames = Set(try copies().map(\.lastPathComponent))
        XCTAssertEqual(Set(names.filter { !libraryNames.contains($0) }),
                       ["x.jpg", "x (2).jpg", long, String(repeating: "é", count: 123) + " (2).jpg", "ab\u{1}\u{FFFD}.jpg"])
        XCTAssertEqual(names.filter(libraryNames.contains).count, 2, "the library copies’ names for “//” and “...”")
        XCTAssertEqual(try ExifTool.value("XMP-dc:Title", of: exports.appendingPathComponent(long)), "kept")

        let notes = outcome.standardError
        XCTAssertTrue(notes.contains("note: photo 1’s original name “\\000x.jpg” cannot name a file as it is (it holds a NUL byte); it was exported as x.jpg"), notes)
        XCTAssertTrue(notes.contains("(it is 10004 bytes long, more than the 255 a file name may take); it was exported as \(long)"), notes)
        XCTAssertTrue(notes.contains("note: photo 3’s original name “//” cannot name a file as it is (it holds a slash; nothing of it is left that can name a file, so the library copy’s name is used)"), notes)
        XCTAssertTrue(notes.contains("note: photo 4’s original name “...” cannot name a file as it is (nothing of it is left"), notes)
        XCTAssertTrue(notes.contains("note: photo 5’s original name “a/b\\001\u{FFFD}.jpg” cannot name a file as it is (it holds a slash); it was exported as ab\\001\u{FFFD}.jpg"), notes)
    }

    /// A peer's sidecar may name a photo anything, and a peer may put anything in its place: an image
    /// leaves under the extension of what it is, and a file no decoder reads as one does not leave.
    func testOnlyAnImageTheSandboxReadLeavesAndUnderItsOwnFormatsExtension() throws {
        try snapshelf(["import", "--label", "kept"] + SamplePhotos.cameras.prefix(2).map(\.path))
        try rename(photo: 1, to: "index.html")
        try rename(photo: 2, to: "launcher.desktop")
        let launcher = try copies().first { try Data(contentsOf: $0) == Data(contentsOf: SamplePhotos.cameras[1]) }!
        try snapshelf("rebuild")
        // Written over once indexed: a rebuild would set aside a copy whose bytes are not its name's.
        try Data("[Desktop Entry]\nType=Application\nName=Holiday\nExec=sh -c 'touch /tmp/owned'\n".utf8).write(to: launcher)
        try FileManager.default.createDirectory(at: exports, withIntermediateDirectories: true)
        let image = try snapshelf("export", "--to", exports.path, "1")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: exports.path), ["index.jpeg"])
        XCTAssertTrue(image.standardError.contains("its extension does not match the image it is, so it ends in “.jpeg”"), image.standardError)
        let refused = try snapshelf("export", "--to", exports.path, "2", expecting: 1)
        XCTAssertTrue(refused.standardError.contains("launcher.desktop: its library copy could not be read as an image"), refused.standardError)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: exports.path), ["index.jpeg"], "nothing of it left")
    }

    /// Into an empty folder, a copy takes a number only where two of the export's own would
    /// collide, and says so truly: never that a file the export itself wrote was already there.
    func testACopyNumberedForAnotherOfTheExportSaysSoAndNotThatItWasAlreadyThere() throws {
        let heic = folder.url.appendingPathComponent("phone.heic")
        try ExternalTool.run("heif-enc", ["-q", "50", SamplePhotos.cameras[2].path, "-o", heic.path])
        try snapshelf(["import", "--label", "kept"] + SamplePhotos.cameras.prefix(2).map(\.path) + [heic.path])
        try rename(photo: 1, to: "photo.jpg")
        try rename(photo: 2, to: "photo.jpg")
        try rename(photo: 3, to: "photo.heic")
        try snapshelf("rebuild")
        try FileManager.default.createDirectory(at: exports, withIntermediateDirectories: true)
        let first = try snapshelf("export", "--to", exports.path, "--all")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: exports.path).sorted(),
                       ["photo (2).jpg", "photo (3).heic", "photo (3).heic.xmp", "photo (3).xmp", "photo.jpg"])
        let notes = first.standardError
        XCTAssertTrue(notes.contains("note: photo 2 was exported as “photo (2).jpg”, since another photo in this export has the same name\n"), notes)
        // The JPEGs' stems are taken: "photo.xmp" and "photo (2).xmp" would be read for them.
        XCTAssertTrue(notes.contains("note: photo 3 was exported as “photo (3).heic”, since another photo in this export has its name "
                                     + "but another extension, and the two would share an XMP sidecar\n"), notes)
        XCTAssertFalse(notes.contains("already there"), notes)

        // Again into the same folder: now the files were there before, and that is what is said.
        let again = try snapshelf("export", "--to", exports.path, "1")
        XCTAssertTrue(again.standardError.contains("note: photo 1 was exported as “photo (4).jpg”, since a file of its name was already there\n"),
                      again.standardError)
    }
}
