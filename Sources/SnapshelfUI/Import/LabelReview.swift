// Labelling photos already in the library one by one, in the import's label dialog: after an
// import that brought photos in without asking, such as one from Shotwell, for those the person
// asks to label. Each shows with its label (the title it came with, or none) filled in and
// selected: Save gives it what the entry says, Skip leaves it as it is, one label may go to all
// that are left without a label (never over one a photo has, such as its Shotwell title), and
// Cancel or closing the dialog leaves the rest as they are.
import Foundation
import SnapshelfGlue
import SnapshelfMessages
import SnapshelfModel

@MainActor
final class LabelReview {
    let dialog: LabelDialog
    private let photos: [Photo]
    private var next = 0
    private let loader: ThumbnailLoader
    private let notification: Notices
    private var thumbnail: ThumbnailRequest?
    private let save: @MainActor ([Photo], SnapshelfModel.Label) -> Void
    private let ended: @MainActor () -> Void

    /// - Parameters:
    ///   - save: gives the photos the label; called in order, once per Save, with all that were
    ///     left when the label is for the rest.
    ///   - ended: called once, when the dialog has closed.
    init(_ photos: [Photo], parent: Window, loader: ThumbnailLoader, notification: Notices,
         save: @escaping @MainActor ([Photo], SnapshelfModel.Label) -> Void, ended: @escaping @MainActor () -> Void) {
        (self.photos, self.loader, self.notification) = (photos, loader, notification)
        (self.save, self.ended) = (save, ended)
        dialog = LabelDialog(parent: parent)
        dialog.onResponse = { [weak self] response in self?.respond(response) }
    }

    func start() {
        showNext()
    }

    private func showNext() {
        thumbnail?.cancel()
        guard next < photos.count else { return end() }
        let photo = photos[next]
        next += 1
        dialog.review(photo, number: next, of: photos.count, unlabelled: unlabelledAfter.count, thumbnail: nil)
        thumbnail = loader.thumbnail(of: photo.fileURL, size: .large, rotation: photo.rotation) { [weak self] result in
            guard case .success(let thumbnail) = result else { return }
            MainLoop.perform { [weak self] in
                // Only while the dialog still shows the photo it was asked for.
                guard let self, next > 0, photos[next - 1] == photo else { return }
                dialog.showThumbnail(Texture(pixbuf: thumbnail.pixbuf))
            }
        }
    }

    private func respond(_ response: LabelDialog.Response) {
        switch response {
        case .cancel: end()
        case .skip: showNext()
        case .save(let text, let forTheRest, _):
            let shown = photos[next - 1]
            let label: SnapshelfModel.Label
            do {
                label = try SnapshelfModel.Label(text)
            } catch {
                notification.show(String(format: tr("“%@” was not labelled: %@."), shown.displayName, ErrorMessage.of(error)))
                return showNext()
            }
            if let normalisation = label.normalisation {
                notification.show(String(format: tr("In the label of “%@”, %@."), shown.displayName, normalisation))
            }
            if forTheRest {
                save([shown] + unlabelledAfter, label)
                end()
            } else {
                save([shown], label)
                showNext()
            }
        }
    }

    /// Those after the photo shown that one label for the rest goes to.
    private var unlabelledAfter: [Photo] { photos[next...].filter(\.label.isEmpty) }

    private func end() {
        thumbnail?.cancel()
        dialog.close()
        ended()
    }
}
