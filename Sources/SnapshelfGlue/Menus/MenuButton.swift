// GtkMenuButton: an icon button in the header that drops down a menu.
import CGtk

@MainActor
public final class MenuButton: Widget {
    override class var gType: GType { gtk_menu_button_get_type() }

    /// - Parameter name: what screen readers and the tooltip call it. GTK 4.8 makes the menu
    ///   button a button holding its own toggle button, which screen readers met as a "Main Menu"
    ///   inside a "Main Menu": the toggle, which takes the focus, is named, and the menu button
    ///   is a plain group around it.
    /// - Parameter menu: makes the menu the first time it opens. GTK builds a menu's whole
    ///   popover as soon as it is given the menu, which held back the window's first frame.
    public convenience init(iconName: String, name: String, menu: @escaping @MainActor () -> Menu) {
        self.init(gtk_menu_button_new())
        gtk_menu_button_set_icon_name(opaque, iconName)
        let makeMenu: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { button, data in
            MainActor.assumeIsolated {
                guard gtk_menu_button_get_menu_model(button) == nil else { return }
                let menu = ClosureBox<@MainActor () -> Menu>.borrow(data).body()
                gtk_menu_button_set_menu_model(button, UnsafeMutablePointer<GMenuModel>(menu.opaque))
            }
        }
        let release: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in ClosureBox<any Sendable>.release(data) }
        gtk_menu_button_set_create_popup_func(opaque, makeMenu, ClosureBox(menu).retainedPointer(), release)
        tooltipText = name
        setAccessibleRole(.group)
        firstChild?.setSoleAccessibleName(name)
    }

    /// Whether F10 opens this menu: the window's main menu.
    public var isPrimary: Bool { get { flag(gtk_menu_button_get_primary) } set { setFlag(gtk_menu_button_set_primary, newValue) } }
}
