// A GNOME-style in-app notification that slides down from the top of the window. Messages stay
// until the person dismisses them; several collect in one notification, which shows the latest
// few and counts the rest, so a long list of failures cannot push it off the window.
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class InAppNotification {
    static let visibleLines = 4

    let root: Revealer
    private let label = Label()
    private var lines: [String] = []

    init() {
        let frame: Box
        (root, frame) = Self.sliding(.slideDown, from: .start)
        label.wraps = true
        label.widthChars = 50
        label.maxWidthChars = 70
        label.xAlignment = 0
        let close = Self.dismissButton()
        close.verticalAlignment = .start
        close.onClicked { [weak self] in self?.dismiss() }
        frame.append([label, close])
    }

    /// A revealer at the top or foot of the window holding the notification's frame, which the
    /// caller fills.
    static func sliding(_ transition: Revealer.Transition, from edge: Alignment) -> (revealer: Revealer, frame: Box) {
        let revealer = Revealer(transition)
        revealer.horizontalAlignment = .center
        revealer.verticalAlignment = edge
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
        // Selectable, so a message can be copied; only while shown, since a selectable label
        // takes the focus, and an empty one a screen reader would call "GtkLabel".
        label.isSelectable = true
        root.revealsChild = true
    }

    func dismiss() {
        lines.removeAll()
        label.isSelectable = false
        root.revealsChild = false
    }

    var isShown: Bool { root.revealsChild }
    /// What the notification says: the latest messages, and how many earlier ones it leaves out.
    var text: String {
        let hidden = lines.count - Self.visibleLines
        let shown = lines.suffix(Self.visibleLines).joined(separator: "\n")
        return hidden > 0 ? String(format: trn("%d earlier message not shown.", "%d earlier messages not shown.", hidden), hidden) + "\n" + shown : shown
    }
}
