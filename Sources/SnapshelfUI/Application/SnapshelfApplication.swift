// The application: opens the library and shows its window, or why it cannot (offering the rebuild
// when that mends it), and owns the app-wide shortcuts.
import Foundation
import SnapshelfGlue
import SnapshelfMessages
import SnapshelfModel

@MainActor
public final class SnapshelfApplication {
    #if SNAPSHELF_DEVELOPMENT
    /// A development build runs beside a released one, with its own ID, icon and style.
    public static let id = "io.github.snapshelf.Snapshelf.Devel"
    static let isDevelopment = true
    #else
    public static let id = "io.github.snapshelf.Snapshelf"
    static let isDevelopment = false
    #endif

    /// The compiled-in resources and the translations, set up once per process however many
    /// applications it makes.
    private static let registerResources: Void = {
        EmbeddedResources.register()
        Localization.setUpIfNeeded()
        // gtk_init would set the locale again from the environment alone, undoing the fallback
        // that lets LANGUAGE choose when there is no LANG.
        GTK.keepLocale()
        GTK.setApplicationName("Snapshelf")
    }()

    let application: Application
    /// The library's folder; another when the person chooses one instead of a missing library.
    private var libraryDirectory: URL
    /// Whether a library folder that is not there is asked about rather than made: so for one the
    /// person named, which may be on a disk not plugged in, but not for their own first library.
    private let asksBeforeCreating: Bool
    private let loader = ThumbnailLoader()
    private(set) var window: LibraryWindow?
    /// Starts the window again on a library chosen in place of a missing one, so that the
    /// process registers under that library's ID and a later launch on it finds this window;
    /// returns only when it cannot. Unset, as in tests, the library opens in this process.
    public var reopening: (@MainActor (URL) -> Void)?

    /// - Parameters:
    ///   - id: the D-Bus application ID; tests give each instance its own, because two
    ///     applications of one ID cannot both register in one process.
    ///   - unique: one instance per session, which a second launch activates or hands its files
    ///     to; each library has an ID of its own, so two libraries can be open.
    ///   - asksBeforeCreating: for a library named on the command line or in SNAPSHELF_LIBRARY.
    public init(libraryDirectory: URL, id: String = SnapshelfApplication.id, unique: Bool = false, asksBeforeCreating: Bool = false) {
        self.libraryDirectory = libraryDirectory
        self.asksBeforeCreating = asksBeforeCreating
        Self.registerResources
        application = Application(id: id, unique: unique)
        // Development and released builds share one resource tree, which GTK searches for the icons.
        application.setResourceBasePath(EmbeddedResources.basePath)
        application.onStartup { [weak self] in self?.startUp() }
        application.onActivate { [weak self] in self?.activate() }
        application.onOpen { [weak self] files in self?.open(files) }
    }

    /// Runs the main loop until the last window closes; returns the process's exit status.
    /// Files given are offered for import, as "Open With Snapshelf" does.
    public func run(opening files: [URL] = []) -> Int32 {
        guard Display.open() else {
            let reason = tr("cannot open the window: there is no display (neither DISPLAY nor WAYLAND_DISPLAY works).")
            let hint = tr("The commands work without one; see “snapshelf --help”.")
            FileHandle.standardError.write(Data("snapshelf: \(reason)\n\(hint)\n".utf8))
            return 1
        }
        guard !files.isEmpty, application.register(), application.isRemote else {
            return application.run(opening: files)
        }
        return handOver(files)
    }

    /// Passes the files to the library's window in the process that has it, and returns at once.
    /// Files that are not there are named here, on the terminal they were typed in, since that
    /// window cannot tell where they were looked for.
    private func handOver(_ files: [URL]) -> Int32 {
        let missing = files.filter { file in FileName(url: file).withCString { access($0, F_OK) } != 0 }
        for file in missing {
            let message = String(format: tr("%@: there is no such file or folder, so it was not imported"), DisplayName.of(FileName(url: file)))
            FileHandle.standardError.write(Data("snapshelf: \(message)\n".utf8))
        }
        let present = files.filter { !missing.contains($0) }
        guard !present.isEmpty else { return 1 }
        let status = application.run(opening: present)
        return missing.isEmpty ? status : 1
    }

    private func open(_ files: [URL]) {
        activate()
        window?.importFlow.importFilesWhenFree(files)
    }

    private func startUp() {
        application.windowIconName = Self.id
        application.addAction(Command.quit.rawValue) { [weak self] in self?.closeWindowAndQuit() }
        application.addAction(Command.about.rawValue) { [weak self] in self?.showAbout() }
        application.addAction(Command.help.rawValue) { [weak self] in self?.window.map { HelpManual.open(over: $0) } }
        // Keys that mean the same wherever the focus is, for every command that has them; the
        // window and the grid add their own where a text entry would want the keys otherwise.
        for command in Command.allCases where !command.accelerators.isEmpty {
            application.setAccelerators(command.accelerators, for: command.detailedName)
        }
    }

    private func activate() {
        if let window {
            return window.present()
        }
        if let failure {
            return failure.window.present()
        }
        if let missing {
            return missing.present()
        }
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: libraryDirectory.path, isDirectory: &isFolder)
        if asksBeforeCreating, !exists || !isFolder.boolValue {
            return showMissing(exists ? .file : .nothing)
        }
        if asksBeforeCreating, LibraryFolder.holdsOtherFiles(libraryDirectory) {
            return showMissing(.otherFiles)
        }
        do {
            try openWindow()
        } catch {
            showFailure(error)
        }
    }

    /// Opens the library and its window. Its missing sidecars are written on the worker once the
    /// window has drawn, so a library from before sidecars shows its first frame as soon as any other.
    @discardableResult
    private func openWindow() throws(LibraryError) -> LibraryWindow {
        let store = try PhotoStore(library: try Library(directory: libraryDirectory, writingSidecars: false))
        let window = LibraryWindow(application: application, store: store, loader: loader)
        self.window = window
        // Under the desktop's ID, whichever library's the process registered under.
        window.window.showAsApplication(Self.id)
        // A crash's leftover the Trash would not take, kept in the library's removed/ folder.
        store.library.openingNotes.forEach { window.notification.show(String(format: tr("Note: %@"), $0.words)) }
        if ProcessInfo.processInfo.environment["SNAPSHELF_EXIT_AFTER_FIRST_FRAME"] == "1" {
            quitAfterFirstFrame(of: window.window)
        }
        // Syncthing settings that keep the computers from agreeing, as `check` names them: read
        // once the window has drawn, on a worker, so that neither its first frame nor what comes
        // after waits on Syncthing's file or on judging the library's ignore patterns.
        // So are the sidecars still to write, which the worker's own connection would open meanwhile.
        window.window.onFirstFrame { [weak window, directory = store.library.directory] in
            DispatchQueue.global(qos: .utility).async {
                let findings = SyncthingFolder.findings(forLibraryAt: directory)
                MainLoop.perform { findings.forEach { window?.notification.show(String(format: tr("Note: %@"), $0.words)) } }
            }
            window?.importFlow.writePendingSidecars()
        }
        window.present()
        return window
    }

    /// Without its library the app cannot work: say why, in a window and on stderr, and quit when
    /// closed, unless rebuilding the database mends it, which the window then offers.
    private func showFailure(_ error: LibraryError) {
        FileHandle.standardError.write(Data("snapshelf: \(error.message)\n".utf8))
        let failure = LibraryFailureWindow(application: application, directory: libraryDirectory)
        self.failure = failure
        failure.window.showAsApplication(Self.id)
        failure.rebuilt = { [weak self] report in self?.openRebuilt(report) }
        failure.show(error)
    }

    /// Asks about a named library whose folder is not there, or holds other files, instead of
    /// making a library there.
    private func showMissing(_ finding: MissingLibraryWindow.Finding) {
        let reason = switch finding {
        case .nothing: tr("there is no library folder at %@")
        case .file: tr("%@ is a file, not a library folder")
        case .otherFiles: tr("%@ holds other files, and no library")
        }
        FileHandle.standardError.write(Data("snapshelf: \(String(format: reason, libraryDirectory.path))\n".utf8))
        let missing = MissingLibraryWindow(application: application, directory: libraryDirectory, finding: finding)
        self.missing = missing
        missing.window.showAsApplication(Self.id)
        missing.chosen = { [weak self] folder in self?.openChosen(folder) }
        missing.present()
    }

    /// Opens the library the person created or chose, as any other, then closes the question:
    /// after, so the application never runs out of windows.
    private func openChosen(_ folder: URL) {
        if folder.standardizedFileURL != libraryDirectory.standardizedFileURL, let reopening {
            reopening(folder)
        }
        libraryDirectory = folder
        do {
            try openWindow()
        } catch {
            showFailure(error)
        }
        missing?.close()
        missing = nil
    }

    /// The window that asks about a named library that is not there, while it asks.
    private(set) var missing: MissingLibraryWindow?

    /// Opens the rebuilt library in the usual window, which says what the rebuild did.
    private func openRebuilt(_ report: LibraryRebuild.Report) {
        guard let failure else { return }
        let window: LibraryWindow
        do {
            window = try openWindow()
        } catch {
            return failure.show(error)
        }
        // Closed after the new window is up, so the application never runs out of windows.
        failure.close()
        self.failure = nil
        window.notification.show(String(format: trn("Rebuilt the library at %@: %ld photo.", "Rebuilt the library at %@: %ld photos.",
                                                     report.photos), libraryDirectory.path, report.photos))
        if let aside = report.movedAside {
            window.notification.show(String(format: tr("The old database was moved to %@."), aside.path))
        }
        if report.withoutSidecar > 0 {
            window.notification.show(String(format: trn("%ld had no sidecar and came back from the photo alone, without its label.",
                                                        "%ld had no sidecar and came back from the photos alone, without their labels.",
                                                        report.withoutSidecar), report.withoutSidecar))
        }
        report.notes.forEach { window.notification.show(String(format: tr("Note: %@"), $0.words)) }
    }

    /// The window that explains why the library could not be opened, when it could not.
    private(set) var failure: LibraryFailureWindow?
    var failureWindow: ApplicationWindow? { failure?.window }

    /// For the benchmark: quits in the first frame's after-paint, as its C windows do, so the time
    /// from launch to exit measures start-up and not what the next turn starts (thumbnails).
    private func quitAfterFirstFrame(of window: Widget) {
        window.onFirstPaint { [weak self] in self?.quit() }
    }

    /// The About window: version, licence, credits, and for a bug report the version and the
    /// decoders' sandbox, as `snapshelf --version` prints them.
    private func showAbout() {
        let about = AboutWindow(
            name: "Snapshelf", icon: Self.id, developer: tr("The Snapshelf developers"), version: SnapshelfVersion.current,
            comments: tr("Keep your photos with a label each, and find them by what you wrote."),
            website: "https://github.com/snapshelf/snapshelf", issues: "https://github.com/snapshelf/snapshelf/issues",
            copyright: tr("© 2026 The Snapshelf developers"), license: .gpl3, developers: [tr("The Snapshelf developers")],
            // TRANSLATORS: your names, one per line, for the About window's credits.
            translators: tr("translator-credits"),
            debugInfo: "snapshelf \(SnapshelfVersion.current)\n\(SandboxMessages.decoders)\n"
        )
        about.isModal = true
        if let parent = window?.window {
            about.makeTransient(for: parent)
        }
        about.present()
    }

    /// Ctrl+Q closes the window as the person would, so it remembers its size and completes a
    /// removal waiting for its undo, then ends the application.
    private func closeWindowAndQuit() {
        // Quitting halfway through a rebuild would only leave it to start again.
        guard failure?.isRebuilding != true else { return }
        // Halfway through an import, what the person typed and the photos still to come would go
        // without a word: asked first, over the label dialog if it shows.
        if let window, window.importFlow.isRunning {
            return askBeforeQuitting(over: window.importFlow.dialog?.window ?? window.window)
        }
        window?.window.destroy()
        quit()
    }

    /// The question before quitting during an import, while it asks.
    private(set) var quitQuestion: MessageDialog?

    private func askBeforeQuitting(over parent: Window) {
        guard quitQuestion == nil else { return }
        let question = MessageDialog(parent: parent, heading: tr("Stop Importing and Quit?"),
                                     body: tr("The photos saved so far stay in the library. The rest are not imported, and a label being typed is lost; you can import them again later."))
        question.setResponses([("cancel", tr("_Keep Importing"), .normal), ("quit", tr("_Quit"), .destructive)],
                              default: "cancel", close: "cancel")
        question.onResponse { [weak self] response in
            guard let self else { return }
            quitQuestion = nil
            guard response == "quit" else { return }
            window?.window.destroy()
            quit()
        }
        quitQuestion = question
        question.present()
    }

    private func quit() {
        application.quit()
    }
}
