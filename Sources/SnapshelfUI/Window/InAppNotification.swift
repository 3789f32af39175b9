// A GNOME-style in-app notification that slides up at the foot of the window. Messages stay
// until the person dismisses them; several collect in one notification, which grows to a few
// lines and then scrolls, showing the latest, so a long list of failures cannot push it off the
// window and every message can still be read.
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class InAppNotification {
    /// How tall the messages grow before they scroll: about five lines.
    static let visibleHeight = 110

    let root: Revealer
    private let label = Label()
    private let scroller = ScrolledWindow()
    private var lines: [String] = []
    /// A button for what the messages offer to do, such as *Open Folder*.
    private(set) lazy var action = NoticeAction { [weak self] in self?.dismiss() }

    init() {
        let frame: Box
        (root, frame) = Self.sliding(.slideUp)
        label.wraps = true
        label.breaksLongWords = true
        label.widthChars = 50
        label.maxWidthChars = 70
        label.xAlignment = 0
        scroller.setPolicy(horizontal: .never, vertical: .automatic)
        scroller.growWithContent(upTo: Self.visibleHeight)
        scroller.setChild(label)
        let close = Self.dismissButton()
        close.verticalAlignment = .start
        close.onClicked { [weak self] in self?.dismiss() }
        frame.append([scroller, action.button, close])
    }

    /// The notices of every kind in one place, the foot of the window, one above the other.
    static func footing(_ notices: [Widget]) -> Box {
        let column = Box(.vertical, spacing: 6)
        column.horizontalAlignment = .center
        column.verticalAlignment = .end
        column.margins = Margins(bottom: 12)
        column.append(notices)
        return column
    }

    /// A revealer holding the notification's frame, which the caller fills.
    static func sliding(_ transition: Revealer.Transition) -> (revealer: Revealer, frame: Box) {
        let revealer = Revealer(transition)
        revealer.horizontalAlignment = .center
        let frame = Box(.horizontal, spacing: 12)
        frame.addStyleClass("app-notification")
        revealer.setChild(frame)
        return (revealer, frame)
    }

    static func dismissButton() -> Button {
        let close = Button(iconName: "window-close-symbolic", name: tr("Dismiss"))
        close.addStyleClass("flat")
        return close
    }

    /// Adds a message to the notification and shows it.
    func show(_ message: String) {
        lines.append(message)
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
    }

    /// Adds a message with a button that acts on it, such as *Open Folder*.
    func show(_ message: String, action label: String, _ perform: @escaping @MainActor () -> Void) {
        show(message)
        action.offer(label, perform)
    }

    func dismiss() {
        action.withdraw()
        lines.removeAll()
        label.isSelectable = false
        root.revealsChild = false
    }

    var isShown: Bool { root.revealsChild }
    /// What the notification says: every message, oldest first.
    var text: String { lines.joined(separator: "\n") }
}
