// The photo information panel, beside the grid or the viewer's picture, or laid over them in a
// window too narrow for both (an AdwFlap): what `PhotoInformation` says about the photo shown or
// the photos selected, and one photo's earlier labels. Alt+Enter and the header's Info button show
// and hide it; while shown it follows the viewer, the selection and the library's changes (a new
// label). The metadata is read on a worker and shown when it comes back, unless the panel moved
// on to other photos meanwhile.
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class PhotoInfoPanel {
    /// The panel and whatever it sits beside, or over.
    let root = Flap(side: .end)
    private let scroller = ScrolledWindow()
    private let panel = Box(.vertical, spacing: 12)
    private let placeholder = Label(tr("No photos selected"))
    /// One heading and value per row, made as more rows are needed and hidden when fewer are.
    private var shownRows: [(box: Box, heading: Label, value: Label)] = []
    private let rowList = Box(.vertical, spacing: 12)
    let earlierLabels: EarlierLabelsList
    private let store: PhotoStore
    /// The photos shown, so details read for others are dropped.
    private var photos: [Photo] = []
    private(set) var rows: [PhotoInformation.Row] = []
    /// The photos the panel is about: the one in the viewer, else the selection.
    private let chosen: @MainActor () -> [Photo]
    private var storeSubscription: Subscription?

    init(beside content: Widget, following store: PhotoStore, commands: PhotoCommands, chosen: @escaping @MainActor () -> [Photo]) {
        (self.store, self.chosen) = (store, chosen)
        earlierLabels = EarlierLabelsList { [weak commands] text, photo in commands?.restoreEarlierLabel(text, of: photo) }
        content.expandsHorizontally = true
        // The panel folds over the content when the window is narrower than both at their least:
        // beside a grid narrower than this, the photos would be squeezed to a sliver.
        content.requestSize(width: 300)
        scroller.setPolicy(horizontal: .never, vertical: .automatic)
        scroller.expandsVertically = true
        scroller.addStyleClass("photo-info")
        scroller.addStyleClass("sidebar")
        panel.requestSize(width: 220)
        panel.margins = Margins(all: 18)
        let heading = Label(tr("Information"))
        heading.addStyleClass("heading")
        heading.xAlignment = 0
        placeholder.addStyleClass("dim-label")
        placeholder.xAlignment = 0
        panel.append([heading, placeholder, rowList, earlierLabels.root])
        scroller.setChild(panel)
        root.setContent(content)
        root.setFlap(scroller)
        // Folded, a click beside the panel or Escape hides it, which it then follows.
        root.onRevealChanged { [weak self] _ in self?.follow() }
        storeSubscription = store.observe { [weak self] _ in self?.follow() }
    }

    /// Whether the panel shows; full screen hides it for a while.
    var isShown: Bool {
        get { root.revealsFlap }
        set { root.revealsFlap = newValue }
    }

    /// Whether the panel shows over the photos, where Escape hides it before it leaves the viewer.
    var coversPhotos: Bool { isShown && root.isFolded }

    /// Shows the panel, or hides it.
    func toggle() {
        isShown.toggle()
    }

    /// Shows what is known about the chosen photos while the panel is shown, and reads their metadata.
    func follow() {
        guard isShown else { return }
        let photos = chosen()
        // Read each time: a merge changes them without changing the photo.
        let earlier = photos.count == 1 ? (try? store.library.earlierLabels(ofPhotoWithID: photos[0].id)) ?? [] : []
        earlierLabels.show(earlier, of: photos.count == 1 ? photos[0] : nil)
        guard photos != self.photos || rows.isEmpty else { return }
        self.photos = photos
        show(PhotoInformation.rows(for: photos, details: nil))
        guard !photos.isEmpty, photos.count <= PhotoInformation.summaryLimit else { return }
        PhotoDetails.read(photos) { [weak self] details in
            MainLoop.perform { [weak self] in
                guard let self, self.photos.map(\.id) == details.map(\.photoID) else { return }
                show(PhotoInformation.rows(for: self.photos, details: details))
            }
        }
    }

    private func show(_ rows: [PhotoInformation.Row]) {
        self.rows = rows
        placeholder.isVisible = rows.isEmpty
        while shownRows.count < rows.count {
            shownRows.append(Self.makeRow(in: rowList))
        }
        for (index, row) in shownRows.enumerated() {
            row.box.isVisible = index < rows.count
            guard index < rows.count else { continue }
            row.heading.text = rows[index].heading
            row.value.text = rows[index].value
        }
    }

    private static func makeRow(in list: Box) -> (box: Box, heading: Label, value: Label) {
        let box = Box(.vertical, spacing: 2)
        let heading = Label()
        heading.addStyleClass("dim-label")
        heading.addStyleClass("caption-heading")
        let value = Label()
        value.wraps = true
        value.breaksLongWords = true
        value.isSelectable = true
        for label in [heading, value] {
            label.xAlignment = 0
            box.append(label)
        }
        list.append(box)
        return (box, heading, value)
    }
}
