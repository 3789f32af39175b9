// AdwToast: a short message at the foot of a window, with at most one button, that libadwaita
// shows in a ToastOverlay, announces to screen readers and takes away after its timeout. The
// title is plain text here: libadwaita 1.2 reads it as Pango markup, so it is escaped on the way
// in (see Markup).
// A handler that captures its own toast keeps it alive until the toast is finalized by GTK, which
// never happens while Swift holds it: capture it weakly.
import CAdwaita
import CGtk
import Foundation

@MainActor
public final class Toast: GObjectRef {
    override class var gType: GType { adw_toast_get_type() }

    public enum Priority: Sendable {
        /// Waits its turn behind the toast shown now.
        case normal
        /// Shows at once, putting the toast shown now back in the queue.
        case high
    }

    /// The text as given, without the markup escaping libadwaita needs.
    public private(set) var title: String

    public init(title: String) {
        self.title = title
        super.init(adopting: UnsafeMutablePointer<GObject>(adw_toast_new(Markup.escaped(title))))
    }

    public func setTitle(_ text: String) {
        title = text
        adw_toast_set_title(opaque, Markup.escaped(text))
    }

    /// What a screen reader says of the toast as it shows, when it should say more than the
    /// title, such as every message of which the title is the latest; nil for the title.
    public var spokenText: String? {
        get { ObjectData.attached(NSString.self, to: raw, key: Self.spokenKey).map { String($0) } }
        set { ObjectData.attach(NSString(string: newValue ?? title), to: raw, key: Self.spokenKey) }
    }

    static let spokenKey = "snapshelf-spoken-text"

    /// The button's text, with an underlined letter marked "_U" as in a mnemonic button; nil for none.
    public var buttonLabel: String? {
        get { adw_toast_get_button_label(opaque).map { String(cString: $0) } }
        set { adw_toast_set_button_label(opaque, newValue) }
    }

    /// The action the button activates, such as "win.undo"; with none, only `onButtonClicked` acts.
    public var actionName: String? {
        get { adw_toast_get_action_name(opaque).map { String(cString: $0) } }
        set { adw_toast_set_action_name(opaque, newValue) }
    }

    /// How long the toast stays once shown, in whole seconds rounded up; nil stays until dismissed.
    public var timeout: Duration? {
        get {
            let seconds = adw_toast_get_timeout(opaque)
            return seconds == 0 ? nil : .seconds(seconds)
        }
        set { adw_toast_set_timeout(opaque, newValue.map(Self.wholeSeconds) ?? 0) }
    }

    public var priority: Priority {
        get { adw_toast_get_priority(opaque) == ADW_TOAST_PRIORITY_HIGH ? .high : .normal }
        set { adw_toast_set_priority(opaque, newValue == .high ? ADW_TOAST_PRIORITY_HIGH : ADW_TOAST_PRIORITY_NORMAL) }
    }

    /// Takes the toast away, or out of the queue if it was not shown yet; "dismissed" follows.
    public func dismiss() {
        adw_toast_dismiss(opaque)
    }

    /// Called when the button is pressed, before the toast goes.
    @discardableResult
    public func onButtonClicked(_ handler: @escaping @MainActor () -> Void) -> SignalHandle {
        connect("button-clicked", .plain, handler)
    }

    /// Called when the toast goes, whether its time was up, it was closed or it was dismissed.
    @discardableResult
    public func onDismissed(_ handler: @escaping @MainActor () -> Void) -> SignalHandle {
        connect("dismissed", .plain, handler)
    }

    /// At least one second: libadwaita reads 0 as "until dismissed".
    private static func wholeSeconds(_ duration: Duration) -> guint {
        let (seconds, attoseconds) = duration.components
        return guint(max(1, seconds + (attoseconds > 0 ? 1 : 0)))
    }
}
