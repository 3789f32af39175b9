// What a ShotwellError says: the database's path, then what was found there and what to do.
import Foundation
import SnapshelfModel

extension ShotwellError {
    /// Why, in the person's language.
    public var explanation: String {
        switch self {
        case .missing: tr("there is no such file; is Shotwell’s library elsewhere? Give the path of its photo.db")
        case .notAFile: tr("this is no file; give the path of Shotwell’s photo.db")
        // Named, not "it": French words the file and the database apart (il, elle).
        case .unreadable(_, let reason): String(format: tr("the file cannot be read (%@)"), reason)
        case .empty: tr("this file is empty, so it is no SQLite database and not Shotwell’s photo.db")
        case .notSQLite: tr("this is no SQLite database, so it is not Shotwell’s photo.db")
        case .notShotwell: tr("this SQLite database has no PhotoTable, so it is not Shotwell’s photo.db")
        case .unsupportedSchema(_, let version?, let appVersion) where version > ShotwellLibrary.schemas.upperBound:
            String(format: tr("%@, newer than the versions %ld to %ld this Snapshelf reads; a newer Snapshelf may read it"),
                   Self.schema(version, appVersion), ShotwellLibrary.schemas.lowerBound, ShotwellLibrary.schemas.upperBound)
        case .unsupportedSchema(_, let version, let appVersion):
            String(format: tr("%@; Snapshelf reads versions %ld to %ld, which Shotwell 0.30 and later write: open it once with such a Shotwell, then try again"),
                   Self.schema(version, appVersion), ShotwellLibrary.schemas.lowerBound, ShotwellLibrary.schemas.upperBound)
        case .locked(_, let patience):
            // TRANSLATORS: %@ says how long, as in "for more than 30 seconds".
            String(format: tr("Shotwell has kept it locked %@, as while it saves changes; wait until Shotwell is idle, or quit it, and try again"),
                   LibraryError.longer(than: patience))
        case .interruptedWrite:
            tr("Shotwell stopped in the middle of saving it; open Shotwell once so it can finish, then try again")
        case .damaged(_, let detail): String(format: tr("it cannot be read as Shotwell’s database (%@)"), detail)
        case .notATable(_, let table):
            String(format: tr("its %@ is no table, as Shotwell makes it, but a view or a virtual table, so it is not read"), table)
        case .tooSlow(_, let limit):
            // TRANSLATORS: %@ says how long, as in "for more than 30 seconds".
            String(format: tr("reading it went on %@, far longer than any Shotwell library takes, so it was stopped"),
                   LibraryError.longer(than: limit))
        case .tooManyRows(_, let limit):
            String(format: tr("its PhotoTable has more than %ld rows, more than Snapshelf reads from one Shotwell library"), limit)
        case .valueTooLong:
            tr("it holds a value longer than any file name or title Shotwell writes, so it is not read")
        }
    }

    /// Which schema the database says it has, and which Shotwell wrote it.
    private static func schema(_ version: Int?, _ appVersion: String?) -> String {
        switch (version, appVersion) {
        case (let version?, let app?): String(format: tr("its schema is version %ld, written by Shotwell %@"), version, app)
        case (let version?, nil): String(format: tr("its schema is version %ld"), version)
        case (nil, _): tr("it does not say which schema version it has")
        }
    }

    /// The database's path, then why.
    public var message: String { "\(DisplayName.of(FileName(url: url))): \(explanation)" }
}
