// What an import's failures and a rebuild's notes say, word for word: the model names the case,
// with the library's error where the library refused, and SnapshelfMessages words it.
import Foundation
import SnapshelfMessages
import SnapshelfModel
import XCTest

final class ImportErrorMessageTests: XCTestCase {
    private let library = URL(fileURLWithPath: "/home/ada/Photos", isDirectory: true)
    private let photo = URL(fileURLWithPath: "/home/ada/trip/a.jpg")

    private func message(_ reason: ImportError.Reason) -> String {
        ImportError(url: photo, reason: reason).message
    }

    func testEachCaseSaysWhyTheFileWasNotImported() {
        XCTAssertEqual(message(.file(.notAnImage)), "/home/ada/trip/a.jpg: it is not an image")
        XCTAssertEqual(message(.changedDuringImport), "/home/ada/trip/a.jpg: the file changed while it was being imported; try again")
        XCTAssertEqual(message(.copyFailed("Input/output error")),
                       "/home/ada/trip/a.jpg: it could not be copied into the library (Input/output error)")
        XCTAssertEqual(message(.noSpace), "/home/ada/trip/a.jpg: there is not enough space on the disk for the library's copy")
        XCTAssertEqual(message(.libraryReadOnly), "/home/ada/trip/a.jpg: the library is read-only, so nothing can be added to it")
        XCTAssertEqual(message(.inHiddenFolder(FileName("/home/ada/.ssh/a.jpg"))),
                       "/home/ada/trip/a.jpg: it is in a hidden folder, as /home/ada/.ssh/a.jpg, so it was left out")
    }

    func testADecodersEndIsSaidInTheFilesWords() {
        let crashed = "/home/ada/trip/a.jpg: the decoder crashed on it (%@); the file may be damaged or made to attack image readers"
        XCTAssertEqual(message(.file(.decoderCrashed(.signal("segmentation fault")))), crashed.replacingOccurrences(of: "%@", with: "segmentation fault"))
        XCTAssertEqual(message(.file(.decoderCrashed(.forbiddenSystemCall))),
                       crashed.replacingOccurrences(of: "%@", with: "it tried a system call that decoding never needs"))
        XCTAssertEqual(message(.file(.decoderCrashed(.exited(status: 3)))), crashed.replacingOccurrences(of: "%@", with: "it exited with status 3"))
        XCTAssertEqual(message(.file(.decoderCrashed(.unreadableAnswer))), crashed.replacingOccurrences(of: "%@", with: "its answer could not be read"))
        XCTAssertEqual(message(.file(.decoderMissing)),
                       "/home/ada/trip/a.jpg: no sandboxed decoder could be started (the snapshelf-decoder program could not be found)")
        XCTAssertEqual(message(.file(.failedBefore)), "/home/ada/trip/a.jpg: the image is damaged (an earlier attempt to read it failed)")
        XCTAssertEqual(message(.file(.cutOff)),
                       "/home/ada/trip/a.jpg: the image is incomplete: the file ends before the image does; it was probably cut off while copying")
    }

    func testTheLibrarysRefusalIsSaidInItsOwnWords() {
        let full = LibraryError.diskFull(folder: library, freeKilobytes: 12, during: .savingAPhoto)
        XCTAssertEqual(message(.libraryFull(full)),
                       "/home/ada/trip/a.jpg: it could not be copied into the library (the disk holding /home/ada/Photos is full (12 KB free); free some space and try again)")
        let inTheWay = LibraryError.fileInTheWay(during: .creatingFolder(library))
        XCTAssertEqual(message(.libraryUnusable(inTheWay)),
                       "/home/ada/trip/a.jpg: it could not be copied into the library (error while creating the folder /home/ada/Photos: a file of that name is in the way)")
        XCTAssertEqual(message(.folderLocked(library.appendingPathComponent("photos"), patience: .seconds(30))),
                       "/home/ada/trip/a.jpg: it could not be copied into the library (another program has kept the folder /home/ada/Photos/photos locked for more than 30 seconds; close it and try again)")
        let damaged = LibraryError.database(.damaged("file is not a database"), during: .savingAPhoto)
        XCTAssertEqual(message(.notRecorded(damaged)),
                       "/home/ada/trip/a.jpg: the library could not record it (file is not a database; the database is damaged; `snapshelf rebuild` makes the database again from the photos and their sidecars)")
    }

    func testALabelsProblemSaysTheLimitItBroke() {
        XCTAssertEqual(Label.Problem.tooLong(length: 501).words, "the label is 501 characters long; the limit is 500")
        XCTAssertEqual(Label.Problem.tooManyBytes(count: 60_001).words,
                       "the label takes 60001 bytes; the limit is 8192 (a character with many accents or marks counts them all)")
        XCTAssertEqual(ErrorMessage.of(Label.Problem.tooLong(length: 501)), "the label is 501 characters long; the limit is 500")
        let note = ImportNote.titleNotALabel(FileName(url: photo), source: .iptcObjectName, .tooManyBytes(count: 9000))
        XCTAssertEqual(note.words,
                       "/home/ada/trip/a.jpg: the title from the photo’s IPTC object name cannot be cut to a label (the label takes 9000 bytes; the limit is 8192 (a character with many accents or marks counts them all)), so it was not taken")
    }

    func testUnreadableTagsSayExiv2sWordsOrTheDecoders() {
        let sidecar = FileName(url: photo.appendingPathExtension("xmp"))
        XCTAssertEqual(ImportNote.sidecarUnreadable(sidecar, .undecodable("XMP Toolkit error 201")).words,
                       "/home/ada/trip/a.jpg.xmp: it is not XMP that can be read (XMP Toolkit error 201), so no title was taken from it")
        XCTAssertEqual(ImportNote.sidecarUnreadable(sidecar, .decoderKilled).words,
                       "/home/ada/trip/a.jpg.xmp: it is not XMP that can be read (the decoder was killed while reading it; try again), so no title was taken from it")
        XCTAssertEqual(PhotoDetails.Problem.copyMissing.words, "The library’s copy of this photo is missing.")
        XCTAssertEqual(PhotoDetails.Problem.metadataUnreadable(.undecodable("Exiv2 said no")).words, "Its metadata could not be read: Exiv2 said no")
        XCTAssertEqual(PhotoDetails.Problem.metadataUnreadable(.empty).words, "Its metadata could not be read: the file is empty")
        XCTAssertEqual(DecodingFailure(url: photo, reason: .notAnImage).message, "/home/ada/trip/a.jpg: it is not an image")
    }

    func testARebuildsNotesCarryTheirErrorsWords() {
        let copy = library.appendingPathComponent("photos/ab.jpg")
        XCTAssertEqual(RebuildNote.copyUnreadable(copy, ImportError(url: copy, reason: .file(.empty))).words,
                       "the copy /home/ada/Photos/photos/ab.jpg cannot be read (the file is empty); it was kept with what is known of it")
        let locked = LibraryError.lockFileHeld(library.appendingPathComponent(".snapshelf.lock"), patience: .seconds(30))
        XCTAssertEqual(RebuildNote.sidecarsNotWritten(locked).words, locked.message)
        XCTAssertEqual(RebuildNote.said("as it is").words, "as it is")
    }
}
