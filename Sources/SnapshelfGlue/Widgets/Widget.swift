// GtkWidget: what every widget can do, as Swift properties. Subclasses add their own; any widget
// GTK hands back (a parent, the focus, a picked child) comes as a plain Widget.
import CGtk
import CSnapshelfShim

@MainActor
public class Widget: GObjectRef {
    override class var gType: GType { gtk_widget_get_type() }

    var widget: UnsafeMutablePointer<GtkWidget> { typed() }

    /// Wraps a widget GTK made, checked to be of this class's type: the one initialiser every
    /// widget class has, so that `as` can make any of them.
    required init(_ widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(widget)
    }

    /// A widget GTK made, such as a child it returned; nil for none.
    static func wrapping(_ pointer: UnsafeMutablePointer<GtkWidget>?) -> Widget? {
        pointer.map { Widget($0) }
    }

    /// This widget as a `T`, or nil when GTK did not make it one (a `Label` of a GtkLabel only).
    /// The result is another wrapper of the same widget, equal to this one: it has GTK's state,
    /// not the Swift state of a wrapper the widget was made with.
    public func `as`<T: Widget>(_ type: T.Type) -> T? {
        T.mismatch(wrapping: raw) == nil ? T(widget) : nil
    }

    public var isVisible: Bool { get { flag(gtk_widget_get_visible) } set { setFlag(gtk_widget_set_visible, newValue) } }

    public var isSensitive: Bool { get { flag(gtk_widget_get_sensitive) } set { setFlag(gtk_widget_set_sensitive, newValue) } }

    /// On screen, in a shown window: GTK maps only what it draws.
    public var isMapped: Bool { gtk_widget_get_mapped(widget) != 0 }
    public var width: Int { Int(gtk_widget_get_width(widget)) }
    public var height: Int { Int(gtk_widget_get_height(widget)) }
    /// 2 on a high-density display, where images need twice the pixels.
    public var scaleFactor: Int { Int(gtk_widget_get_scale_factor(widget)) }

    public var horizontalAlignment: Alignment {
        get { Alignment(gtk_widget_get_halign(widget)) }
        set { gtk_widget_set_halign(widget, newValue.gtk) }
    }

    public var verticalAlignment: Alignment {
        get { Alignment(gtk_widget_get_valign(widget)) }
        set { gtk_widget_set_valign(widget, newValue.gtk) }
    }

    /// Whether the pointer can land on the widget; one that cannot lets clicks through to what is under it.
    public var takesPointer: Bool { get { flag(gtk_widget_get_can_target) } set { setFlag(gtk_widget_set_can_target, newValue) } }

    public var expandsHorizontally: Bool { get { flag(gtk_widget_get_hexpand) } set { setFlag(gtk_widget_set_hexpand, newValue) } }

    public var expandsVertically: Bool { get { flag(gtk_widget_get_vexpand) } set { setFlag(gtk_widget_set_vexpand, newValue) } }

    public var margins: Margins {
        get {
            Margins(top: Int(gtk_widget_get_margin_top(widget)), bottom: Int(gtk_widget_get_margin_bottom(widget)),
                    start: Int(gtk_widget_get_margin_start(widget)), end: Int(gtk_widget_get_margin_end(widget)))
        }
        set {
            gtk_widget_set_margin_top(widget, gint(newValue.top))
            gtk_widget_set_margin_bottom(widget, gint(newValue.bottom))
            gtk_widget_set_margin_start(widget, gint(newValue.start))
            gtk_widget_set_margin_end(widget, gint(newValue.end))
        }
    }

    /// The least size the widget asks for; nil leaves that side to its content.
    public func requestSize(width: Int? = nil, height: Int? = nil) {
        gtk_widget_set_size_request(widget, gint(width ?? -1), gint(height ?? -1))
    }

    public func addStyleClass(_ name: String) {
        gtk_widget_add_css_class(widget, name)
    }

    public func removeStyleClass(_ name: String) {
        gtk_widget_remove_css_class(widget, name)
    }

    /// Adds the style class when `on` is true and takes it away when false.
    public func setStyleClass(_ name: String, _ on: Bool) {
        on ? addStyleClass(name) : removeStyleClass(name)
    }

    public func hasStyleClass(_ name: String) -> Bool { gtk_widget_has_css_class(widget, name) != 0 }

    public var tooltipText: String? {
        get { gtk_widget_get_tooltip_text(widget).map { String(cString: $0) } }
        set { gtk_widget_set_tooltip_text(widget, newValue) }
    }

    /// A tooltip whose text is asked for only when it is about to show, and none for nil or "".
    /// Unlike `tooltipText`, it leaves the accessible description alone, which on a grid's every
    /// bind cost more than drawing the first frame. Its lines wrap at 50 characters, within a
    /// word too: GTK's own tooltip wraps only between words, and ran an unbroken label of 500
    /// characters off the screen.
    @discardableResult
    public func setTooltip(_ text: @escaping @MainActor () -> String?) -> SignalHandle {
        gtk_widget_set_has_tooltip(widget, true.gboolean)
        var shown: Label?
        return connect("query-tooltip", .tooltipQuery) { tooltip in
            guard let tooltip, let text = text(), !text.isEmpty else { return false }
            let label = shown ?? Self.tooltipLabel()
            shown = label
            label.text = text
            gtk_tooltip_set_custom(tooltip, label.widget)
            return true
        }
    }

    /// The label a tooltip shows its text in, wrapped between words, and within one too long for a line.
    private static func tooltipLabel() -> Label {
        let label = Label()
        label.wraps = true
        label.breaksLongWords = true
        label.maxWidthChars = 50
        label.xAlignment = 0
        return label
    }

    /// What screen readers call the widget, where its content does not say it or GTK 4.8 would
    /// say its type, such as "GtkPicture". Each change goes out over the accessibility bus, so
    /// callers hold back a burst.
    public func setAccessibleName(_ name: String) {
        snapshelf_accessible_set_label(widget, name)
    }

    @discardableResult
    public func grabFocus() -> Bool { gtk_widget_grab_focus(widget) != 0 }

    public func addController(_ controller: EventController) {
        gtk_widget_add_controller(widget, controller.transferred)
    }

    /// Makes the group's actions reachable from this widget and its children as "prefix.name".
    public func insertActionGroup(_ group: ActionGroup, prefix: String) {
        gtk_widget_insert_action_group(widget, prefix, group.opaque)
    }

    /// Activates an action this widget can reach, such as "win.import".
    public func activateAction(_ name: String) {
        gtk_widget_activate_action_variant(widget, name, nil)
    }

    public var parent: Widget? { Widget.wrapping(gtk_widget_get_parent(widget)) }
    public var firstChild: Widget? { Widget.wrapping(gtk_widget_get_first_child(widget)) }
    public var nextSibling: Widget? { Widget.wrapping(gtk_widget_get_next_sibling(widget)) }
    /// The children, first to last.
    public var children: [Widget] { Array(sequence(first: firstChild) { $0?.nextSibling }.compactMap(\.self)) }
    /// Every widget inside this one, depth first.
    var descendants: [Widget] { children.flatMap { [$0] + $0.descendants } }

    /// This widget, or one inside it.
    public func contains(_ other: Widget) -> Bool {
        other == self || gtk_widget_is_ancestor(other.widget, widget) != 0
    }

    /// The widget with the keyboard focus in this widget's window.
    public var focusedWidgetInWindow: Widget? {
        gtk_widget_get_root(widget).flatMap { Widget.wrapping(gtk_root_get_focus($0)) }
    }

    /// The deepest widget at a point in this widget's coordinates.
    public func pick(x: Double, y: Double) -> Widget? {
        Widget.wrapping(gtk_widget_pick(widget, x, y, GTK_PICK_DEFAULT))
    }

    /// Where this widget lies in another's coordinates; nil before it is laid out.
    public func bounds(in other: Widget) -> Rectangle? {
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(widget, other.widget, &bounds) != 0 else { return nil }
        return Rectangle(x: Double(bounds.origin.x), y: Double(bounds.origin.y),
                         width: Double(bounds.size.width), height: Double(bounds.size.height))
    }

    /// A point of this widget in another's coordinates.
    public func translate(x: Double, y: Double, to other: Widget) -> (x: Double, y: Double) {
        var point = (x: 0.0, y: 0.0)
        gtk_widget_translate_coordinates(widget, other.widget, x, y, &point.x, &point.y)
        return point
    }

    /// The GTK type's name, such as "GtkButton", which screen readers say for unnamed widgets.
    public var typeName: String { String(cString: g_type_name_from_instance(typed())) }

    public var clipboard: Clipboard { Clipboard(gtk_widget_get_clipboard(widget)) }

    public var frameClock: FrameClock? { gtk_widget_get_frame_clock(widget).map(FrameClock.init) }

    @discardableResult
    public func onRealize(_ handler: @escaping @MainActor () -> Void) -> SignalHandle {
        connect("realize", .plain, handler)
    }

    /// Calls `body` once, in the main loop's next turn after the first frame of the widget's
    /// window is painted, outside the frame's own work: for what no one can ask for before there
    /// is a window to see. Call it before the widget is realized, as before its window is shown.
    public func onFirstFrame(_ body: @escaping @MainActor () -> Void) {
        onFirstPaint { MainLoop.perform(body) }
    }

    /// Calls `body` once, within the first frame of the widget's window, as soon as it is painted:
    /// before anything the main loop's next turn would start. Call it before the widget is realized.
    public func onFirstPaint(_ body: @escaping @MainActor () -> Void) {
        onRealize { [weak self] in
            var painted: SignalHandle?
            painted = self?.frameClock?.onAfterPaint {
                painted?.disconnect()
                painted = nil
                body()
            }
        }
    }

    /// Comes when the widget's window closes, whoever closes it; "destroy" would wait for the last
    /// reference, which Swift may hold.
    @discardableResult
    public func onUnrealize(_ handler: @escaping @MainActor () -> Void) -> SignalHandle {
        connect("unrealize", .plain, handler)
    }

    @discardableResult
    public func onDestroy(_ handler: @escaping @MainActor () -> Void) -> SignalHandle {
        connect("destroy", .plain, handler)
    }
}
