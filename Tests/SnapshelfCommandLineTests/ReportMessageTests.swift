// What the notes on opening a library and the findings of a check say, word for word, with the
// words of the errors they carry: the model gives cases, SnapshelfMessages words them.
import Foundation
import SnapshelfMessages
import SnapshelfModel
import XCTest

final class ReportMessageTests: XCTestCase {
    private let library = URL(fileURLWithPath: "/home/ada/Photos", isDirectory: true)
    private let rebuild = "`snapshelf rebuild` makes the database again from the photos and their sidecars"
    private var damaged: LibraryError { .database(.damaged("database disk image is malformed"), during: .checkingLabelIndex) }
    private var refused: LibraryError { .database(.failed("SQL logic error", rebuildMends: false), during: .checkingLabelIndex) }

    func testEachOpeningNoteSaysWhatTheLibraryMet() {
        let file = library.appendingPathComponent("photos/ab.jpg")
        let kept = library.appendingPathComponent("removed/ab.jpg")
        XCTAssertEqual(OpeningNote.removedFileKept(trashSaid: "no Trash here", kept: kept).words,
                       "a removed photo’s file could not go to the Trash: no Trash here; it was kept at /home/ada/Photos/removed/ab.jpg")
        XCTAssertEqual(OpeningNote.removedFileStayed(trashSaid: "no Trash here", file: file,
                                                     because: .system(.errno(EACCES), during: .removingAPhoto)).words,
                       "a removed photo’s file could not go to the Trash: no Trash here; it stays at /home/ada/Photos/photos/ab.jpg (Permission denied)")
        XCTAssertEqual(OpeningNote.removedFileKept(trashSaid: nil, kept: kept).words,
                       "a removed photo’s file could not go to the Trash: the Trash gave no reason; it was kept at /home/ada/Photos/removed/ab.jpg")
        let syncIgnore = library.appendingPathComponent(".stignore")
        XCTAssertEqual(OpeningNote.failed(.syncIgnoreNotText(syncIgnore)).words,
                       "error while writing /home/ada/Photos/.stignore, which keeps Syncthing from sharing the library’s database: it is not UTF-8 text, so Snapshelf cannot add its lines without spoiling it")
        XCTAssertEqual(OpeningNote.sharedAbove(URL(fileURLWithPath: "/home/ada"), library: library).words,
                       "Syncthing shares /home/ada, which holds this library, and so would send this computer’s database to the others, which spoils it; share the library folder /home/ada/Photos itself instead")
        XCTAssertEqual(OpeningNote.unreadJournal(library.appendingPathComponent("library.sqlite3-wal")).words,
                       "the library is read-only and its latest changes, in /home/ada/Photos/library.sqlite3-wal, cannot be read from here; open it once where it can be written to see them")
        let aside = library.appendingPathComponent("library.sqlite3.from-elsewhere-20260101-120000")
        XCTAssertEqual(OpeningNote.foreignDatabaseSetAside(aside, rebuiltPhotos: 3).words,
                       "the library’s database was not made on this computer, perhaps brought by Syncthing, so it was moved to \(aside.path) and the index was made again from the 3 photos and their sidecars")
        XCTAssertEqual(OpeningNote.foreignDatabaseSetAside(aside, rebuiltPhotos: nil).words,
                       "the library’s database was not made on this computer, perhaps brought by Syncthing, so it was moved to \(aside.path)")
        XCTAssertEqual(OpeningNote.notAFolderMovedAside(library.appendingPathComponent("removed"),
                                                        aside: library.appendingPathComponent("removed.not-a-folder-20260101-120000")).words,
                       "in the place of the library’s folder /home/ada/Photos/removed was a link or a file, perhaps brought by Syncthing; it was never followed, and was moved to /home/ada/Photos/removed.not-a-folder-20260101-120000")
        let database = library.appendingPathComponent("library.sqlite3")
        XCTAssertEqual(LibraryError.database(.unknownSchema(["trigger “stop”", "view “all”"], more: 0), during: .openingDatabase(database)).message,
                       "error while opening the database /home/ada/Photos/library.sqlite3: it holds what Snapshelf never makes (trigger “stop”, view “all”), which would run inside its changes, so it is not used; " + rebuild)
        XCTAssertEqual(OpeningNote.failed(.system(.errno(EACCES), during: .notingDatabaseMade(URL(fileURLWithPath: "/home/ada/.local/share/snapshelf-own/databases")))).words,
                       "error while noting in /home/ada/.local/share/snapshelf-own/databases that this computer made the library’s database: Permission denied")
    }

    func testEachCheckFindingNamesItsRepair() {
        XCTAssertEqual(CheckFinding.filesUnreachable(.fileInTheWay(during: .openingFolder(library)), photos: 2).words,
                       "error while opening the folder /home/ada/Photos: a file of that name is in the way, so the files of the library’s 2 photos cannot be found; move what is in the way aside, then import the originals again")
        XCTAssertEqual(CheckFinding.integrity("row 3 missing from index", namesRebuild: false).words, "database: row 3 missing from index")
        XCTAssertEqual(CheckFinding.integrity("row 3 missing from index", namesRebuild: true).words,
                       "database: row 3 missing from index; " + rebuild)
        XCTAssertEqual(CheckFinding.damage(damaged).words, "database: database disk image is malformed; the database is damaged; " + rebuild)
        XCTAssertEqual(CheckFinding.labelIndexMismatch(damaged).words,
                       "database: the label search index does not match the labels (database disk image is malformed; the database is damaged; \(rebuild))")
        XCTAssertEqual(CheckFinding.labelIndexMismatch(refused).words,
                       "database: the label search index does not match the labels (SQL logic error); " + rebuild)
        XCTAssertEqual(CheckFinding.unreadJournal(library.appendingPathComponent("library.sqlite3-wal")).words,
                       OpeningNote.unreadJournal(library.appendingPathComponent("library.sqlite3-wal")).words)
    }

    func testEachPhotoFileFindingNamesItsRepair() {
        let file = library.appendingPathComponent("photos/ab.jpg")
        XCTAssertEqual(CheckFinding.strangeFileName(photoID: 1, name: "../../victim.txt").words,
                       "photo 1: the database gives its file the name “../../victim.txt”, which Snapshelf never gives; the database is damaged, and `snapshelf rebuild` makes it again from the photos and their sidecars")
        XCTAssertEqual(CheckFinding.folderInPlace(photoID: 2, file: file, original: "IMG_1.jpg").words,
                       "photo 2: where its file belongs, /home/ada/Photos/photos/ab.jpg, there is a folder; move the folder away, then import the original (IMG_1.jpg) again")
        XCTAssertEqual(CheckFinding.missingFile(photoID: 3, file: file, original: "IMG_1.jpg").words,
                       "photo 3: its file /home/ada/Photos/photos/ab.jpg is missing; importing its original (IMG_1.jpg) again restores it")
        XCTAssertEqual(CheckFinding.changedFile(photoID: 3, file: file, original: "IMG_1.jpg").words,
                       "photo 3: its file /home/ada/Photos/photos/ab.jpg does not match its recorded content; importing its original (IMG_1.jpg) again restores it")
        let unreadable = "photo 3: its file /home/ada/Photos/photos/ab.jpg cannot be read (%@); importing its original (IMG_1.jpg) again restores it"
        for (why, words) in [(CheckFinding.ReadFault.shrank, "it changed while it was read"), (.failed(errno: EIO), "Input/output error"),
                             (.notRegular(.notRegular(mode: S_IFIFO)), "it is a named pipe (FIFO), not a regular file")] {
            XCTAssertEqual(CheckFinding.unreadableFile(photoID: 3, file: file, original: "IMG_1.jpg", why: why).words,
                           unreadable.replacingOccurrences(of: "%@", with: words))
        }
    }

    func testEachFindingAboutTheLibrarysFolderNamesItsRepair() {
        let file = library.appendingPathComponent("photos/ab.jpg")
        let conflict = library.appendingPathComponent("photos/ab.sync-conflict-20261201-120000-ABCDEFG.jpg")
        XCTAssertEqual(CheckFinding.noSidecarsYet.words,
                       "the library is from before sidecars and read-only, so its photos have no sidecars yet; opening it once where it can be written writes them")
        XCTAssertEqual(CheckFinding.conflictCopy(conflict, unmerged: nil).words,
                       "file \(conflict.path) is a conflict copy a sync made; opening the library where it can be written merges it, or removes it when it holds nothing new")
        XCTAssertEqual(CheckFinding.conflictCopy(conflict, unmerged: .notOpened(.notRegular(mode: S_IFLNK))).words,
                       "file \(conflict.path) is a conflict copy a sync made that cannot be merged: it is a link, not a regular file; move it out of the library")
        XCTAssertEqual(CheckFinding.strayFile("/home/ada/Photos/photos/x\\n.jpg").words,
                       "file /home/ada/Photos/photos/x\\n.jpg belongs to no photo; import it to keep it, or move it out of the library")
        let sidecar = library.appendingPathComponent("photos/ab.jpg.xmp")
        XCTAssertEqual(CheckFinding.straySidecar(sidecar, label: "").words,
                       "sidecar /home/ada/Photos/photos/ab.jpg.xmp has no photo beside it; importing that photo’s original again takes it back, or move the sidecar out of the library")
        XCTAssertEqual(CheckFinding.straySidecar(sidecar, label: "Picnic").words,
                       "sidecar /home/ada/Photos/photos/ab.jpg.xmp has no photo beside it; importing that photo’s original again takes back the label “Picnic” it keeps, or move the sidecar out of the library")
        XCTAssertEqual(CheckFinding.keptCopyBack(file, photoID: 4).words,
                       "file /home/ada/Photos/photos/ab.jpg is a removed photo’s copy that is back in the library as photo 4; move this copy to the Trash yourself")
        XCTAssertEqual(CheckFinding.keptCopyRestored(file).words,
                       "file /home/ada/Photos/photos/ab.jpg is a removed photo brought back from the Trash; import it to keep the photo with the label its sidecar holds, or move it to the Trash again")
        XCTAssertEqual(CheckFinding.keptCopy(file).words,
                       "file /home/ada/Photos/photos/ab.jpg is a removed photo’s copy that could not go to the Trash; move it to the Trash yourself, or import it to keep the photo")
    }

    func testEachSidecarFindingNamesItsRepair() {
        let sidecar = library.appendingPathComponent("photos/ab.jpg.xmp")
        XCTAssertEqual(CheckFinding.sidecarBlocked(photoID: 5, sidecar: sidecar).words,
                       "photo 5: its sidecar cannot be written, since /home/ada/Photos/photos/ab.jpg.xmp is not a file; move it away, and the library writes the sidecar when it next opens")
        XCTAssertEqual(CheckFinding.sidecarUnusable(photoID: 5, sidecar: sidecar, why: "it is missing").words,
                       "photo 5: its sidecar /home/ada/Photos/photos/ab.jpg.xmp cannot be used: it is missing; giving the photo its label again (`snapshelf label 5 …`) writes it anew")
        XCTAssertEqual(CheckFinding.sidecarOfAnother(photoID: 5, sidecar: sidecar, owner: 105).words,
                       "photo 5: its sidecar /home/ada/Photos/photos/ab.jpg.xmp is photo 105’s; giving the photo its label again (`snapshelf label 5 …`) writes its own")
        XCTAssertEqual(CheckFinding.sidecarDisagrees(photoID: 5, sidecar: sidecar, label: "Picnic").words,
                       "photo 5: its sidecar /home/ada/Photos/photos/ab.jpg.xmp does not agree with the database (it says “Picnic”); `snapshelf rebuild` makes the database agree with the sidecars")
    }

    func testEachRebuildNoteSaysWhatWasLeftOrKept() {
        let file = library.appendingPathComponent("photos/ab.jpg")
        let sidecar = RebuildNote.SidecarOf(sidecar: library.appendingPathComponent("photos/ab.jpg.xmp"), original: "IMG_1.jpg")
        let other = RebuildNote.SidecarOf(sidecar: library.appendingPathComponent("photos/cd.jpg.xmp"), original: nil)
        XCTAssertEqual(RebuildNote.notALibraryCopy(file).words,
                       "file /home/ada/Photos/photos/ab.jpg is not named by its content, so it is no library copy; it was left out")
        XCTAssertEqual(RebuildNote.sameContent(file).words, "file /home/ada/Photos/photos/ab.jpg holds the same photo as another copy; it was left out")
        XCTAssertEqual(RebuildNote.claimedTwice(sidecar, photoID: 1, alsoBy: other, now: 7).words,
                       "the sidecar of “IMG_1.jpg” (/home/ada/Photos/photos/ab.jpg.xmp) claims photo 1, which the sidecar of /home/ada/Photos/photos/cd.jpg.xmp claims too; it is now photo 7, and keeps its label and all else it holds")
        XCTAssertEqual(RebuildNote.sidecarSetAside(copy: "ab.jpg", why: "it is missing", folder: library.appendingPathComponent("set-aside")).words,
                       "the sidecar of ab.jpg cannot be used: it is missing; the photo is rebuilt from itself, and the sidecar is set aside in /home/ada/Photos/set-aside")
        XCTAssertEqual(RebuildNote.sidecarSalvaged(other, why: "it lacks its date", photoID: 3, label: "").words,
                       "the sidecar of /home/ada/Photos/photos/cd.jpg.xmp cannot be used as it is: it lacks its date; the photo is photo 3, it keeps all else its sidecar holds")
        XCTAssertEqual(RebuildNote.sidecarSalvaged(sidecar, why: "it lacks its date", photoID: 3, label: "Picnic").words,
                       "the sidecar of “IMG_1.jpg” (/home/ada/Photos/photos/ab.jpg.xmp) cannot be used as it is: it lacks its date; the photo is photo 3, it keeps its label “Picnic” and all else its sidecar holds")
        XCTAssertEqual(RebuildNote.labelCut(copy: "ab.jpg").words, "the label in the sidecar of ab.jpg was too long and was cut to fit")
        XCTAssertEqual(RebuildNote.straySidecar(sidecar.sidecar, label: "").words,
                       "sidecar /home/ada/Photos/photos/ab.jpg.xmp has no photo beside it, so no photo was made of it; it stays, and importing that photo’s original again takes it back")
        XCTAssertEqual(RebuildNote.straySidecar(sidecar.sidecar, label: "Picnic").words,
                       "sidecar /home/ada/Photos/photos/ab.jpg.xmp has no photo beside it, so no photo was made of it; it stays, with its label “Picnic”, and importing that photo’s original again takes them back")
    }

    func testEachImportNoteSaysWhatBecameOfTheTitle() {
        let photo = FileName(url: URL(fileURLWithPath: "/home/ada/trip/a.jpg"))
        let sidecar = FileName(url: URL(fileURLWithPath: "/home/ada/trip/a.jpg.xmp"))
        XCTAssertEqual(ImportNote.sidecarNotXMP(sidecar, detail: "XMP Toolkit error 201").words,
                       "/home/ada/trip/a.jpg.xmp: it is not XMP that can be read (XMP Toolkit error 201), so no title was taken from it")
        XCTAssertEqual(ImportNote.sidecarRefused(sidecar, why: "it is a folder, not a regular file").words,
                       "/home/ada/trip/a.jpg.xmp: it is a folder, not a regular file, so no title was taken from it")
        XCTAssertEqual(ImportNote.xmpUnreadable(photo, detail: "XMP Toolkit error 201").words,
                       "/home/ada/trip/a.jpg: its XMP cannot be read (XMP Toolkit error 201), so no title was taken from it")
        XCTAssertEqual(ImportNote.titleChanged(photo, source: .embeddedXMP, [.notUTF8(sequences: 2), .normalised("1 line break or tab became a space"), .cut]).words,
                       "/home/ada/trip/a.jpg: in the title from the photo’s XMP title, 2 sequences of bytes that were no UTF-8 became �; 1 line break or tab became a space; the text was longer than a label may be (500 characters, 8192 bytes) and was cut to fit")
        XCTAssertEqual(ImportNote.titleChanged(photo, source: .iptcObjectName, [.notUTF8(sequences: 1)]).words,
                       "/home/ada/trip/a.jpg: in the title from the photo’s IPTC object name, 1 sequence of bytes that was no UTF-8 became �")
        XCTAssertEqual(ImportNote.titleInvisible(photo, source: .iptcObjectName).words,
                       "/home/ada/trip/a.jpg: the title from the photo’s IPTC object name holds nothing but invisible characters, so it was not taken")
        XCTAssertEqual(ImportNote.sidecarTakenBack(photoID: 2, label: "").words,
                       "photo 2 took back the name, dates and rotation its sidecar in the library kept")
        XCTAssertEqual(ImportNote.sidecarTakenBack(photoID: 2, label: "two").words,
                       "photo 2 took back the label “two”, name, dates and rotation its sidecar in the library kept")
        XCTAssertEqual(ImportNote.sidecarSetAside(photoID: 2, why: "it is missing", at: library.appendingPathComponent("set-aside/ab.jpg.xmp")).words,
                       "a sidecar was already where photo 2’s belongs, but it is missing; it was set aside at /home/ada/Photos/set-aside/ab.jpg.xmp")
    }

    func testEachConflictObstacleSaysWhyTheCopyStays() {
        XCTAssertEqual(ConflictObstacle.sidecarUnusable("it is missing").words, "it is missing")
        XCTAssertEqual(ConflictObstacle.sidecarUnreadable(sidecar: "ab.jpg.xmp", "it is missing").words, "its sidecar ab.jpg.xmp cannot be read: it is missing")
        XCTAssertEqual(ConflictObstacle.mergeNotWritten("No space left on device").words, "the merged sidecar cannot be written: No space left on device")
        XCTAssertEqual(ConflictObstacle.notMoved(errno: EACCES).words, "Permission denied")
        XCTAssertEqual(ConflictObstacle.otherContent.words, "it does not hold the photo its name gives")
        XCTAssertEqual(ConflictObstacle.cutShort.words, "it cannot be read to its end")
        XCTAssertEqual(ConflictObstacle.notOpened(.notRegular(mode: S_IFIFO)).words, "it is a named pipe (FIFO), not a regular file")
        XCTAssertEqual(ConflictObstacle.refused(.otherContent).words, "it does not hold the photo its name gives")
    }

    func testEachReasonAFileIsSetAsideIsNamedWhereverItIsTold() {
        let file = library.appendingPathComponent("photos/ab.jpg")
        XCTAssertEqual(PhotoFileRefusal.notRegular(mode: S_IFLNK).words, "it is a link, not a regular file")
        XCTAssertEqual(PhotoFileRefusal.tooLarge(bytes: 20_000_000_000).words,
                       "it is \(PhotoDetails.size(20_000_000_000)), larger than the \(PhotoCandidate.formattedMaximumBytes) a photo may be")
        XCTAssertEqual(PhotoFileRefusal.sparse(bytes: 1_500_000_000, stored: 0).words,
                       "it is \(PhotoDetails.size(1_500_000_000)) long but only \(PhotoDetails.size(0)) of it is on the disk, which no photo is")
        XCTAssertEqual(PhotoFileRefusal.otherContent.words, "it does not hold the photo its name gives")
        XCTAssertEqual(PhotoFileRefusal.undecodable.words, "no decoder can read it as an image")
        XCTAssertEqual(PhotoFileRefusal.unreadable(errno: EACCES).words, "Permission denied")
        XCTAssertEqual(CheckFinding.setAside(file, why: .undecodable).words,
                       "file /home/ada/Photos/photos/ab.jpg is no photo of the library (no decoder can read it as an image), so it was set aside where it is, since moving it out would make Syncthing delete it on the other computers too; remove it, or move it out of the library, once no computer needs it")
        XCTAssertEqual(CheckFinding.unreadableFile(photoID: 3, file: file, original: "IMG_1.jpg", why: .refused(.otherContent)).words,
                       CheckFinding.unreadableFile(photoID: 3, file: file, original: "IMG_1.jpg", why: .shrank).words
                           .replacingOccurrences(of: "it changed while it was read", with: "it does not hold the photo its name gives"))
        XCTAssertEqual(RebuildNote.setAside(file, why: .notRegular(mode: S_IFLNK)).words,
                       "file /home/ada/Photos/photos/ab.jpg is no photo (it is a link, not a regular file); it was never opened and was left out, where it is")
    }
}
