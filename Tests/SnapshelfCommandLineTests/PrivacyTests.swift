// A library is private to its owner, as its thumbnails are: folders 700 and files 600, whatever
// the umask. One the person opened up is left so, and `check` mentions it.
import Foundation
import SnapshelfTestSupport
import XCTest

final class PrivacyTests: CommandLineTestCase {
    private func mode(_ url: URL) -> mode_t {
        var status = stat()
        XCTAssertEqual(stat(url.path, &status), 0, url.path)
        return status.st_mode & 0o777
    }

    private let withUsualUmask = ["/bin/sh", "-c", "umask 022; exec \"$0\" \"$@\""]

    func testANewLibraryIsPrivateWhateverTheUmask() throws {
        try snapshelf("import", SamplePhotos.cameras[0].path, through: withUsualUmask)
        let photos = libraryURL.appendingPathComponent("photos")
        for folder in [libraryURL, photos, photos.appendingPathComponent(".incoming")] {
            XCTAssertEqual(mode(folder), 0o700, folder.path)
        }
        let files = try copies() + ["library.sqlite3", "library.lock"].map { libraryURL.appendingPathComponent($0) }
        XCTAssertEqual(files.count, 3)
        for file in files {
            XCTAssertEqual(mode(file), 0o600, file.path)
        }
        let check = try snapshelf("check", through: withUsualUmask)
        XCTAssertFalse(check.standardOutput.contains("Note:"), check.standardOutput)
    }

    func testALibraryThePersonOpenedUpStaysOpenAndCheckMentionsIt() throws {
        try snapshelf("import", SamplePhotos.cameras[0].path)
        XCTAssertEqual(chmod(library, 0o755), 0)
        XCTAssertEqual(chmod(libraryURL.appendingPathComponent("library.sqlite3").path, 0o644), 0)
        try snapshelf("import", SamplePhotos.cameras[1].path, through: withUsualUmask)
        XCTAssertEqual(mode(libraryURL), 0o755, "the person's choice is kept")
        let check = try snapshelf("check")
        XCTAssertTrue(check.standardOutput.hasPrefix("Note: other users of this computer can read \(library), \(library)/library.sqlite3; if that is not what you want, `chmod -R go= \(library)` makes the library private\n"),
                      check.standardOutput)
        XCTAssertTrue(check.standardOutput.contains("Library is sound: 2 photos"), check.standardOutput)
    }
}
