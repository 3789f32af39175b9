// The window shown instead of the library when it cannot be opened: why, in plain sentences with
// no command to type, and a way to quit, or close it from its header bar. When the photos can make
// the database again (it is missing or damaged), it offers to rebuild it, shows how far the
// rebuild is, and hands the report on so the library then opens as usual.
import Foundation
import SnapshelfGlue
import SnapshelfMessages
import SnapshelfModel

@MainActor
final class LibraryFailureWindow {
    let window: ApplicationWindow
    private let directory: URL
    private let page = StatusPage(title: tr("Snapshelf Could Not Open Your Library"))
    private let message = Label()
    private let progress = ProgressBar()
    private let quitButton = Button(mnemonic: tr("_Quit"))
    private let rebuildButton = Button(mnemonic: tr("_Rebuild Library"))
    private(set) var isRebuilding = false
    /// Called with the report once a rebuild succeeded, to open the library it made.
    var rebuilt: (@MainActor (LibraryRebuild.Report) -> Void)?

    init(application: Application, directory: URL) {
        self.directory = directory
        window = ApplicationWindow(application: application)
        // The app's name, as in the window switcher; the page's heading says what happened.
        window.title = "Snapshelf"
        // Tall enough for the longest message: the status page scrolls rather than asking for more.
        window.defaultSize = (520, 620)
        build()
        rebuildButton.onClicked { [weak self] in self?.rebuild() }
        // A rebuild stopped halfway would only have to start again: the window waits for it.
        window.onCloseRequest { [weak self] in self?.isRebuilding == true }
        // Closed with the keys of any GNOME dialog, as with its header bar's button.
        window.addController(ShortcutController([("Escape", "window.close"), ("<Control>w", "window.close")]))
    }

    private func build() {
        message.wraps = true
        message.maxWidthChars = 60
        message.justification = .center
        message.isSelectable = true
        progress.isVisible = false
        let buttons = Box(.horizontal, spacing: 12)
        buttons.horizontalAlignment = .center
        quitButton.actionName = "app.quit"
        rebuildButton.addStyleClass("suggested-action")
        for button in [quitButton, rebuildButton] {
            button.addStyleClass("pill")
        }
        buttons.append([quitButton, rebuildButton])
        let details = Box(.vertical, spacing: 24)
        details.append([message, progress, buttons])
        page.child = details
        page.expandsVertically = true
        let column = Box(.vertical)
        column.append([HeaderBar(), page])
        window.setChild(column)
    }

    /// Says why the library cannot be opened, offering the rebuild when it mends that, or when
    /// `retrying` a rebuild that failed.
    func show(_ error: LibraryError, retrying: Bool = false) {
        let offersRebuild = retrying || error.isMendedByRebuild
        page.iconName = offersRebuild ? "dialog-warning-symbolic" : "dialog-error-symbolic"
        message.text = Self.sentence(error, cause: retrying ? error.reason : error.cause)
        // With the offer, the error is the detail behind the explanation, not the news itself.
        message.setStyleClass("dim-label", offersRebuild)
        page.description = offersRebuild ? tr("The photos and their labels are still in the library folder, and Snapshelf can make its database again from them. Nothing is deleted: a damaged database is kept beside the new one.") : ""
        rebuildButton.isVisible = offersRebuild
        window.present()
        // A selectable label starts with all its text selected; the person should see it plainly.
        message.selectRegion(0..<0)
        (offersRebuild ? rebuildButton : quitButton).grabFocus()
    }

    /// What went wrong as a sentence, without the command line's repair: the window has its button.
    static func sentence(_ error: LibraryError, cause: String) -> String {
        let cause = cause.hasSuffix(".") ? String(cause.dropLast()) : cause
        return String(format: tr("Snapshelf could not finish %@: %@."), error.operation.words, cause)
    }

    /// Rebuilds on a worker thread, since reading every photo's sidecar takes a while in a large
    /// library, with the count read so far on the bar.
    private func rebuild() {
        guard !isRebuilding else { return }
        setRebuilding(true)
        progress.fraction = 0
        progress.text = tr("Rebuilding the library…")
        let directory = self.directory
        DispatchQueue.global(qos: .userInitiated).async { [weak self] in
            var lastShown = Date.distantPast
            let result = Result { () throws(LibraryError) -> LibraryRebuild.Report in
                try LibraryRebuild.run(directory: directory) { read, total in
                    // A few times a second: a hop per photo would flood the main loop.
                    guard read == total || Date().timeIntervalSince(lastShown) >= 0.1 else { return }
                    lastShown = Date()
                    MainLoop.perform { [weak self] in self?.showProgress(read: read, of: total) }
                }
            }
            MainLoop.perform { [weak self] in self?.finish(result) }
        }
    }

    private func showProgress(read: Int, of total: Int) {
        progress.fraction = total == 0 ? 1 : Double(read) / Double(total)
        progress.text = String(format: trn("Read %d of %d photo", "Read %d of %d photos", total), read, total)
    }

    private func finish(_ result: Result<LibraryRebuild.Report, LibraryError>) {
        setRebuilding(false)
        switch result {
        case .success(let report):
            rebuilt?(report)
        case .failure(let error):
            // The rebuild's own reason, such as the library being open elsewhere; it may be tried again.
            show(error, retrying: true)
        }
    }

    private func setRebuilding(_ rebuilding: Bool) {
        isRebuilding = rebuilding
        progress.isVisible = rebuilding
        rebuildButton.isSensitive = !rebuilding
        quitButton.isSensitive = !rebuilding
    }

    var messageText: String { message.text }
    var offersRebuild: Bool { rebuildButton.isVisible }
    var progressText: String { progress.text }

    func close() {
        window.destroy()
    }
}
