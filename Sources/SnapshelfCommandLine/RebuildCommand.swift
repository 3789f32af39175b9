// `snapshelf rebuild`: makes the database again from the photos and their sidecars, telling its
// progress on stderr as it goes, since a large library takes a while.
import Foundation
import SnapshelfMessages
import SnapshelfModel

struct RebuildCommand {
    let directory: URL

    func run() -> CommandRunner.ExitStatus {
        var lastShown = Date.distantPast
        let report: LibraryRebuild.Report
        do {
            report = try LibraryRebuild.run(directory: directory) { read, total in
                // About twice a second, and at the end, so a terminal is neither flooded nor silent.
                guard read == total || Date().timeIntervalSince(lastShown) >= 0.5 else { return }
                lastShown = Date()
                Console.complain(String(format: tr("rebuilding: read %ld of %ld photos"), read, total))
            }
        } catch {
            Console.complain(error.message)
            return .failure
        }
        report.notes.forEach { Console.complain(String(format: tr("note: %@"), $0.words)) }
        if let aside = report.movedAside {
            Console.say(String(format: tr("The old database was moved to %@."), aside.path))
        }
        Console.say(String(format: trn("Rebuilt the library at %@: %ld photo.", "Rebuilt the library at %@: %ld photos.", report.photos),
                           directory.path, report.photos))
        if report.withoutSidecar > 0 {
            Console.say(String(format: trn("%ld had no sidecar and came back from the photo alone, without its label.",
                                           "%ld had no sidecar and came back from the photos alone, without their labels.",
                                           report.withoutSidecar), report.withoutSidecar))
        }
        return .success
    }
}
