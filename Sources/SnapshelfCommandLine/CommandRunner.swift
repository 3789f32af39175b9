// Runs the commands that need no display and turns their outcome into an exit status.
import Foundation
import SnapshelfMessages
import SnapshelfModel

public struct CommandRunner {
    public enum ExitStatus: Int32 {
        case success = 0
        case failure = 1
        case usage = 2
    }

    private let environment: [String: String]

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    public func run(_ invocation: Invocation) -> ExitStatus {
        switch invocation {
        case .startGUI:
            preconditionFailure("the GUI is started by the executable, not by CommandRunner")
        case .help(let topic):
            Console.say(topic.text)
            return .success
        case .version:
            Console.say("snapshelf \(SnapshelfVersion.current)")
            Console.say(SandboxMessages.decoders)
            return .success
        case .importPhotos(let library, let text, let recursive, let paths):
            // Without --label, each photo keeps the title it brought along.
            var label: Label?
            if let text {
                guard let given = self.label(text, for: .import) else { return .usage }
                label = given
            }
            return importPhotos(.files(paths, recursive: recursive), label: label,
                                into: LibraryLocation.resolve(explicit: library, environment: environment))
        case .importFromShotwell(let library, let text, let database, let includingHidden):
            // With --label, only the photos that bring no title of their own take it.
            var label: Label?
            if let text {
                guard let given = self.label(text, for: .import) else { return .usage }
                label = given
            }
            let shotwell = database.map { ShotwellImportCommand(database: $0.url, includingHidden: includingHidden) }
                ?? ShotwellImportCommand(lookingIn: ShotwellLibrary.defaultLocations(environment: environment), includingHidden: includingHidden)
            return importPhotos(.shotwell(shotwell), label: label,
                                into: LibraryLocation.resolve(explicit: library, environment: environment))
        case .list(let library, let json):
            // Nothing there yet is an empty library, not a fault: the first import makes it.
            let directory = LibraryLocation.resolve(explicit: library, environment: environment)
            if !FileManager.default.fileExists(atPath: directory.path) {
                Console.say(json ? "[]" : String(format: tr("There is no library at %@ yet; importing a photo creates it."),
                                                 DisplayName.of(FileName(url: directory))))
                return .success
            }
            return withLibrary(library) { (library) throws(LibraryError) in
                // A photo at a time, so a million are never all in memory.
                var listing = PhotoListing(writingTo: Console.say)
                if json {
                    try library.forEachPhotoWithEarlierLabels { listing.add($0, earlierLabels: $1) }
                    listing.finish()
                } else {
                    try library.forEachPhoto { Console.say(PhotoListing.line(for: $0)) }
                }
                return .success
            }
        case .search(let library, let json, let text):
            return withLibrary(library) { (library) throws(LibraryError) in
                try print(library.search(text), json: json, in: library)
                return .success
            }
        case .relabel(let library, let id, let text):
            guard let label = label(text, for: .label) else { return .usage }
            return withLibrary(library) { (library) throws(LibraryError) in
                guard try library.relabel(photoWithID: id, as: label) else {
                    Console.complain(String(format: tr("there is no photo with ID %ld"), Int(id)))
                    return .failure
                }
                Console.say(label.text.isEmpty ? String(format: tr("Photo %ld has no label now"), Int(id))
                                               : String(format: tr("Photo %ld is now labelled “%@”"), Int(id), DisplayName.escaped(label.text)))
                return .success
            }
        case .rotate(let library, let ids, let degrees):
            return withLibrary(library) { (library) throws(LibraryError) in try rotate(ids, by: degrees, in: library) }
        case .remove(let library, let ids):
            return withLibrary(library) { (library) throws(LibraryError) in remove(ids, from: library) }
        case .check(let library):
            return withLibrary(library) { (library) throws(LibraryError) in try check(library) }
        case .rebuild(let library):
            return RebuildCommand(directory: LibraryLocation.resolve(explicit: library, environment: environment)).run()
        case .export(let library, let folder, let ids):
            return withLibrary(library) { (library) throws(LibraryError) in
                try ExportCommand(library: library, folder: URL(fileURLWithPath: folder, isDirectory: true), ids: ids).run()
            }
        }
    }

    /// Reports a usage error the way every command does, with a pointer to the help.
    public func reportUsage(_ error: UsageError) -> ExitStatus {
        let hint = error.topic == .general ? "snapshelf --help" : "snapshelf \(error.topic.rawValue) --help"
        Console.complain("\(error)\n" + String(format: tr("Try “%@”."), hint))
        return .usage
    }

    /// The label as it will be saved, with a note when it was normalised; nil after reporting
    /// why it cannot be saved.
    private func label(_ text: String, for command: HelpTopic) -> Label? {
        do {
            let label = try Label(text)
            if let normalisation = label.normalisation {
                Console.complain(String(format: tr("note: in the label, %@"), normalisation))
            }
            return label
        } catch {
            _ = reportUsage(.invalidLabel(error.words, command: command))
            return nil
        }
    }

    /// Only an import creates a library; the other commands say there is none.
    private func withLibrary(_ library: String?, _ body: (Library) throws(LibraryError) -> ExitStatus) -> ExitStatus {
        let directory = LibraryLocation.resolve(explicit: library, environment: environment)
        do {
            return try body(try open(directory, creatingIfMissing: false))
        } catch {
            Console.complain(error.message)
            return .failure
        }
    }

    /// Opens the library, telling what opening it had to say.
    private func open(_ directory: URL, creatingIfMissing: Bool) throws(LibraryError) -> Library {
        let library = try Library(directory: directory, creatingIfMissing: creatingIfMissing)
        library.openingNotes.forEach { Console.complain(String(format: tr("note: %@"), $0.words)) }
        takeInChangesFromOtherComputers(library)
        return library
    }

    /// A library Syncthing shares may have changed on other computers since this one last
    /// looked: each command first takes that in, telling how far it is when there is much to
    /// read, as when a library has just arrived, so every command sees what the window would.
    /// One that cannot be taken in is told, and the command goes on with the index as it is.
    private func takeInChangesFromOtherComputers(_ library: Library) {
        var lastShown = Date()
        let rescan: Library.Rescan
        do {
            rescan = try library.rescan(opening: true) { read, total in
                guard total >= 200, read == total || Date().timeIntervalSince(lastShown) >= 0.5 else { return }
                lastShown = Date()
                Console.complain(String(format: tr("indexing: read %ld of %ld sidecars that changed on other computers"), read, total))
            }
        } catch {
            return Console.complain(String(format: tr("note: %@"), error.message))
        }
        rescan.notes.forEach { Console.complain(String(format: tr("note: %@"), $0)) }
        rescan.setAside.forEach { Console.complain(String(format: tr("note: %@"), CheckFinding.setAside($0.file, why: $0.why).words)) }
        rescan.summary().forEach { Console.complain($0) }
    }

    /// Imports into the library, which is created only once a photo is ready to go in; one that
    /// exists is opened first, so that a library that cannot take photos says so before any work.
    private func importPhotos(_ source: ImportSource, label: Label?, into directory: URL) -> ExitStatus {
        var library: Library?
        do {
            try LibraryFolder.refuseWhatIsNoLibrary(at: directory, creatingIfMissing: true)
            if LibraryFolder.exists(at: directory) {
                library = try open(directory, creatingIfMissing: true)
            }
        } catch {
            Console.complain(error.message)
            return .failure
        }
        if let refusal = library?.writeRefusal, refusal.isDiskFull {
            Console.complain(refusal.message)
            return .failure
        }
        if library?.isReadOnly == true {
            Console.complain(String(format: tr("the library at %@ is read-only, so nothing can be imported into it"), directory.path))
            return .failure
        }
        guard let found = source.gather() else { return .failure }
        var failed = found.failed
        var created: Library?
        var added = false
        // A library this import started but put nothing into goes again, as if never made.
        defer { if !added { created?.discardIfUnused() } }
        do {
            try BatchImport().run(found.files, label: label, keepingFoundTitles: found.details != nil && label != nil,
                                  details: found.details, opening: { () throws(LibraryError) in
                if let library { return library }
                let opened = try open(directory, creatingIfMissing: true)
                (library, created) = (opened, opened)
                return opened
            }, report: { progress in
                source.count(progress)
                if case .success(.added) = progress.result { added = true }
                progress.notes.forEach { Console.complain(String(format: tr("note: %@"), $0.words)) }
                switch progress.result {
                case .success(.added(let photo)):
                    Console.say(String(format: tr("Imported %@ as photo %ld"), DisplayName.of(FileName(url: progress.file)), Int(photo.id)))
                case .success(.duplicate(of: let photo)):
                    Console.say(String(format: tr("Already in the library as photo %ld: %@"), Int(photo.id), DisplayName.of(FileName(url: progress.file))))
                case .success(.restored(let photo)):
                    Console.say(String(format: tr("Already in the library as photo %ld, whose missing or damaged copy was restored from %@"),
                               Int(photo.id), DisplayName.of(FileName(url: progress.file))))
                case .failure(let error) where error.isInHiddenFolder:
                    // Left out as a file the reading found in a hidden folder is, and named the same way.
                    Console.complain(String(format: tr("%@: the file is in a hidden folder, so it was left out; --include-hidden imports it"),
                                            error.displayPath))
                case .failure(let error):
                    failed = true
                    Console.complain(error.message)
                }
            })
        } catch {
            Console.complain(error.message)
            return .failure
        }
        return source.finish() && !failed ? .success : .failure
    }

    private func rotate(_ ids: [Int64], by degrees: Int, in library: Library) throws(LibraryError) -> ExitStatus {
        let undo = try library.rotate(photosWithIDs: ids, by: degrees)
        let missing = ids.filter { undo.rotations[$0] == nil }
        missing.forEach { Console.complain(String(format: tr("there is no photo with ID %ld"), Int($0))) }
        // The rotation this turn left, not one read afterwards that another process may have turned further.
        var told = Set<Int64>()
        for id in ids where told.insert(id).inserted {
            guard let rotation = undo.rotations[id] else { continue }
            Console.say(String(format: tr("Rotated photo %ld by %ld°; it is now turned %ld° clockwise"), Int(id), degrees, rotation))
        }
        return missing.isEmpty ? .success : .failure
    }

    private func remove(_ ids: [Int64], from library: Library) -> ExitStatus {
        var failed = false
        for id in ids {
            do {
                let hadFile = try library.photo(withID: id).map { FileManager.default.fileExists(atPath: $0.fileURL.path) } ?? false
                if let photo = try library.remove(photoWithID: id) {
                    Console.say(String(format: hadFile ? tr("Removed photo %ld (%@); its file is in the Trash")
                                                       : tr("Removed photo %ld (%@); its file was already missing"),
                                       Int(id), photo.displayName))
                } else {
                    failed = true
                    Console.complain(String(format: tr("there is no photo with ID %ld"), Int(id)))
                }
            } catch {
                failed = true
                Console.complain(error.message)
            }
        }
        return failed ? .failure : .success
    }

    private func check(_ library: Library) throws(LibraryError) -> ExitStatus {
        let problems = try library.check()
        library.exposure().forEach { Console.say(String(format: tr("Note: %@"), $0)) }
        guard problems.isEmpty else {
            let heading = trn("Library at %@ has %ld problem:", "Library at %@ has %ld problems:", problems.count)
            Console.say(String(format: heading, library.directory.path, problems.count))
            problems.forEach { Console.say("  \($0.words)") }
            return .failure
        }
        let count = try library.photoCount()
        let verdict = trn("Library is sound: %ld photo at %@", "Library is sound: %ld photos at %@", count)
        Console.say(String(format: verdict, count, library.directory.path))
        return .success
    }

    private func print(_ photos: [Photo], json: Bool, in library: Library) throws(LibraryError) {
        if json {
            var entries: [(Photo, [EarlierLabel])] = []
            for photo in photos { entries.append((photo, try library.earlierLabels(ofPhotoWithID: photo.id))) }
            Console.say(PhotoListing.json(entries))
        } else {
            photos.forEach { Console.say(PhotoListing.line(for: $0)) }
        }
    }
}
