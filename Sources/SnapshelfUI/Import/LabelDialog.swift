// The small dialog that asks for a photo's label while showing its preview. Enter saves, Escape
// skips the photo (imported without a label), and Cancel (or closing the dialog) stops the rest of
// the import. It also edits the label of a photo in the library, filled in and selected. A title
// another app gave the photo is offered the same way, with a line saying where it is from. One
// label for the rest leaves the titles other photos bring along, unless ticked to replace them.
import Foundation
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class LabelDialog {
    enum Response: Equatable {
        /// Save with this label; with `forTheRest`, the remaining photos get the same label, those
        /// with a title in their files too when `replacingTitles`.
        case save(label: String, forTheRest: Bool, replacingTitles: Bool)
        case skip
        case cancel
    }

    static let previewSize = 360

    let window = Window()
    private let preview = Picture()
    private let previewArea = Box(.horizontal)
    private let entry = Entry(name: tr("Label"))
    private let fileName = Label()
    /// The title, and which photo of how many it is.
    private let heading = DialogTitle(tr("Label Photo"))
    private let skipButton = Button(mnemonic: tr("S_kip"))
    private let notice = Label()
    private let passedOverNote = Label()
    private let origin = LabelOrigin()
    private let lengthNote = LabelLengthNote()
    /// Whether the next photo is being read, when it cannot be saved or skipped yet.
    private var isBusy = false
    private let forTheRest = CheckButton()
    private let replacingTitles = CheckButton(mnemonic: tr("Also _replace any titles they bring along"))
    private let actions = ActionGroup()
    private let saveAction = Action("save")
    private let skipAction = Action("skip")
    /// Called once per shown photo with what the person chose.
    var onResponse: (@MainActor (Response) -> Void)?
    /// The window the dialog stands over, whose width it keeps within.
    private weak var parent: Window?

    init(parent: Window) {
        window.title = tr("Label Photo")
        window.isModal = true
        // As one of the application's windows, the dialog gets its shortcuts, Ctrl+Q among them.
        window.makeTransient(for: parent)
        self.parent = parent
        window.addStyleClass("label-dialog")

        buildHeader()
        buildContent()
        installActions()
        // Ticking the box hands the keyboard back to the entry, so that Enter then saves, as it
        // did before, instead of ticking the box again.
        forTheRest.onToggled { [weak self] in
            guard let self else { return }
            replacingTitles.isSensitive = forTheRest.isActive
            entry.focusKeepingSelection()
        }
        replacingTitles.onToggled { [weak self] in self?.entry.focusKeepingSelection() }
        entry.onChanged { [weak self] in
            guard let self else { return }
            updateSave()
            origin.follow(entry.text)
        }
    }

    /// 480 pixels wide, or in a narrower window its width: the dialog never reaches past it. In
    /// a window too low for the preview at its size, the dialog takes the window's height, and the
    /// preview what is left. Otherwise the height the content asks for: a window never shrinks by
    /// itself, so one grown for a duplicate's notice would stay tall for every photo after it.
    private func fitWithinParent() {
        let width = parent.map { $0.width > 0 ? min(480, $0.width) : 480 } ?? 480
        let height = parent.map(\.height).flatMap { $0 > 0 && $0 < Self.roomyHeight ? $0 : nil }
        previewArea.requestSize(height: height == nil ? Self.previewSize : Self.previewSize / 3)
        window.defaultSize = (width: width, height: height)
    }

    /// A window at least this high has room for the dialog with its preview at full size.
    private static let roomyHeight = 720

    private func buildHeader() {
        let (header, save) = DialogHeader.make(accepting: tr("_Save"), action: "dialog.save")
        header.setTitleWidget(heading.root)
        window.setTitlebar(header)
        window.setDefaultWidget(save)
    }

    private func buildContent() {
        let content = Box(.vertical, spacing: 12)
        content.margins = Margins(all: 18)
        preview.addStyleClass("preview")
        preview.scalesUp = false
        // In a horizontal box the picture is measured at its decoded width, not the dialog's, so
        // a portrait photo does not stretch the dialog taller than the preview size.
        preview.verticalAlignment = .center
        previewArea.horizontalAlignment = .center
        previewArea.expandsVertically = true
        previewArea.append(preview)
        content.append(previewArea)

        fileName.ellipsis = .middle
        fileName.addStyleClass("dim-label")
        content.append(fileName)

        for label in [passedOverNote, notice] {
            label.wraps = true
            label.breaksLongWords = true
            content.append(label)
        }
        passedOverNote.addStyleClass("warning")
        notice.addStyleClass("duplicate-notice")

        entry.placeholderText = tr("Label")
        // The title's origin sits close under the entry, so it reads as being about the text in it.
        let field = Box(.vertical, spacing: 4)
        field.append([entry, lengthNote.label, origin.label])
        // Under the box it depends on, indented as a GNOME sub-option is.
        replacingTitles.margins = Margins(start: 24)
        content.append([field, forTheRest, replacingTitles])
        // At the foot rather than in the header beside Save: there the header no longer fitted a
        // window 360 pixels wide without cutting the title short.
        skipButton.actionName = "dialog.skip"
        skipButton.horizontalAlignment = .end
        content.append(skipButton)
        window.setChild(content)
    }

    private func installActions() {
        // Both empty the entry at once, so what the person types while the next photo is read
        // becomes its label instead of being lost.
        saveAction.onActivate { [weak self] in
            guard let self else { return }
            let response = Response.save(label: entry.text, forTheRest: appliesToTheRest,
                                         replacingTitles: appliesToTheRest && replacingTitles.isActive)
            entry.text = ""
            onResponse?(response)
        }
        skipAction.onActivate { [weak self] in
            guard let self else { return }
            entry.text = ""
            onResponse?(.skip)
        }
        actions.add(saveAction)
        actions.add(skipAction)
        actions.addAction("cancel") { [weak self] in self?.onResponse?(.cancel) }
        window.insertActionGroup(actions, prefix: "dialog")
        window.addController(ShortcutController([("Escape", "dialog.skip")]))

        // Enter in the entry saves, even right after the dialog was insensitive between photos,
        // when GTK's default-widget activation can miss.
        entry.onActivate { [weak self] in self?.window.activateAction("dialog.save") }
        window.onCloseRequest { [weak self] in
            self?.onResponse?(.cancel)
            return true
        }
    }

    /// Shows one photo to import, numbered when it is one of several, with the entry focused. A
    /// photo already in the library says so and offers its current label, selected, to keep or
    /// change; a new one offers the label the library's sidecar `kept` for it when it left (see
    /// `Library.keptLabel(for:)`), else a title of its own. What the person typed ahead wins.
    /// `passedOver` says which files before it could not be imported, where the person looks.
    func show(_ candidate: PhotoCandidate, number: Int, of total: Int, existing: Photo?, kept: String? = nil,
              passedOver: String? = nil) {
        preview.paintable = Texture(pixbuf: candidate.preview.pixbuf)
        fileName.text = DisplayName.baseName(of: candidate.sourceURL)
        showPlace(number, of: total, offeringToReplaceTitles: true)
        skipButton.tooltipText = tr("Import this photo without a label (Escape)")
        let typedAhead = entry.text
        if let existing {
            notice.text = String(format: tr("This photo is already in your library (added %@). Keep its label or change it."), existing.added.formatted(date: .abbreviated, time: .omitted))
            if typedAhead.isEmpty {
                entry.text = existing.label
            }
        }
        notice.isVisible = existing != nil
        passedOverNote.text = passedOver ?? ""
        passedOverNote.isVisible = passedOver != nil
        let offeredKept = existing == nil && typedAhead.isEmpty ? kept : nil
        let offeredTitle = existing == nil && typedAhead.isEmpty && offeredKept == nil ? candidate.title : nil
        if let offeredKept {
            origin.offer(offeredKept, from: tr("The label this photo had in your library, kept in its sidecar"))
        } else if let offeredTitle {
            // TRANSLATORS: under the label entry; %@ is where the title was found, such as "the photo’s XMP title".
            origin.offer(offeredTitle.label.text, from: String(format: tr("Title from %@"), offeredTitle.sourceDescription))
        } else {
            origin.offer(nil)
        }
        if let offered = offeredKept ?? offeredTitle?.label.text {
            entry.text = offered
        }
        presentForTyping(selectingAll: typedAhead.isEmpty)
    }

    /// The photo's number among those of the session, Skip, and the offer of one label for the rest.
    /// - Parameter forTheRest: how many photos one label for the rest goes to, when not all left.
    private func showPlace(_ number: Int, of total: Int, offeringToReplaceTitles: Bool, forTheRest rest: Int? = nil) {
        heading.subtitle = total > 1 ? String(format: tr("%d of %d"), number, total) : ""
        skipButton.isVisible = total > 1
        let remaining = rest ?? total - number
        forTheRest.mnemonic = String(format: trn("_Use this label for %d more photo", "_Use this label for the other %d photos", remaining), remaining)
        forTheRest.isActive = false
        forTheRest.isVisible = remaining > 0
        replacingTitles.isActive = false
        replacingTitles.isSensitive = false
        replacingTitles.isVisible = remaining > 0 && offeringToReplaceTitles
    }

    /// Shows one of several photos already in the library that the person labels in turn, with
    /// its label (a title it came with, or none) filled in and selected; Skip leaves it as it is.
    /// One label for the rest offers to go to `unlabelled` photos after it only: those that have
    /// a label keep it.
    func review(_ photo: Photo, number: Int, of total: Int, unlabelled: Int, thumbnail: Paintable?) {
        edit(photo, thumbnail: thumbnail)
        window.title = tr("Label Photo")
        heading.title = window.title
        showPlace(number, of: total, offeringToReplaceTitles: false, forTheRest: unlabelled)
        skipButton.tooltipText = tr("Leave this photo’s label as it is (Escape)")
    }

    /// Shows a photo of the library with its label filled in and selected, to change it. Escape
    /// and Cancel leave it as it was.
    /// With others, the label saved goes to them all, which the dialog says; it starts with the
    /// label they share, or empty when they differ.
    func edit(_ photo: Photo, withOthers others: [Photo] = [], thumbnail: Paintable?) {
        let count = others.count + 1
        window.title = count == 1 ? tr("Edit Label") : String(format: trn("Edit Label of %d Photo", "Edit Label of %d Photos", count), count)
        heading.title = window.title
        preview.paintable = thumbnail
        fileName.text = photo.displayName
        heading.subtitle = ""
        origin.offer(nil)
        for widget in [skipButton, forTheRest, replacingTitles, passedOverNote] as [Widget] {
            widget.isVisible = false
        }
        notice.text = String(format: trn("The label you save goes to the %d selected photo.",
                                         "The label you save goes to all %d selected photos.", count), count)
        notice.isVisible = count > 1
        entry.text = others.allSatisfy { $0.label == photo.label } ? photo.label : ""
        presentForTyping(selectingAll: true)
    }

    /// Ready for the label: the entry focused, its text selected so typing replaces it, or with
    /// the cursor after what the person typed ahead.
    private func presentForTyping(selectingAll: Bool) {
        setBusy(false)
        fitWithinParent()
        window.present()
        entry.grabFocus()
        if selectingAll {
            entry.selectAll()
        } else {
            entry.moveCursorToEnd()
        }
    }

    /// Shows the photo's thumbnail once it arrives, if the dialog had none.
    func showThumbnail(_ texture: Paintable) { preview.paintable = texture }

    var entryText: String { entry.text }
    var titleText: String { heading.title }
    var fileNameText: String { fileName.text }

    private var appliesToTheRest: Bool { forTheRest.isVisible && forTheRest.isActive }

    var forTheRestToggle: CheckButton { forTheRest }
    var replacingTitlesToggle: CheckButton { replacingTitles }
    var noticeText: String? { notice.isVisible ? notice.text : nil }
    var passedOverText: String? { passedOverNote.isVisible ? passedOverNote.text : nil }
    var titleSourceText: String? { origin.text }

    /// While the next photo is being read, it cannot be saved or skipped yet, but typing goes on.
    func setBusy(_ busy: Bool) {
        isBusy = busy
        skipAction.isEnabled = !busy
        updateSave()
    }

    /// Save waits for the photo, and refuses a label over the limit, which the note says.
    private func updateSave() {
        saveAction.isEnabled = lengthNote.update(for: entry.text) && !isBusy
    }

    /// Shown and not busy reading the next photo: what a person sees as ready for typing.
    var isWaitingForLabel: Bool { window.isVisible && skipAction.isEnabled }
    var progressText: String { heading.subtitle }
    var entryWidget: Entry { entry }

    func close() {
        window.destroy()
    }
}
