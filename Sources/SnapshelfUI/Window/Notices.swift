// The window's toasts: one libadwaita toast per event, over the foot of the window. What an event
// says while its toast shows joins that toast (an import's failures, its summary, the step it
// offers to undo), so an import with something to report is one toast, not two. The toast has
// one line and one button: the event's action (Undo, Open Folder…) when its line says everything,
// otherwise Details, which opens a dialog listing every message, with the action there.
// An event that lists what the person must read, or offers what can be done nowhere else, stays
// until dismissed; others go after `lifetime`, longer with more to read, but not while the
// pointer or the focus is on the toast (libadwaita holds it).
// A new event while a toast shows rewrites that toast rather than replacing it: libadwaita 1.2
// crashes when a toast still sliding in is dismissed while another comes (a double unref when its
// animations end), as a quick Ctrl+Z after a removal would do. For the same reason a toast is
// dismissed only once it has been shown a while; until then its event is over but the next
// event still rewrites it.
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class Notices {
    /// How long a toast of one message stays; libadwaita counts whole seconds. Tests make it short.
    var lifetime: Duration = .seconds(10)
    /// What the toast's Undo and Redo do.
    var onUndo: (@MainActor () -> Void)?
    var onRedo: (@MainActor () -> Void)?

    private let overlay: ToastOverlay
    private let parent: Window
    private var toast: Toast? {
        // The viewer's label moves up clear of the toast (style.css).
        didSet { overlay.setStyleClass("shows-toast", toast != nil) }
    }
    private var event = NoticeEvent()
    /// When the toast shown now was added; a toast younger than a second may still slide in.
    private var added = ContinuousClock.now
    /// What the latest undo or redo step said, kept after its toast goes.
    private(set) var stepText = ""

    init(over overlay: ToastOverlay, parent: Window) {
        (self.overlay, self.parent) = (overlay, parent)
    }

    /// Adds a message to the event shown, or shows it as a new one.
    func show(_ message: String) {
        event.add(message)
        present()
    }

    /// Adds a message that lists what is left to see to, such as files that are gone: the
    /// toast stays until dismissed.
    func showUntilDismissed(_ message: String) {
        event.stays = true
        show(message)
    }

    /// Shows a message that counts things, such as photos imported elsewhere; when the last
    /// message counts things of the same kind, the two add up into one.
    /// - Parameter sentence: says a count of this kind, with the right plural.
    func show(counting count: Int, _ sentence: @escaping @MainActor (Int) -> String) {
        event.add(counting: count, sentence)
        present()
    }

    /// Adds a message with what can be done about it, such as *Open Folder*; the toast stays
    /// until dismissed, since the action can be taken nowhere else.
    func show(_ message: String, action label: String, _ perform: @escaping @MainActor () -> Void) {
        event.stays = true
        event.action = NoticeEvent.Action(label: label, perform: perform)
        show(message)
    }

    /// Says a step of the undo history, offering to undo it, or to redo it when only a redo is
    /// left. It joins the event shown unless that event already offered a step: a second step
    /// (Ctrl+Z after a removal) is an event of its own, with what was said since the first.
    func offer(_ step: NoticeEvent.Step?, _ message: String) {
        if event.step != nil || (step == nil && !event.isEmpty) { event = event.next() }
        stepText = message
        event.offer(step, message)
        present()
    }

    /// Ends the event shown: its toast goes, and what comes next is a new event.
    func dismiss() {
        event = NoticeEvent()
        guard let shown = toast else { return }
        let age = ContinuousClock.now - added
        guard age >= .seconds(1) else {
            // Still sliding in, perhaps: it goes in a moment, unless a new event takes it over.
            MainLoop.perform(after: .seconds(1) - age) { [weak self, weak shown] in
                guard let self, let shown, toast == shown, event.isEmpty else { return }
                dismiss()
            }
            return
        }
        toast = nil
        shown.dismiss()
    }

    /// Whether the toast shows a message besides the words of an undo step.
    var isShown: Bool { toast != nil && !event.said.isEmpty }
    /// Whether the toast shows a step of the undo history, or says there is none.
    var showsStep: Bool { toast != nil && event.messages.count > event.said.count }
    /// What the toast shows besides the words of an undo step, oldest first; empty once it has gone.
    var text: String { toast == nil ? "" : event.said.joined(separator: "\n") }
    /// The toast's one line.
    var title: String { toast?.title ?? "" }
    /// The action offered, without its mnemonic, such as "Open Folder".
    var actionLabel: String? { event.action.map { Mnemonic.plain($0.label) } }
    var offersUndo: Bool { toast != nil && event.step == .undo }
    var offersRedo: Bool { toast != nil && event.step == .redo }
    /// Whether the toast's button opens the dialog of details rather than acting at once.
    private var opensDetails: Bool { event.hasDetails || (event.action != nil && event.step != nil) }

    /// Without the mnemonic: the toast's button has no Alt key, and GTK 4.8 would name it
    /// "_Undo Undo" to a screen reader.
    private var buttonLabel: String? {
        if opensDetails { return Mnemonic.plain(tr("_Details")) }
        if let action = event.action { return Mnemonic.plain(action.label) }
        return event.step.map { Mnemonic.plain($0 == .undo ? tr("_Undo") : tr("_Redo")) }
    }

    /// How many characters a toast's line holds in a window `width` pixels wide: its title gets
    /// about 110 pixels less than the window beside the close button, 200 less beside a button
    /// such as Details too, and a character of its bold text takes about 8.5 (measured under
    /// Xvfb: 26 in 221 pixels); at most `NoticeEvent.titleLength`.
    static func titleRoom(inWindowOf width: Int, besideAButton: Bool = true) -> Int {
        guard width > 0 else { return NoticeEvent.titleLength }
        return min(NoticeEvent.titleLength, max(12, (width - (besideAButton ? 200 : 110)) * 2 / 17))
    }

    /// A screen reader hears every message, not only the latest the toast's line shows.
    private var spokenText: String { event.messages.joined(separator: "\n") }

    /// Timed events stay a lifetime for each message, up to three.
    private var timeout: Duration? {
        event.stays ? nil : lifetime * min(max(event.messages.count, 1), 3)
    }

    private func present() {
        // Room for the line beside the close button, then beside the toast's own button if it
        // has one (Details when even that line leaves something out).
        event.titleRoom = Self.titleRoom(inWindowOf: parent.width, besideAButton: false)
        if buttonLabel != nil { event.titleRoom = Self.titleRoom(inWindowOf: parent.width, besideAButton: true) }
        if let toast {
            toast.setTitle(event.title)
            toast.spokenText = spokenText
            toast.buttonLabel = buttonLabel
            return overlay.restartTimeout(of: toast, timeout)
        }
        let toast = Toast(title: event.title)
        toast.spokenText = spokenText
        toast.timeout = timeout
        toast.buttonLabel = buttonLabel
        // What the button does is read when it is pressed: the toast may have been rewritten.
        toast.onButtonClicked { [weak self] in self?.buttonPressed() }
        toast.onDismissed { [weak self, weak toast] in
            guard let self, let toast, self.toast == toast else { return }
            self.toast = nil
            event = NoticeEvent()
        }
        self.toast = toast
        added = .now
        overlay.addToast(toast)
    }

    /// The toast goes once its button is pressed, so what the button does says itself in a
    /// toast of its own.
    private func buttonPressed() {
        let pressed = event
        let details = opensDetails
        toast = nil
        event = NoticeEvent()
        if details { return open(pressed) }
        act(on: pressed)
    }

    private func act(on event: NoticeEvent) {
        if let action = event.action { return action.perform() }
        event.step.map(take)
    }

    private func take(_ step: NoticeEvent.Step) {
        switch step {
        case .undo: onUndo?()
        case .redo: onRedo?()
        }
    }

    private func open(_ event: NoticeEvent) {
        NoticeDetails.dialog(event, parent: parent) { [weak self] step in self?.take(step) }.present()
    }
}
