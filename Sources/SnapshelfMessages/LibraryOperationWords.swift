// What Snapshelf was doing, in the words of the first half of a library error's message: "error
// while reading the library: …".
import Foundation
import SnapshelfModel

extension LibraryOperation {
    public var words: String {
        switch self {
        case .openingLibrary(let folder): String(format: tr("opening the library %@"), folder.path)
        case .rebuildingLibrary(let folder): String(format: tr("rebuilding the library %@"), folder.path)
        case .openingDatabase(let file): String(format: tr("opening the database %@"), file.path)
        case .configuringDatabase(let file): String(format: tr("configuring the database %@"), file.path)
        case .openingFolder(let folder): String(format: tr("opening the folder %@"), folder.path)
        case .creatingFolder(let folder): String(format: tr("creating the folder %@"), folder.path)
        case .readingFolder(let folder): String(format: tr("reading the folder %@"), folder.path)
        case .lockingFolder(let folder): String(format: tr("locking the folder %@"), DisplayName.of(FileName(url: folder)))
        case .openingLockFile(let file): String(format: tr("opening the lock file %@"), file.path)
        case .writingSyncIgnore(let file):
            String(format: tr("writing %@, which keeps Syncthing from sharing the library’s database"), file.path)
        case .writingSidecar(let file): String(format: tr("writing the sidecar %@"), file.path)
        case .notingDatabaseMade(let file):
            String(format: tr("noting in %@ that this computer made the library’s database"), file.path)
        case .settingDatabaseAside(let file): String(format: tr("moving the database %@ aside"), file.path)
        case .settingSidecarAside(let file): String(format: tr("setting the sidecar %@ aside"), file.path)
        case .removingPhoto(let id, let name): String(format: tr("removing photo %ld (%@)"), Int(id), name)
        case .readingLibrary: tr("reading the library")
        case .readingAPhoto: tr("reading a photo")
        case .readingPhotos: tr("reading photos")
        case .readingComputerName: tr("reading this computer’s name")
        case .readingChangeLog: tr("reading the change log")
        case .readingSchemaVersion: tr("reading the schema version")
        case .readingSidecarsToWrite: tr("reading the sidecars to write")
        case .readingDatesToReadAgain: tr("reading the dates to read again")
        case .readingFilesInProgress: tr("reading files in progress")
        case .readingSeenFiles: tr("reading what the index has seen")
        case .recordingSeenFiles: tr("recording what the index has seen")
        case .recordingFileInProgress: tr("recording a file in progress")
        case .recordingCameras: tr("recording the cameras")
        case .recordingDatesTaken: tr("recording the dates taken")
        case .recordingWrittenSidecars: tr("recording written sidecars")
        case .checkingForChanges: tr("checking the library for changes")
        case .checkingDatabase: tr("checking the database")
        case .checkingLabelIndex: tr("checking the label search index")
        case .countingPhotos: tr("counting the photos")
        case .findingAPhoto: tr("finding a photo")
        case .listingPhotos: tr("listing the photos")
        case .searchingLabels: tr("searching the labels")
        case .lookingForDuplicate: tr("looking for a duplicate")
        case .lookingForFilesPhoto: tr("looking for a file's photo")
        case .finishingAFile: tr("finishing a file")
        case .savingAPhoto: tr("saving a photo")
        case .removingAPhoto: tr("removing a photo")
        case .removingPhotos: tr("removing photos")
        case .restoringPhotos: tr("restoring photos")
        case .changingALabel: tr("changing a label")
        case .changingLabels: tr("changing labels")
        case .restoringALabel: tr("restoring a label")
        case .restoringLabels: tr("restoring labels")
        case .rotatingAPhoto: tr("rotating a photo")
        case .rotatingPhotos: tr("rotating photos")
        case .namingThisComputer: tr("naming this computer")
        case .takingInChangedSidecar: tr("taking in a changed sidecar")
        case .forgettingPhotosRemovedElsewhere: tr("forgetting photos removed on another computer")
        case .trimmingChangeLog: tr("trimming the change log")
        case .upgradingDatabase: tr("upgrading the database")
        case .writingLogIntoDatabase: tr("writing the log into the database")
        }
    }
}
