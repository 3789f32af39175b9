// The XMP sidecars peers look for beside an exported copy, and which names that leaves free.
// darktable 4.2 reads `photo.heic.xmp` (the whole name), else Lightroom's `photo.xmp`
// (`_image_import_internal`, `dt_lightroom_import`); gThumb 3.12 reads `photo.xmp` (its extension
// replaced, `exiv2_get_sidecar`); digiKam 7.9 reads `photo.xmp` when there is one, else
// `photo.heic.xmp` (`MetaEngine::sidecarFilePathForFile`). A copy in a format Exiv2 cannot write
// gets both, the same XMP. Each of them puts a sidecar's XMP over the file's own, so a copy never
// takes a name beside which a sidecar already lies; and since `photo.xmp` is read for every file
// of the stem `photo`, a copy with a sidecar never takes a stem another file has, nor the reverse.
import Foundation

struct ExportSidecars {
    /// The stems (the names without their last extension) of the files in the folder before the export.
    private let stems: Set<[UInt8]>
    /// The names of the copies and sidecars this export placed, and the stems of its copies: a
    /// name they hold was not "already there", and is refused only where two copies would collide.
    private var placed: Set<[UInt8]> = []
    private var placedStems: Set<[UInt8]> = []

    private let folder: ExportFolder

    /// Reads the folder's names once: an export of thousands of photos does not list it again for each.
    init(in folder: ExportFolder) {
        self.folder = folder
        stems = Set(folder.names().map(Self.stem))
    }

    /// `photo.heic.xmp`, then `photo.xmp`; one name for a copy without an extension.
    static func names(beside copy: FileName) -> [FileName] {
        let whole = copy.appendingExtension(Sidecar.fileExtension)
        let stem = copy.deletingExtension.appendingExtension(Sidecar.fileExtension)
        return whole == stem ? [whole] : [whole, stem]
    }

    /// Why the name `copy` may not be taken in the folder, or nil when it may: a file has its name,
    /// a sidecar a peer would read for it lies there, or, when it is to have sidecars, another file
    /// shares its stem. The name itself comes first: a re-export finds the copy and its sidecars.
    /// A file that was there before the export is the reason given first; one this export wrote
    /// only when nothing else stands in the way.
    func refusal(of copy: FileName, withSidecar: Bool) -> ExportNumbering? {
        if folder.holds(copy) { return placed.contains(copy.bytes) ? .sameNameInExport : .nameTaken }
        let beside = Self.names(beside: copy).filter(folder.holds)
        if beside.contains(where: { !placed.contains($0.bytes) }) { return .sidecarBeside }
        let stem = Self.stem(of: copy)
        if withSidecar && stems.contains(stem) { return .stemShared }
        // A sidecar of this export's beside the name was written for a copy of the same stem.
        return !beside.isEmpty || (withSidecar && placedStems.contains(stem)) ? .stemSharedInExport : nil
    }

    /// Records a copy this export placed, and its sidecars when it has them.
    mutating func insert(_ copy: FileName, withSidecars: Bool) {
        placedStems.insert(Self.stem(of: copy))
        placed.insert(copy.bytes)
        if withSidecars { Self.names(beside: copy).forEach { placed.insert($0.bytes) } }
    }

    private static func stem(of name: FileName) -> [UInt8] {
        name.deletingExtension.bytes
    }
}
