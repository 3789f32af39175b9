// What the import from Shotwell says, word for word: its errors, the rows it skips, the note on
// a mirror, and the summary at the end, from a first import to a second that finds nothing new.
import Foundation
import SnapshelfMessages
import SnapshelfModel
import XCTest

final class ShotwellMessageTests: XCTestCase {
    private let database = URL(fileURLWithPath: "/home/ada/.local/share/shotwell/data/photo.db")

    func testEachErrorNamesTheDatabaseAndWhatWentWrong() {
        let path = database.path
        XCTAssertEqual(ShotwellError.notAFile(database).message, "\(path): this is no file; give the path of Shotwell’s photo.db")
        XCTAssertEqual(ShotwellError.unreadable(database, reason: "Permission denied").message, "\(path): the file cannot be read (Permission denied)")
        XCTAssertEqual(ShotwellError.unsupportedSchema(database, version: nil, appVersion: nil).message,
                       "\(path): it does not say which schema version it has; Snapshelf reads versions 20 to 24, "
                       + "which Shotwell 0.30 and later write: open it once with such a Shotwell, then try again")
        XCTAssertEqual(ShotwellError.unsupportedSchema(database, version: 12, appVersion: nil).message,
                       "\(path): its schema is version 12; Snapshelf reads versions 20 to 24, "
                       + "which Shotwell 0.30 and later write: open it once with such a Shotwell, then try again")
        XCTAssertEqual(ShotwellError.interruptedWrite(database).message,
                       "\(path): Shotwell stopped in the middle of saving it; open Shotwell once so it can finish, then try again")
        XCTAssertEqual(ShotwellError.damaged(database, detail: "database disk image is malformed").message,
                       "\(path): it cannot be read as Shotwell’s database (database disk image is malformed)")
        XCTAssertEqual(ErrorMessage.of(ShotwellError.notSQLite(database)), "\(path): this is no SQLite database, so it is not Shotwell’s photo.db")
    }

    func testEachLimitSaysWhyTheDatabaseWasNotRead() {
        let path = database.path
        XCTAssertEqual(ShotwellError.notATable(database, table: "PhotoTable").message,
                       "\(path): its PhotoTable is no table, as Shotwell makes it, but a view or a virtual table, so it is not read")
        XCTAssertEqual(ShotwellError.tooSlow(database, limit: .seconds(60)).message,
                       "\(path): reading it went on for more than 60 seconds, far longer than any Shotwell library takes, so it was stopped")
        XCTAssertEqual(ShotwellError.tooManyRows(database, limit: 1_000_000).message,
                       "\(path): its PhotoTable has more than 1000000 rows, more than Snapshelf reads from one Shotwell library")
        XCTAssertEqual(ShotwellError.valueTooLong(database).message,
                       "\(path): it holds a value longer than any file name or title Shotwell writes, so it is not read")
    }

    func testSkippedRowsAndMirrorsAreNamed() {
        XCTAssertEqual(ShotwellLibrary.OddRow.noFileName(id: 7).words, "Shotwell’s photo 7 names no file, so it was skipped")
        XCTAssertEqual(ShotwellLibrary.OddRow.relativePath(id: 8, "Pictures/a.jpg").words,
                       "Shotwell’s photo 8 names the file “Pictures/a.jpg”, which is no absolute path, so it was skipped")
        XCTAssertEqual(ShotwellLibrary.OddRow.notARegularFile(id: 9, "/p/fifo.jpg").words,
                       "Shotwell’s photo 9 names “/p/fifo.jpg”, which is no regular file but a link, a pipe, a device or a folder, so it was skipped")
        XCTAssertEqual(ImportNote.shotwellMirrorDropped("/p/a.jpg").words,
                       "/p/a.jpg: Shotwell showed it mirrored otherwise than its file is; it is turned as in Shotwell, but mirrored as the file says")
        XCTAssertEqual(ImportNote.titleChanged("/p/a.jpg", source: .shotwell, [.notUTF8(sequences: 1)]).words,
                       "/p/a.jpg: in the title from Shotwell’s library, 1 sequence of bytes that was no UTF-8 became �")
    }
}
