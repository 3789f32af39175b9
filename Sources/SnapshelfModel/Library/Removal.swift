// Photos taken out of the library whose files still wait in its folder, so the removal can be
// undone exactly: same file, label, date and place. `Library.complete` sends the files to the
// Trash; a crash before that is finished by the next start.
public struct Removal: Sendable {
    public let photos: [Photo]
    let rows: [LibraryDatabase.Row]
}
