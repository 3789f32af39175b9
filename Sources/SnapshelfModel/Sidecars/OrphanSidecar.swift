// A sidecar in the library with no copy and no photo beside it: what a rebuild leaves of a photo
// whose copy was gone, or what a sync brought ahead of its copy. `check` says to import that
// photo's original again, and the import takes the sidecar back: the label, name, dates, ID and
// rotation it holds. One that cannot be read is set aside rather than written over.
import Foundation

enum OrphanSidecar {
    case none
    case adoptable(SidecarSalvage)
    case setAside(URL, Sidecar.Problem)

    /// What waits at the sidecar's place of the copy about to be named `name`.
    static func look(forFileNamed name: String, in files: LibraryFiles) throws(LibraryError) -> OrphanSidecar {
        let url = files.sidecarURL(forFileNamed: name)
        let (salvage, problem) = SidecarSalvage.read(url)
        if let salvage { return .adoptable(salvage) }
        guard let problem, problem != .missing else { return .none }
        return .setAside(try files.setAside(sidecarOf: name), problem)
    }

    var isAdoptable: Bool {
        if case .adoptable = self { return true }
        return false
    }

    /// The ID the sidecar claims, when it has one.
    var claimedID: Int64? {
        if case .adoptable(let salvage) = self { return salvage.id }
        return nil
    }

    /// The new photo's row with what the sidecar holds: its dates, name and rotation, and its
    /// label unless the import chose another. The size and camera are the copy's own.
    func adopted(into row: LibraryDatabase.Row, id: Int64, keepingLabel: Bool) -> LibraryDatabase.Row {
        guard case .adoptable(let salvage) = self else { return row }
        let label = keepingLabel || salvage.label.isEmpty ? row.label : Label.fitting(salvage.label).text
        var adopted = row
        (adopted.id, adopted.label, adopted.rotation) = (id, label, salvage.rotation)
        adopted.originalFileName = salvage.originalName ?? row.originalFileName
        adopted.addedMilliseconds = salvage.addedMilliseconds ?? row.addedMilliseconds
        adopted.taken = salvage.taken ?? row.taken
        return adopted
    }

    /// What the person is told of it, for the photo that became `photoID`.
    func note(for photoID: Int64, label: String) -> ImportNote? {
        switch self {
        case .none: nil
        case .adoptable: .sidecarTakenBack(photoID: photoID, label: DecoderText.clean(label, limit: 60))
        case .setAside(let url, let problem): .sidecarSetAside(photoID: photoID, why: problem.description, at: url)
        }
    }
}
