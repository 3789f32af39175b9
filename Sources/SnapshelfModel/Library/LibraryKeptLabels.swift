// What the library still keeps of a photo it no longer holds: the sidecar a rebuild or a sync
// left without its copy. The label dialog offers its label when that photo is imported again,
// as the import itself takes it back (see `OrphanSidecar`).
import Foundation

extension Library {
    /// The label an orphan sidecar in the library keeps for the candidate's content, if it keeps one.
    public func keptLabel(for candidate: PhotoCandidate) -> String? {
        guard (try? database.row(withHash: candidate.sha256)) == .some(nil) else { return nil }
        guard let label = SidecarSalvage.read(files.sidecarURL(forFileNamed: LibraryFiles.copyName(of: candidate))).salvage?.label, !label.isEmpty else { return nil }
        return Label.fitting(label).text
    }
}
