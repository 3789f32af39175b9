// GtkLabel: text shown literally (never as markup, whatever it holds).
import CGtk

@MainActor
public final class Label: Widget {
    override class var gType: GType { gtk_label_get_type() }

    public enum Ellipsis: Sendable { case none, middle, end }
    public enum Justification: Sendable { case left, center }

    public convenience init(_ text: String = "") {
        self.init(gtk_label_new(text))
        gtk_label_set_use_markup(opaque, 0)
    }

    /// A label whose underlined letter, marked "_I", activates the widget it names.
    public convenience init(mnemonic text: String) {
        self.init(gtk_label_new_with_mnemonic(text))
    }

    public var text: String {
        get { String(cString: gtk_label_get_text(opaque)) }
        set { gtk_label_set_text(opaque, newValue) }
    }

    public var ellipsis: Ellipsis {
        get {
            switch gtk_label_get_ellipsize(opaque) {
            case PANGO_ELLIPSIZE_NONE: .none
            case PANGO_ELLIPSIZE_MIDDLE: .middle
            default: .end
            }
        }
        set {
            gtk_label_set_ellipsize(opaque, newValue == .none ? PANGO_ELLIPSIZE_NONE
                                    : newValue == .middle ? PANGO_ELLIPSIZE_MIDDLE : PANGO_ELLIPSIZE_END)
        }
    }

    public var wraps: Bool { get { flag(gtk_label_get_wrap) } set { setFlag(gtk_label_set_wrap, newValue) } }

    /// Whether a wrapping label also breaks a word too long for a line, such as a file's long
    /// name or a hostile decoder's message, which would otherwise widen it past the window.
    /// Such a break adds no hyphen, which Pango would: a label or a name shows as it is written.
    public var breaksLongWords: Bool {
        get { gtk_label_get_wrap_mode(opaque) == PANGO_WRAP_WORD_CHAR }
        set {
            gtk_label_set_wrap_mode(opaque, newValue ? PANGO_WRAP_WORD_CHAR : PANGO_WRAP_WORD)
            let attributes = newValue ? pango_attr_list_new() : nil
            if let attributes {
                pango_attr_list_insert(attributes, pango_attr_insert_hyphens_new(false.gboolean))
            }
            gtk_label_set_attributes(opaque, attributes)
            attributes.map(pango_attr_list_unref)
        }
    }

    public var isSelectable: Bool { get { flag(gtk_label_get_selectable) } set { setFlag(gtk_label_set_selectable, newValue) } }

    public var isSingleLine: Bool { get { flag(gtk_label_get_single_line_mode) } set { setFlag(gtk_label_set_single_line_mode, newValue) } }

    public var justification: Justification {
        get { gtk_label_get_justify(opaque) == GTK_JUSTIFY_CENTER ? .center : .left }
        set { gtk_label_set_justify(opaque, newValue == .center ? GTK_JUSTIFY_CENTER : GTK_JUSTIFY_LEFT) }
    }

    /// Where a line sits across the label's width: 0 at the start, 1 at the end.
    public var xAlignment: Double {
        get { Double(gtk_label_get_xalign(opaque)) }
        set { gtk_label_set_xalign(opaque, Float(newValue)) }
    }

    /// How wide, in characters, the label asks to be at the least; nil for its text's width.
    public var widthChars: Int? {
        get { gtk_label_get_width_chars(opaque) < 0 ? nil : Int(gtk_label_get_width_chars(opaque)) }
        set { gtk_label_set_width_chars(opaque, gint(newValue ?? -1)) }
    }

    public var maxWidthChars: Int? {
        get { gtk_label_get_max_width_chars(opaque) < 0 ? nil : Int(gtk_label_get_max_width_chars(opaque)) }
        set { gtk_label_set_max_width_chars(opaque, gint(newValue ?? -1)) }
    }

    public func selectRegion(_ range: Range<Int>) {
        gtk_label_select_region(opaque, gint(range.lowerBound), gint(range.upperBound))
    }
}
