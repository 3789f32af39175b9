// The tally of an import from Shotwell: the import's own (added, already there, failed), with what
// Shotwell's library held that was not imported: files that are gone, videos, rows naming no
// file, and photos Shotwell showed mirrored otherwise than Snapshelf can. SnapshelfMessages words it.
import Foundation

public struct ShotwellImportSummary: Equatable, Sendable {
    /// What became of the photos given to the import; a window adds those it saved another way,
    /// such as from the label dialog.
    public var imports = ImportSummary()
    /// The photos in Shotwell's library, which the import was given, `missing` and `oddRows` aside.
    public let total: Int
    public let missing: [FileName]
    public let videos: Int
    public let oddRows: [ShotwellLibrary.OddRow]
    /// Photos turned as Shotwell showed them, but mirrored as their files say.
    public private(set) var mirrorsDropped = 0

    public init(_ library: ShotwellLibrary) {
        (total, missing, videos, oddRows) = (library.photos.count, library.missing, library.videos, library.oddRows)
    }

    /// Counts one photo of the import.
    public mutating func count(_ progress: BatchImport.Progress) {
        imports.count(progress)
        if progress.notes.contains(where: { if case .shotwellMirrorDropped = $0 { true } else { false } }) {
            mirrorsDropped += 1
        }
    }

    /// Whether the import brought nothing the library lacked: every photo was already there.
    public var nothingNew: Bool { imports.added + imports.restored == 0 && imports.failed == 0 }
}
