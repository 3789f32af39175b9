// A GNOME-style in-app notification that slides up at the foot of the window. Several messages
// collect in one notification, which grows to a few lines and then scrolls, showing the latest, so
// a long list of failures cannot push it off the window and every message can still be read.
// Messages that count things of one kind, one after the other, add up into one line. The
// notification goes after `lifetime`, longer with more lines to read, but never while the pointer
// or the focus is on it; failures too, since each was also said where it happened or can be done
// again, and Dismiss closes it at once. A notice that offers an action, or lists what an import
// left behind, stays until dismissed, as GNOME's toasts for important results do: its action
// (Label One by One…) can be reached nowhere else, and its list is read at the person's pace.
// Messages after it join it, and it stays with them.
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class InAppNotification {
    /// How tall the messages grow before they scroll: about five lines.
    static let visibleHeight = 110
    /// How long one line stays; tests make it short.
    var lifetime: Duration = .seconds(10)

    let root: Revealer
    private let label = Label()
    private let scroller = ScrolledWindow()
    private var lines: [Line] = []
    private let timer: NoticeTimer
    /// Whether the notice stays until dismissed, whatever its lifetime.
    private(set) var stays = false

    /// One message, with what it counts if it counts things.
    private struct Line {
        var text: String
        var tally: Tally?
    }

    /// A count and the sentence that says a count of that kind; the sentence for one tells the kind.
    private struct Tally {
        let count: Int
        let sentence: @MainActor (Int) -> String
    }
    /// A button for what the messages offer to do, such as *Open Folder*.
    private(set) lazy var action = NoticeAction { [weak self] in self?.dismiss() }

    init() {
        let frame: Box
        (root, frame) = Self.sliding(.slideUp)
        timer = NoticeTimer(watching: frame)
        label.wraps = true
        label.breaksLongWords = true
        // Wide enough to read, narrow enough for a 400-point window.
        label.widthChars = 24
        label.maxWidthChars = 70
        label.xAlignment = 0
        scroller.setPolicy(horizontal: .never, vertical: .automatic)
        scroller.growWithContent(upTo: Self.visibleHeight)
        scroller.setChild(label)
        let close = Self.dismissButton()
        close.verticalAlignment = .start
        close.onClicked { [weak self] in self?.dismiss() }
        frame.append([scroller, action.button, close])
        timer.expired = { [weak self] in self?.dismiss() }
    }

    /// The notices of every kind in one place, the foot of the window, one above the other. It
    /// sits below the photos, not over them, so a notice never hides a tile or the viewer's label.
    static func footing(_ notices: [Widget]) -> Box {
        let column = Box(.vertical)
        column.horizontalAlignment = .center
        column.append(notices)
        return column
    }

    /// A revealer holding the notification's frame, which the caller fills.
    static func sliding(_ transition: Revealer.Transition) -> (revealer: Revealer, frame: Box) {
        let revealer = Revealer(transition)
        revealer.horizontalAlignment = .center
        let frame = Box(.horizontal, spacing: 12)
        frame.addStyleClass("app-notification")
        // On the frame, so a hidden notice takes no room at all; at the sides, so that a notice as
        // wide as its message would like still stands clear of a narrow window's edges.
        frame.margins = Margins(top: 6, bottom: 6, start: 12, end: 12)
        revealer.setChild(frame)
        return (revealer, frame)
    }

    static func dismissButton() -> Button {
        let close = Button(iconName: "window-close-symbolic", name: tr("Dismiss"))
        close.addStyleClass("flat")
        return close
    }

    /// Adds a message that lists what is left to see to, such as files that are gone, which
    /// stays until dismissed.
    func showUntilDismissed(_ message: String) {
        stays = true
        show(message)
    }

    /// Adds a message to the notification and shows it.
    func show(_ message: String) {
        // The same message again, as when F1 is pressed twice without a help viewer, is said once,
        // as the latest.
        lines.removeAll { $0.tally == nil && $0.text == message }
        add(Line(text: message))
    }

    /// Shows a message that counts things, such as photos imported elsewhere; when the last
    /// message counts things of the same kind, the two add up into one line.
    /// - Parameter sentence: says a count of this kind, with the right plural.
    func show(counting count: Int, _ sentence: @escaping @MainActor (Int) -> String) {
        if let last = lines.last?.tally, last.sentence(1) == sentence(1) {
            lines.removeLast()
            return add(Line(text: sentence(last.count + count), tally: Tally(count: last.count + count, sentence: sentence)))
        }
        add(Line(text: sentence(count), tally: Tally(count: count, sentence: sentence)))
    }

    private func add(_ line: Line) {
        lines.append(line)
        label.text = text
        // The newest message is the one just shown: the messages scroll to it.
        MainLoop.perform { [weak self] in
            guard let self else { return }
            scroller.verticalAdjustment.value = .greatestFiniteMagnitude
        }
        // Selectable, so a message can be copied; only while shown, since a selectable label
        // takes the focus, and an empty one a screen reader would call "GtkLabel".
        label.isSelectable = true
        root.revealsChild = true
        // More to read, more time, up to three lines' worth.
        if stays { timer.stop() } else { timer.start(lifetime * min(lines.count, 3)) }
    }

    /// Adds a message with a button that acts on it, such as *Open Folder*.
    func show(_ message: String, action label: String, _ perform: @escaping @MainActor () -> Void) {
        stays = true
        show(message)
        action.offer(label, perform)
    }

    func dismiss() {
        timer.stop()
        stays = false
        action.withdraw()
        lines.removeAll()
        label.isSelectable = false
        root.revealsChild = false
    }

    var isShown: Bool { root.revealsChild }
    /// What the notification says: every message, oldest first.
    var text: String { lines.map(\.text).joined(separator: "\n") }
}
