// GtkMenuButton: an icon button in the header that drops down a menu.
import CGtk

@MainActor
public final class MenuButton: Widget {
    /// - Parameter name: what screen readers and the tooltip call it. GTK 4.8 gives the toggle
    ///   button inside the menu button no name of its own, so it gets this one too.
    public init(iconName: String, name: String, menu: Menu) {
        super.init(gtk_menu_button_new())
        gtk_menu_button_set_icon_name(opaque, iconName)
        gtk_menu_button_set_menu_model(opaque, UnsafeMutablePointer<GMenuModel>(menu.opaque))
        tooltipText = name
        setAccessibleName(name)
        firstChild?.setSoleAccessibleName(name)
    }
}
