// AdwMessageDialog: the question or message GNOME apps ask in a small dialog over their window,
// with a heading, a body, an optional widget under them, and a button for each response.
// libadwaita closes it after any response; closing it otherwise answers `closeResponse`.
import CAdwaita
import CGtk

@MainActor
public final class MessageDialog: Window {
    override class var gType: GType { adw_message_dialog_get_type() }

    /// How a response's button looks.
    public enum Appearance: Sendable {
        case normal
        /// The one the dialog suggests, drawn in the accent colour.
        case suggested
        /// One that destroys something, drawn in red.
        case destructive

        var adwaita: AdwResponseAppearance {
            switch self {
            case .normal: ADW_RESPONSE_DEFAULT
            case .suggested: ADW_RESPONSE_SUGGESTED
            case .destructive: ADW_RESPONSE_DESTRUCTIVE
            }
        }
    }

    required init(_ widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(widget)
    }

    /// A modal dialog over `parent`. Heading and body are plain text, never markup.
    public init(parent: Window?, heading: String, body: String = "") {
        super.init(adw_message_dialog_new(parent?.window, heading, body.isEmpty ? nil : body))
    }

    private var dialog: UnsafeMutablePointer<AdwMessageDialog> { typed() }

    public var heading: String {
        adw_message_dialog_get_heading(dialog).map { String(cString: $0) } ?? ""
    }

    public var body: String {
        adw_message_dialog_get_body(dialog).map { String(cString: $0) } ?? ""
    }

    /// Adds a button answering `id`, labelled with a mnemonic such as "_Import", after the others.
    public func addResponse(_ id: String, label: String, appearance: Appearance = .normal) {
        adw_message_dialog_add_response(dialog, id, label)
        if appearance != .normal { adw_message_dialog_set_response_appearance(dialog, id, appearance.adwaita) }
        // GTK 4.8 names a mnemonic button "_Undo Undo" (its label, then the label it is
        // "labelled by"); libadwaita 1.2 makes two buttons for each response, a row's and a column's.
        nameButtonsByText()
    }

    /// Adds the responses in order, with the one Enter chooses and the one Escape answers.
    public func setResponses(_ responses: [(id: String, label: String, appearance: Appearance)], default chosen: String, close: String) {
        responses.forEach { addResponse($0.id, label: $0.label, appearance: $0.appearance) }
        defaultResponse = chosen
        closeResponse = close
    }

    /// What Enter chooses, and where the focus starts.
    public var defaultResponse: String? {
        get { adw_message_dialog_get_default_response(dialog).map { String(cString: $0) } }
        set { adw_message_dialog_set_default_response(dialog, newValue) }
    }

    /// What Escape or closing the dialog answers.
    public var closeResponse: String {
        get { String(cString: adw_message_dialog_get_close_response(dialog)) }
        set { adw_message_dialog_set_close_response(dialog, newValue) }
    }

    /// The widget under the body, such as a list the body speaks of.
    public var extraChild: Widget? {
        get { Widget.wrapping(adw_message_dialog_get_extra_child(dialog)) }
        set { adw_message_dialog_set_extra_child(dialog, newValue?.widget) }
    }

    /// Called with the id of the chosen response, or of `closeResponse`, once.
    @discardableResult
    public func onResponse(_ handler: @escaping @MainActor (String) -> Void) -> SignalHandle {
        connect("response", .pointer) { response in
            handler(response.map { String(cString: UnsafePointer<CChar>($0)) } ?? "")
        }
    }
}
