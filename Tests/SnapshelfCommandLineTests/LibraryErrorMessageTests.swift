// What the library's errors say, word for word: the model names what went wrong, and
// SnapshelfMessages words it for the command line and the window alike.
import Foundation
import SnapshelfMessages
import SnapshelfModel
import XCTest

final class LibraryErrorMessageTests: XCTestCase {
    private let library = URL(fileURLWithPath: "/home/ada/Photos", isDirectory: true)
    private var database: URL { library.appendingPathComponent("library.sqlite3") }

    func testEachCaseSaysWhatSnapshelfWasDoingAndWhatWentWrong() {
        XCTAssertEqual(LibraryError.fileGivenAsLibrary(library).message,
                       "error while opening the library /home/ada/Photos: it is a file, not a folder; a library is the folder that holds library.sqlite3 and photos/")
        XCTAssertEqual(LibraryError.database(.newerVersion(found: 99, known: 10), during: .openingDatabase(database)).message,
                       "error while opening the database /home/ada/Photos/library.sqlite3: it was written by a newer Snapshelf (schema 99, this one knows 10)")
        XCTAssertEqual(LibraryError.notAQuarterTurn(degrees: 45).message,
                       "error while rotating photos: 45 degrees is not a quarter, half or three-quarter turn")
        XCTAssertEqual(LibraryError.readOnlyLibrary(library, during: .changingLabels).message,
                       "error while changing labels: the library at /home/ada/Photos is read-only")
        XCTAssertEqual(LibraryError.system(.errno(EACCES), during: .creatingFolder(library)).message,
                       "error while creating the folder /home/ada/Photos: Permission denied")
        let sidecar = library.appendingPathComponent("photos/a.jpg.xmp")
        XCTAssertEqual(LibraryError.sidecarsNotWritten(sidecar, reason: "a folder is in its way", more: 2).message,
                       "error while writing the sidecar /home/ada/Photos/photos/a.jpg.xmp: a folder is in its way; and 2 more; the label is saved in the database, and its sidecar is written when the library next opens, once what is in its way is moved")
        let old = LibraryError.olderDatabaseInSharedFolder(database, version: 4, shared: library)
        XCTAssertFalse(old.isMendedByRebuild, "a rebuild would lose its labels")
        XCTAssertEqual(old.message,
                       "error while opening the database /home/ada/Photos/library.sqlite3: /home/ada/Photos/library.sqlite3 is from a Snapshelf before sidecars (schema 4), and /home/ada/Photos is shared through Syncthing, so Snapshelf cannot tell whether this computer made it, and its labels are in it alone; if it is yours, open the library once where Syncthing does not share it, which writes its sidecars; if it is not, move the database out of the folder, and the index is made again from the sidecars")
    }

    func testARebuildIsNamedOnlyWhereItMends() {
        let damaged = LibraryError.database(.damaged("file is not a database"), during: .openingDatabase(database))
        XCTAssertTrue(damaged.isMendedByRebuild)
        XCTAssertEqual(damaged.cause, "file is not a database; the database is damaged")
        XCTAssertEqual(damaged.reason,
                       "file is not a database; the database is damaged; `snapshelf rebuild` makes the database again from the photos and their sidecars")
        let full = LibraryError.diskFull(folder: library, freeKilobytes: 12, during: .savingAPhoto)
        XCTAssertFalse(full.isMendedByRebuild)
        XCTAssertEqual(full.message, "error while saving a photo: the disk holding /home/ada/Photos is full (12 KB free); free some space and try again")
    }

    func testAnErrorOfUnknownTypeIsSaidInItsOwnWords() {
        let error = LibraryError.photosWithoutDatabase(library, count: 1)
        XCTAssertEqual(ErrorMessage.of(error), error.message)
        XCTAssertTrue(error.message.hasSuffix("`snapshelf rebuild` makes the database again from the photos and their sidecars"), error.message)
        let failure = ImportError(url: library.appendingPathComponent("a.jpg"), reason: .file(.empty))
        XCTAssertEqual(ErrorMessage.of(failure), "/home/ada/Photos/a.jpg: the file is empty")
    }
}
