// One import's labelling: each file in turn is checked and previewed, then shown in the label
// dialog until the person saves it, skips it (imported with no label) or cancels the rest. What
// they type while the next file is read becomes its label. Choosing one label for the rest ends
// the session early and hands the rest on, to be imported in the background.
import Foundation
import SnapshelfGlue
import SnapshelfMessages
import SnapshelfModel

@MainActor
final class LabellingSession {
    /// The files still to import when the person chose one label for them all, and whether it
    /// replaces the titles found in them.
    typealias Rest = (files: [URL], label: SnapshelfModel.Label, replacingTitles: Bool)

    let dialog: LabelDialog
    let files: [URL]
    private var next = 0
    /// The photo the dialog shows now, checked and previewed, and the library's photo with the
    /// same content, if any.
    private var current: (candidate: PhotoCandidate, existing: Photo?)?
    private let library: Library
    private let loader: ThumbnailLoader
    private let notification: Notices
    private let save: @MainActor (PhotoCandidate, Photo?, SnapshelfModel.Label) -> Void
    private let ended: @MainActor (Rest?) -> Void
    /// The files that came to nothing here, unreadable, for the import's summary.
    private(set) var unsaved = ImportSummary()
    /// Whether the person stopped the import, maybe with files left.
    private(set) var wasCancelled = false
    /// How many files left the session, saved, skipped or found unreadable.
    private var handed = 0
    /// Whether the dialog has closed: a file read meanwhile is not shown.
    private var isOver = false
    /// Why the files since the last one shown could not be imported, told in the dialog.
    private var passedOver: [String] = []
    /// The files that could not be read, which the dialog's count leaves out as it learns of them,
    /// told in the import's toast once the dialog closes, with its total: a toast behind the
    /// dialog would go unseen, or time out before the total came.
    private var failures: [ImportError] = []

    /// - Parameters:
    ///   - library: where a file's content is looked for, to offer the label it has there.
    ///   - notification: where problems with single files are told; the session goes on with the others.
    ///   - save: called for each photo the person saves, in order, with the library's photo of
    ///     the same content, if any.
    ///   - ended: called once, when the dialog has closed, with the rest if one label is for them.
    init(files: [URL], parent: Window, library: Library, loader: ThumbnailLoader, notification: Notices,
         save: @escaping @MainActor (PhotoCandidate, Photo?, SnapshelfModel.Label) -> Void,
         ended: @escaping @MainActor (Rest?) -> Void) {
        (self.files, self.library, self.loader) = (files, library, loader)
        (self.notification, self.save, self.ended) = (notification, save, ended)
        dialog = LabelDialog(parent: parent)
        dialog.onResponse = { [weak self] response in self?.respond(response) }
    }

    func start() {
        inspectNext()
    }

    private func inspectNext() {
        guard next < files.count else { return end() }
        let url = files[next]
        next += 1
        dialog.setBusy(true)
        loader.candidate(inspecting: url, previewSize: LabelDialog.previewSize) { [weak self] result in
            MainLoop.perform { [weak self] in self?.present(result, from: url) }
        }
    }

    /// The files not yet handed on, the one shown or being read included.
    var filesLeft: Int { files.count - handed }

    /// Ends the session at once, as when the library's disk is full: nothing more is asked.
    func abandon() {
        end()
    }

    /// Shows a file read, numbered among those that can be shown: one that cannot is counted out,
    /// said in the dialog over the next photo, and in the import's toast at the end.
    private func present(_ result: Result<PhotoCandidate, ImportError>, from url: URL) {
        guard !isOver else { return }
        switch result {
        case .success(let candidate):
            let existing = try? library.photo(withContentHash: candidate.sha256)
            current = (candidate, existing)
            // A sidecar beside the original that could not be read, so its title is not offered.
            candidate.titleNotes.forEach { notification.show(String(format: tr("Note: %@"), $0.words)) }
            dialog.show(candidate, number: next - failures.count, of: files.count - failures.count, existing: existing,
                        kept: existing == nil ? library.keptLabel(for: candidate) : nil,
                        passedOver: passedOverText)
            passedOver = []
        case .failure(let error):
            failures.append(error)
            unsaved.count(.failure(error))
            passedOver.append(String(format: tr("“%@” was not imported: %@."), DisplayName.baseName(of: url), error.explanation))
            handed += 1
            inspectNext()
        }
    }

    /// The files passed over since the last photo shown, a line each, the first few only: the
    /// import's toast lists them all.
    private var passedOverText: String? {
        guard passedOver.count > 3 else { return passedOver.isEmpty ? nil : passedOver.joined(separator: "\n") }
        let more = passedOver.count - 2
        return (passedOver.prefix(2) + [String(format: trn("%d more file was not imported.", "%d more files were not imported.", more), more)])
            .joined(separator: "\n")
    }

    private func respond(_ response: LabelDialog.Response) {
        switch response {
        case .cancel:
            wasCancelled = true
            end()
        case .skip:
            guard let (candidate, _) = current else { return }
            current = nil
            handed += 1
            // Skip imports the photo without a label, as the help says. One already in the
            // library is passed without its photo, so the label it has there is left alone.
            save(candidate, nil, .empty)
            inspectNext()
        case .save(let text, let forTheRest, let replacingTitles):
            guard let (candidate, existing) = current else { return }
            current = nil
            handed += 1
            guard let label = makeLabel(text, for: candidate.sourceURL) else { return inspectNext() }
            save(candidate, existing, label)
            if forTheRest {
                end(handingOn: (Array(files[next...]), label, replacingTitles))
            } else {
                inspectNext()
            }
        }
    }

    /// The label to save, with a note when it was normalised; nil after saying why it cannot be used.
    private func makeLabel(_ text: String, for file: URL) -> SnapshelfModel.Label? {
        do {
            let label = try SnapshelfModel.Label(text)
            if let normalisation = label.normalisation {
                notification.show(String(format: tr("In the label of “%@”, %@."), DisplayName.baseName(of: file), normalisation))
            }
            return label
        } catch {
            notification.show(String(format: tr("“%@” was not saved: %@."), DisplayName.baseName(of: file), ErrorMessage.of(error)))
            return nil
        }
    }

    private func end(handingOn rest: Rest? = nil) {
        isOver = true
        dialog.close()
        current = nil
        failures.forEach(notification.report)
        failures = []
        ended(rest)
    }
}
