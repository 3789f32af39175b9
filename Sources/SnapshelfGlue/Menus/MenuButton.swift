// GtkMenuButton: an icon button in the header that drops down a menu.
import CGtk

@MainActor
public final class MenuButton: Widget {
    override class var gType: GType { gtk_menu_button_get_type() }

    /// - Parameter name: what screen readers and the tooltip call it. GTK 4.8 makes the menu
    ///   button a button holding its own toggle button, which screen readers met as a "Main Menu"
    ///   inside a "Main Menu": the toggle, which takes the focus, is named, and the menu button
    ///   is a plain group around it.
    public convenience init(iconName: String, name: String, menu: Menu) {
        self.init(gtk_menu_button_new())
        gtk_menu_button_set_icon_name(opaque, iconName)
        gtk_menu_button_set_menu_model(opaque, UnsafeMutablePointer<GMenuModel>(menu.opaque))
        tooltipText = name
        setAccessibleRole(.group)
        firstChild?.setSoleAccessibleName(name)
    }

    /// Whether F10 opens this menu: the window's main menu.
    public var isPrimary: Bool { get { flag(gtk_menu_button_get_primary) } set { setFlag(gtk_menu_button_set_primary, newValue) } }
}
