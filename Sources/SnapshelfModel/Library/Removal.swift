// Photos taken out of the library whose files still wait in its folder, so the removal can be
// undone exactly: same file, label, date and place. `Library.complete` sends the files to the
// Trash; a crash before that is finished by the next start.
public struct Removal: Sendable {
    public let photos: [Photo]
    let rows: [LibraryDatabase.Row]
    /// The photos' earlier labels, where their sidecars may be gone by the undo, as those of
    /// photos another computer removed are.
    var histories: [Int64: SidecarHistory] = [:]
}
