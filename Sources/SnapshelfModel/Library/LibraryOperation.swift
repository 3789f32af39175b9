// What Snapshelf was doing when the library failed it: the first half of every LibraryError's
// message, "error while reading the library: …". Named, not worded: SnapshelfMessages words it.
import Foundation

public enum LibraryOperation: Sendable, Equatable {
    case openingLibrary(URL)
    case rebuildingLibrary(URL)
    case openingDatabase(URL)
    case configuringDatabase(URL)
    case openingFolder(URL)
    case creatingFolder(URL)
    case readingFolder(URL)
    case lockingFolder(URL)
    case openingLockFile(URL)
    /// Writing the library's `.stignore`, which keeps Syncthing from sharing its database.
    case writingSyncIgnore(URL)
    case writingSidecar(URL)
    case settingSidecarAside(URL)
    /// Noting, in this file outside the library, that this computer made the library's database.
    case notingDatabaseMade(URL)
    /// Moving a database this computer did not make out of the way.
    case settingDatabaseAside(URL)
    /// Removing the photo with this ID and display name.
    case removingPhoto(Int64, name: String)

    case readingLibrary
    case readingAPhoto
    case readingPhotos
    case readingComputerName
    case readingEarlierLabels
    case keepingEarlierLabels
    case recordingForOtherComputers
    case readingChangeRecords
    case readingChangeLog
    case readingSchemaVersion
    case readingSidecarsToWrite
    case readingDatesToReadAgain
    case readingFilesInProgress
    case readingSeenFiles
    case recordingSeenFiles
    case recordingFileInProgress
    case recordingCameras
    case recordingDatesTaken
    case recordingWrittenSidecars
    case checkingForChanges
    case checkingDatabase
    case checkingLabelIndex
    case countingPhotos
    case findingAPhoto
    case listingPhotos
    case searchingLabels
    case lookingForDuplicate
    case lookingForFilesPhoto
    case finishingAFile
    case savingAPhoto
    case removingAPhoto
    case removingPhotos
    case restoringPhotos
    case changingALabel
    case changingLabels
    case restoringALabel
    case restoringLabels
    case rotatingAPhoto
    case rotatingPhotos
    case namingThisComputer
    case takingInChangedSidecar
    case forgettingPhotosRemovedElsewhere
    case trimmingChangeLog
    case upgradingDatabase
    case writingLogIntoDatabase
}
