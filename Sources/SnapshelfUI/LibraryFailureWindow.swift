// The window shown instead of the library when it cannot be opened: why, and a way to quit. When
// the photos can make the database again (it is missing or damaged), it offers to rebuild it,
// shows how far the rebuild is, and hands the report on so the library then opens as usual.
import CGtk
import Foundation
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class LibraryFailureWindow {
    let window: GObjectRef
    private let directory: URL
    private let icon: GObjectRef
    private let explanation: GObjectRef
    private let message: GObjectRef
    private let progress: GObjectRef
    private let quitButton: GObjectRef
    private let rebuildButton: GObjectRef
    private(set) var isRebuilding = false
    /// Called with the report once a rebuild succeeded, to open the library it made.
    var rebuilt: (@MainActor (LibraryRebuild.Report) -> Void)?

    init(application: GObjectRef, directory: URL) {
        self.directory = directory
        window = GObjectRef(gtk_application_window_new(application.typed()))
        icon = GObjectRef(gtk_image_new())
        explanation = GObjectRef(gtk_label_new(
            tr("The photos and their labels are still in the library folder, and Snapshelf can make its database again from them. Nothing is deleted: an old database is kept beside the new one.")))
        message = GObjectRef(gtk_label_new(nil))
        progress = GObjectRef(gtk_progress_bar_new())
        quitButton = GObjectRef(gtk_button_new_with_mnemonic(tr("_Quit")))
        rebuildButton = GObjectRef(gtk_button_new_with_mnemonic(tr("_Rebuild Library")))
        gtk_window_set_title(window.typed(), "Snapshelf")
        gtk_window_set_default_size(window.typed(), 520, -1)
        build()
        rebuildButton.connect("clicked") { [weak self] in self?.rebuild() }
        // A rebuild stopped halfway would only have to start again: the window waits for it.
        window.connect("close-request") { [weak self] () -> Bool in self?.isRebuilding == true }
    }

    private func build() {
        let page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        gtk_widget_add_css_class(page, "empty-state")
        for setMargin in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom,
                          gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
            setMargin(page, 24)
        }
        gtk_image_set_pixel_size(icon.opaque, 64)
        gtk_widget_add_css_class(icon.typed(), "empty-icon")
        let title = gtk_label_new(tr("Snapshelf Could Not Open Your Library"))!
        gtk_widget_add_css_class(title, "empty-title")
        for label in [explanation, message] {
            gtk_label_set_wrap(label.opaque, 1)
            gtk_label_set_max_width_chars(label.opaque, 60)
            gtk_label_set_justify(label.opaque, GTK_JUSTIFY_CENTER)
        }
        gtk_label_set_selectable(message.opaque, 1)
        gtk_progress_bar_set_show_text(progress.opaque, 1)
        gtk_widget_set_visible(progress.typed(), 0)

        let buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_widget_set_halign(buttons, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_top(buttons, 12)
        gtk_actionable_set_action_name(quitButton.opaque, "app.quit")
        gtk_widget_add_css_class(rebuildButton.typed(), "suggested-action")
        gtk_box_append(buttons.gCast(), quitButton.typed())
        gtk_box_append(buttons.gCast(), rebuildButton.typed())
        for child in [icon.typed(), title, explanation.typed(), message.typed(), progress.typed(), buttons] {
            gtk_box_append(page.gCast(), child)
        }
        gtk_window_set_child(window.typed(), page)
    }

    /// Says why the library cannot be opened, offering the rebuild when it mends that.
    func show(_ error: LibraryError) {
        let offersRebuild = error.isMendedByRebuild
        gtk_image_set_from_icon_name(icon.opaque, offersRebuild ? "dialog-warning-symbolic" : "dialog-error-symbolic")
        gtk_label_set_text(message.opaque, error.description)
        // With the offer, the error is the detail behind the explanation, not the news itself.
        offersRebuild ? gtk_widget_add_css_class(message.typed(), "dim-label") : gtk_widget_remove_css_class(message.typed(), "dim-label")
        gtk_widget_set_visible(explanation.typed(), offersRebuild ? 1 : 0)
        gtk_widget_set_visible(rebuildButton.typed(), offersRebuild ? 1 : 0)
        gtk_window_present(window.typed())
        // A selectable label starts with all its text selected; the person should see it plainly.
        gtk_label_select_region(message.opaque, 0, 0)
        gtk_widget_grab_focus(offersRebuild ? rebuildButton.typed() : quitButton.typed())
    }

    /// Rebuilds on a worker thread, since reading every photo's sidecar takes a while in a large
    /// library, with the count read so far on the bar.
    private func rebuild() {
        guard !isRebuilding else { return }
        setRebuilding(true)
        gtk_progress_bar_set_fraction(progress.opaque, 0)
        gtk_progress_bar_set_text(progress.opaque, tr("Rebuilding the library…"))
        let directory = self.directory
        DispatchQueue.global(qos: .userInitiated).async {
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
        gtk_progress_bar_set_fraction(progress.opaque, total == 0 ? 1 : Double(read) / Double(total))
        gtk_progress_bar_set_text(progress.opaque, String(format: trn("Read %d of %d photo", "Read %d of %d photos", total), read, total))
    }

    private func finish(_ result: Result<LibraryRebuild.Report, LibraryError>) {
        setRebuilding(false)
        switch result {
        case .success(let report):
            rebuilt?(report)
        case .failure(let error):
            // The rebuild's own reason, such as the library being open elsewhere; it may be tried again.
            show(LibraryError(operation: error.operation, detail: error.detail, isMendedByRebuild: true))
        }
    }

    private func setRebuilding(_ rebuilding: Bool) {
        isRebuilding = rebuilding
        gtk_widget_set_visible(progress.typed(), rebuilding ? 1 : 0)
        gtk_widget_set_sensitive(rebuildButton.typed(), rebuilding ? 0 : 1)
        gtk_widget_set_sensitive(quitButton.typed(), rebuilding ? 0 : 1)
    }

    var messageText: String { String(cString: gtk_label_get_text(message.opaque)) }
    var offersRebuild: Bool { gtk_widget_get_visible(rebuildButton.typed()) != 0 }
    var progressText: String { gtk_progress_bar_get_text(progress.opaque).map { String(cString: $0) } ?? "" }

    func close() {
        gtk_window_destroy(window.typed())
    }
}
