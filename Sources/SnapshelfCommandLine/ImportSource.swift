// What `snapshelf import` takes photos from: files and folders named on the command line, or
// Shotwell's library. Each finds its files, telling what it could not use, and Shotwell's also
// counts the import's photos for the summary it tells at the end.
import Foundation
import SnapshelfMessages
import SnapshelfModel

enum ImportSource {
    case files([FileName], recursive: Bool)
    case shotwell(ShotwellImportCommand)

    /// The files to import, what each brings from a catalogue, and whether finding them failed
    /// for some; nil, once told why, when there is nothing to import.
    func gather() -> (files: [URL], details: [ImportedDetails]?, failed: Bool)? {
        switch self {
        case .files(let paths, let recursive):
            let collection = FileCollector.collect(paths.map(\.url), recursive: recursive)
            let failed = !collection.problems.isEmpty
            for problem in collection.problems {
                let hint = problem.reason == .file(.isDirectory) ? " " + tr("(add --recursive to import the photos in it)") : ""
                Console.complain("\(problem.displayPath): \(problem.explanation)\(hint)")
            }
            // Every name: a script may want them, and the terminal scrolls.
            collection.skippedSentence(naming: .max).map(Console.say)
            if collection.files.isEmpty && !failed {
                Console.complain(String(format: tr("found no photos to import in %@"), paths.map(\.displayed).joined(separator: ", ")))
                return nil
            }
            return (collection.files, nil, failed)
        case .shotwell(let command):
            return command.gather()
        }
    }

    /// Counts a photo the import handled.
    func count(_ progress: BatchImport.Progress) {
        if case .shotwell(let command) = self { command.summary?.count(progress) }
    }

    /// Tells what the source has to say at the end; false when it makes the import a failure.
    func finish() -> Bool {
        guard case .shotwell(let command) = self else { return true }
        return command.finish()
    }
}
