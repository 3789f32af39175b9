// The tally of an import from Shotwell: the import's own (added, already there, failed), with what
// Shotwell's library held that was not imported: files that are gone, videos, rows naming no
// file, photos in Shotwell's Trash, files in hidden folders; the photos already in the library that took Shotwell's title or
// turn; and those Shotwell showed mirrored otherwise than Snapshelf can. SnapshelfMessages words it.
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
    public let trashed: Int
    /// The photos in hidden folders, which were left out, when read or when the import opened them.
    public private(set) var hidden: Int
    /// Photos already in the library that got Shotwell's title or turn, having none of their own.
    public private(set) var completed = 0
    /// Photos turned as Shotwell showed them, but mirrored as their files say.
    public private(set) var mirrorsDropped = 0

    public init(_ library: ShotwellLibrary) {
        (total, missing, videos, oddRows, trashed) = (library.photos.count, library.missing, library.videos, library.oddRows,
                                                      library.trashed)
        hidden = library.hidden.count
    }

    /// Counts one photo of the import.
    public mutating func count(_ progress: BatchImport.Progress) {
        if case .failure(let error) = progress.result, error.isInHiddenFolder {
            hidden += 1
            return
        }
        imports.count(progress)
        if progress.notes.contains(where: \.isMirrorDropped) {
            mirrorsDropped += 1
        }
        if progress.update != nil { completed += 1 }
    }

    /// Whether the import brought nothing the library lacked: every photo was already there, with
    /// a title and turn of its own or Shotwell's.
    public var nothingNew: Bool { imports.added + imports.restored == 0 && imports.failed == 0 && completed == 0 }
}
