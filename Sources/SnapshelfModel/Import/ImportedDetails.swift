// What a photo brings into the library from another app's catalogue, beside its file: the title
// the person gave it there, how that app showed it turned, and when it says the photo was taken.
// Shotwell keeps all three in its database only, unless asked to write them into the files.
import Foundation

public struct ImportedDetails: Sendable, Equatable {
    /// The title from the catalogue, under the label rules; nil when it gave none, so the file's
    /// own title, if any, is taken instead.
    public var label: Label?
    /// The EXIF orientation (1 to 8) the other app shows the file's stored pixels with, whatever
    /// the file itself declares; nil to show the photo as its file says.
    public var orientation: Int?
    /// When the catalogue says the photo was taken, taken only when the file records no date.
    public var taken: Date?
    /// What the person should know of how the details were read, such as a title that was changed.
    public var notes: [ImportNote]
    /// Whether the person asked for files in hidden folders too. Without it, a file the import
    /// finds in one once opened, wherever its folders' links led meanwhile, is left out.
    public var hiddenFoldersAllowed = false

    public init(label: Label? = nil, orientation: Int? = nil, taken: Date? = nil, notes: [ImportNote] = []) {
        (self.label, self.orientation, self.taken, self.notes) = (label, orientation, taken, notes)
    }

    /// EXIF's orientations by the clockwise quarter turns they make, unmirrored and then mirrored
    /// (flipped left to right first, then turned).
    private static let orientations = [[1, 6, 3, 8], [2, 7, 4, 5]]

    /// Snapshelf's rotation (clockwise degrees on top of the orientation Snapshelf applies,
    /// `applied`) that shows the photo as the catalogue's orientation did, and whether the two
    /// differ by a mirror, which Snapshelf cannot show: a rotation keeps the copy's pixels as
    /// they are, and only a mirror that the file itself declares is shown. Dropping a left-right
    /// flip done before the turn keeps which way is up, so the photo stands as it did.
    public static func rotation(showing orientation: Int, applied: Int) -> (degrees: Int, mirrorDropped: Bool) {
        func turns(_ value: Int) -> (turns: Int, mirrored: Bool) {
            for (row, list) in orientations.enumerated() {
                if let index = list.firstIndex(of: value) { return (index, row == 1) }
            }
            return (0, false)
        }
        let (wanted, applies) = (turns(orientation), turns(applied))
        return ((wanted.turns - applies.turns + 4) % 4 * 90, wanted.mirrored != applies.mirrored)
    }
}
