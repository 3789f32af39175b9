// `snapshelf import --from-shotwell [PHOTO_DB]`: reads Shotwell's library, read-only, and tells
// what it holds that cannot be imported (files that are gone, rows naming no file), then the
// summary. Its first line names the folders the import reads: the database may name any file, and
// files in hidden folders are left out unless `--include-hidden` asks for them. Then the
// summary: what was imported, what was there already, and the videos skipped. A photo of
// Shotwell's that could not be imported makes the exit status 1; skipped videos do not.
import Foundation
import SnapshelfMessages
import SnapshelfModel

final class ShotwellImportCommand {
    let database: URL
    let includingHidden: Bool
    /// Every place looked at when no database was given, the first of which holds one, if any.
    private let lookedAt: [URL]
    /// The tally so far, once the library is read.
    var summary: ShotwellImportSummary?

    init(database: URL, includingHidden: Bool = false) {
        (self.database, self.includingHidden, lookedAt) = (database, includingHidden, [])
    }

    /// Reads Shotwell's library from where Shotwell keeps it, else names every place looked at.
    init(lookingIn locations: [URL], includingHidden: Bool = false) {
        (database, self.includingHidden, lookedAt) = (ShotwellLibrary.firstPresent(of: locations), includingHidden, locations)
    }

    /// Shotwell's photos to import, with their titles, turns and dates; nil once the reason the
    /// database cannot be read is told.
    func gather() -> (files: [URL], details: [ImportedDetails]?, failed: Bool)? {
        let library: ShotwellLibrary
        do {
            // Said at once: the wait may last the whole patience, which silence would make a hang.
            library = try ShotwellLibrary(reading: database, includingHidden: includingHidden) {
                Console.complain(tr("Waiting for Shotwell, which is using its library…"))
            }
        } catch .missing where !lookedAt.isEmpty {
            Console.complain(String(format: tr("Shotwell’s library was not found: there is no photo.db at %@. If it is elsewhere, give the path of its photo.db after --from-shotwell"),
                                    lookedAt.map { DisplayName.of(FileName(url: $0)) }.joined(separator: ", ")))
            return nil
        } catch {
            Console.complain(error.message)
            return nil
        }
        summary = ShotwellImportSummary(library)
        if !library.folders.isEmpty {
            Console.say(String(format: tr("Reading photos from: %@"), library.folders.map(\.displayed).joined(separator: ", ")))
        }
        for file in library.hidden {
            Console.complain(String(format: tr("%@: the file is in a hidden folder, so it was left out; --include-hidden imports it"),
                                    file.displayed))
        }
        library.oddRows.forEach { Console.complain($0.words) }
        // Every name: a script may want them, and the terminal scrolls.
        for file in library.missing {
            Console.complain(String(format: tr("%@: the file Shotwell’s library names is gone, so it was not imported"), file.displayed))
        }
        return (library.files, library.details, !library.missing.isEmpty || !library.oddRows.isEmpty)
    }

    /// Tells the summary; false when a photo of Shotwell's was not imported.
    func finish() -> Bool {
        guard let summary else { return false }
        Console.say(summary.sentence(cancelled: false))
        return summary.missing.isEmpty && summary.oddRows.isEmpty && summary.imports.failed == 0
    }
}
