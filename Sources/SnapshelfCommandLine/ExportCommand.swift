// `snapshelf export`: copies photos out with their labels, one line per photo, stopping at the
// first that fails, with the file named and nothing half-written left behind, and a note for
// each copy whose original name could not be its name, or that took a number, and why.
import Foundation
import SnapshelfMessages
import SnapshelfModel

struct ExportCommand {
    let library: Library
    let folder: URL
    /// The photos to export by ID, or nil for all of them.
    let ids: [Int64]?

    func run() throws(LibraryError) -> CommandRunner.ExitStatus {
        var photos = try library.photos()
        var missing: [Int64] = []
        if let ids {
            let chosen = try library.photos(withIDs: ids)
            missing = ids.filter { id in !chosen.contains { $0.id == id } }
            photos = chosen
        }
        missing.forEach { Console.complain(String(format: tr("there is no photo with ID %ld"), Int($0))) }
        do {
            try PhotoExport().run(photos, to: folder) { progress in
                Console.say(String(format: tr("Exported photo %ld to %@"), Int(progress.photo.id), DisplayName.of(FileName(url: progress.exported))))
                progress.renaming.map { Console.complain(String(format: tr("note: %@"), $0)) }
                if let numbering = progress.numbering {
                    // TRANSLATORS: the photo's ID, the numbered name its copy took, then why its own name could not be taken.
                    Console.complain(String(format: tr("note: photo %ld was exported as “%@”, since %@"), Int(progress.photo.id),
                                            DisplayName.of(FileName(url: progress.exported).lastComponent), numbering.reason))
                }
            }
        } catch {
            Console.complain(error.message)
            return .failure
        }
        return missing.isEmpty ? .success : .failure
    }
}
