// The small dialog that asks for a photo's label while showing its preview. Enter saves,
// Escape skips the photo, and Cancel (or closing the dialog) stops the rest of the import.
// The same dialog edits the label of a photo already in the library, filled in and selected.
// A title another app gave the photo is offered the same way, with a line saying where it is from.
import CGtk
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class LabelDialog {
    enum Response: Equatable {
        /// Save with this label; with `forTheRest`, the remaining photos get the same label.
        case save(label: String, forTheRest: Bool)
        case skip
        case cancel
    }

    static let previewSize = 360

    let window: GObjectRef
    private let preview: GObjectRef
    private let entry: GObjectRef
    private let fileName: GObjectRef
    private let progress: GObjectRef
    private let title: GObjectRef
    private let skipButton: GObjectRef
    private let notice: GObjectRef
    private let titleSource: GObjectRef
    private let forTheRest: GObjectRef
    private let actions: GObjectRef
    private var saveAction: GObjectRef?
    private var skipAction: GObjectRef?
    /// Called once per shown photo with what the person chose.
    var onResponse: (@MainActor (Response) -> Void)?

    init(parent: GObjectRef) {
        window = GObjectRef(gtk_window_new())
        preview = GObjectRef(gtk_picture_new())
        entry = GObjectRef(gtk_entry_new())
        fileName = GObjectRef(gtk_label_new(nil))
        progress = GObjectRef(gtk_label_new(nil))
        title = GObjectRef(gtk_label_new(tr("Label Photo")))
        skipButton = GObjectRef(gtk_button_new_with_mnemonic(tr("S_kip")))
        notice = GObjectRef(gtk_label_new(nil))
        titleSource = GObjectRef(gtk_label_new(nil))
        forTheRest = GObjectRef(gtk_check_button_new_with_mnemonic(nil))
        actions = GObjectRef(adopting: g_simple_action_group_new())

        gtk_window_set_title(window.typed(), tr("Label Photo"))
        gtk_window_set_modal(window.typed(), 1)
        gtk_window_set_transient_for(window.typed(), parent.typed())
        // As one of the application's windows, the dialog gets its shortcuts, Ctrl+Q among them.
        gtk_window_set_application(window.typed(), gtk_window_get_application(parent.typed()))
        gtk_window_set_destroy_with_parent(window.typed(), 1)
        gtk_window_set_default_size(window.typed(), 480, -1)
        gtk_widget_add_css_class(window.typed(), "label-dialog")

        buildHeader()
        buildContent()
        installActions()
    }

    private func buildHeader() {
        let header = gtk_header_bar_new()!
        gtk_header_bar_set_show_title_buttons(header.gOpaque, 0)
        let titles = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_set_valign(titles, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(title.typed(), "title")
        gtk_widget_add_css_class(progress.typed(), "subtitle")
        gtk_box_append(titles.gCast(), title.typed())
        gtk_box_append(titles.gCast(), progress.typed())
        gtk_header_bar_set_title_widget(header.gOpaque, titles)

        let cancel = gtk_button_new_with_mnemonic(tr("_Cancel"))!
        gtk_actionable_set_action_name(cancel.gOpaque, "dialog.cancel")
        gtk_header_bar_pack_start(header.gOpaque, cancel)

        let save = gtk_button_new_with_mnemonic(tr("_Save"))!
        gtk_widget_add_css_class(save, "suggested-action")
        gtk_actionable_set_action_name(save.gOpaque, "dialog.save")
        gtk_header_bar_pack_end(header.gOpaque, save)
        gtk_actionable_set_action_name(skipButton.opaque, "dialog.skip")
        gtk_widget_set_tooltip_text(skipButton.typed(), tr("Skip this photo (Escape)"))
        gtk_header_bar_pack_end(header.gOpaque, skipButton.typed())

        gtk_window_set_titlebar(window.typed(), header)
        gtk_window_set_default_widget(window.typed(), save)
    }

    private func buildContent() {
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        for setMargin in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom,
                          gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
            setMargin(content, 18)
        }
        gtk_widget_add_css_class(preview.typed(), "preview")
        // In a horizontal box the picture is measured at its decoded width, not the dialog's, so
        // a portrait photo does not stretch the dialog taller than the preview size.
        gtk_widget_set_valign(preview.typed(), GTK_ALIGN_CENTER)
        let previewArea = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_set_halign(previewArea, GTK_ALIGN_CENTER)
        gtk_widget_set_size_request(previewArea, -1, gint(Self.previewSize))
        gtk_box_append(previewArea.gCast(), preview.typed())
        gtk_picture_set_content_fit(preview.opaque, GTK_CONTENT_FIT_CONTAIN)
        gtk_picture_set_can_shrink(preview.opaque, 1)
        gtk_box_append(content.gCast(), previewArea)

        gtk_label_set_ellipsize(fileName.opaque, PANGO_ELLIPSIZE_MIDDLE)
        gtk_widget_add_css_class(fileName.typed(), "dim-label")
        gtk_box_append(content.gCast(), fileName.typed())

        gtk_label_set_wrap(notice.opaque, 1)
        gtk_widget_add_css_class(notice.typed(), "duplicate-notice")
        gtk_box_append(content.gCast(), notice.typed())

        gtk_entry_set_placeholder_text(entry.typed(), tr("Label"))
        gtk_entry_set_max_length(entry.typed(), gint(Label.maximumLength))
        // The title's origin sits close under the entry, so it reads as being about the text in it.
        let field = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
        gtk_box_append(field.gCast(), entry.typed())
        gtk_label_set_xalign(titleSource.opaque, 0)
        gtk_label_set_wrap(titleSource.opaque, 1)
        gtk_widget_add_css_class(titleSource.typed(), "dim-label")
        gtk_widget_add_css_class(titleSource.typed(), "title-source")
        gtk_box_append(field.gCast(), titleSource.typed())
        gtk_box_append(content.gCast(), field)
        gtk_box_append(content.gCast(), forTheRest.typed())
        gtk_window_set_child(window.typed(), content)
    }

    private func installActions() {
        let group = actions.raw
        // Both empty the entry at once, so what the person types while the next photo is read
        // becomes its label instead of being lost.
        saveAction = SimpleAction.add("save", to: group) { [weak self] in
            guard let self else { return }
            let response = Response.save(label: String(cString: gtk_editable_get_text(entry.opaque)),
                                         forTheRest: appliesToTheRest)
            gtk_editable_set_text(entry.opaque, "")
            onResponse?(response)
        }
        skipAction = SimpleAction.add("skip", to: group) { [weak self] in
            guard let self else { return }
            gtk_editable_set_text(entry.opaque, "")
            onResponse?(.skip)
        }
        SimpleAction.add("cancel", to: group) { [weak self] in self?.onResponse?(.cancel) }
        gtk_widget_insert_action_group(window.typed(), "dialog", actions.opaque)

        let shortcuts = gtk_shortcut_controller_new()!
        let escape = gtk_shortcut_new(gtk_shortcut_trigger_parse_string("Escape"), gtk_named_action_new("dialog.skip"))
        gtk_shortcut_controller_add_shortcut(shortcuts, escape)
        gtk_widget_add_controller(window.typed(), shortcuts)

        // Enter in the entry saves, even right after the dialog was insensitive between photos,
        // when GTK's default-widget activation can miss.
        entry.connect("activate") { [weak self] in
            gtk_widget_activate_action_variant(self?.window.typed(), "dialog.save", nil)
        }
        window.connect("close-request") { [weak self] () -> Bool in
            self?.onResponse?(.cancel)
            return true
        }
    }

    /// Shows one photo, numbered when it is one of several, with the entry focused. A photo already
    /// in the library says so and offers its current label, selected, to keep or change; a new one
    /// with a title of its own offers that. What the person typed ahead wins over either.
    func show(_ candidate: PhotoCandidate, number: Int, of total: Int, existing: Photo?) {
        let texture = GObjectRef(adopting: gdk_texture_new_for_pixbuf(candidate.preview.pixbuf))
        gtk_picture_set_paintable(preview.opaque, texture.opaque)
        gtk_label_set_text(fileName.opaque, candidate.sourceURL.lastPathComponent)
        gtk_label_set_text(progress.opaque, total > 1 ? String(format: tr("%d of %d"), number, total) : "")
        gtk_widget_set_visible(progress.typed(), total > 1 ? 1 : 0)
        gtk_widget_set_visible(skipButton.typed(), total > 1 ? 1 : 0)
        let remaining = total - number
        gtk_check_button_set_label(forTheRest.typed(), String(format: trn("_Use this label for the other %d photo", "_Use this label for the other %d photos", remaining), remaining))
        gtk_check_button_set_use_underline(forTheRest.typed(), 1)
        gtk_check_button_set_active(forTheRest.typed(), 0)
        gtk_widget_set_visible(forTheRest.typed(), remaining > 0 ? 1 : 0)
        let typedAhead = String(cString: gtk_editable_get_text(entry.opaque))
        if let existing {
            gtk_label_set_text(notice.opaque, String(format: tr("This photo is already in your library (added %@). Keep its label or change it."), existing.added.formatted(date: .abbreviated, time: .omitted)))
            if typedAhead.isEmpty {
                gtk_editable_set_text(entry.opaque, existing.label)
            }
        }
        gtk_widget_set_visible(notice.typed(), existing == nil ? 0 : 1)
        let offeredTitle = existing == nil && typedAhead.isEmpty ? candidate.title : nil
        if let offeredTitle {
            gtk_editable_set_text(entry.opaque, offeredTitle.label.text)
            // TRANSLATORS: under the label entry; %@ is where the title was found, such as "the photo’s XMP title".
            gtk_label_set_text(titleSource.opaque, String(format: tr("Title from %@"), offeredTitle.sourceDescription))
        }
        gtk_widget_set_visible(titleSource.typed(), offeredTitle == nil ? 0 : 1)
        setBusy(false)
        gtk_window_present(window.typed())
        gtk_widget_grab_focus(entry.typed())
        if typedAhead.isEmpty {
            gtk_editable_select_region(entry.opaque, 0, -1)
        } else {
            gtk_editable_set_position(entry.opaque, -1)
        }
    }

    /// Shows a photo of the library with its label filled in and selected, to change it. Escape
    /// and Cancel leave it as it was.
    func edit(_ photo: Photo, thumbnail: GObjectRef?) {
        gtk_window_set_title(window.typed(), tr("Edit Label"))
        gtk_label_set_text(title.opaque, tr("Edit Label"))
        gtk_picture_set_paintable(preview.opaque, thumbnail?.opaque)
        gtk_label_set_text(fileName.opaque, photo.originalName)
        for widget in [progress, skipButton, forTheRest, notice, titleSource] {
            gtk_widget_set_visible(widget.typed(), 0)
        }
        gtk_editable_set_text(entry.opaque, photo.label)
        setBusy(false)
        gtk_window_present(window.typed())
        gtk_widget_grab_focus(entry.typed())
        gtk_editable_select_region(entry.opaque, 0, -1)
    }

    /// Shows the photo's thumbnail once it arrives, if the dialog had none.
    func showThumbnail(_ texture: GObjectRef) {
        gtk_picture_set_paintable(preview.opaque, texture.opaque)
    }

    var entryText: String { String(cString: gtk_editable_get_text(entry.opaque)) }
    var titleText: String { String(cString: gtk_label_get_text(title.opaque)) }

    private var appliesToTheRest: Bool {
        gtk_widget_get_visible(forTheRest.typed()) != 0 && gtk_check_button_get_active(forTheRest.typed()) != 0
    }

    var forTheRestToggle: GObjectRef { forTheRest }
    var noticeText: String? {
        gtk_widget_get_visible(notice.typed()) != 0 ? String(cString: gtk_label_get_text(notice.opaque)) : nil
    }
    var titleSourceText: String? {
        gtk_widget_get_visible(titleSource.typed()) != 0 ? String(cString: gtk_label_get_text(titleSource.opaque)) : nil
    }

    /// While the next photo is being read, it cannot be saved or skipped yet, but typing goes on.
    func setBusy(_ busy: Bool) {
        for action in [saveAction, skipAction].compactMap(\.self) {
            SimpleAction.setEnabled(action, !busy)
        }
    }

    /// Shown and not busy reading the next photo: what a person sees as ready for typing.
    var isWaitingForLabel: Bool {
        gtk_widget_get_visible(window.typed()) != 0 && saveAction.map { g_action_get_enabled($0.opaque) != 0 } == true
    }
    var progressText: String { String(cString: gtk_label_get_text(progress.opaque)) }
    var entryWidget: GObjectRef { entry }

    func close() {
        gtk_window_destroy(window.typed())
    }
}
