// AdwStyleManager: whether the app is drawn light or dark. By default it follows the desktop's
// colour scheme (the settings portal, else GSettings org.gnome.desktop.interface color-scheme),
// and switches the windows' colours live when that changes.
import CAdwaita
import CGtk

@MainActor
public final class StyleManager: GObjectRef {
    override class var gType: GType { adw_style_manager_get_type() }

    /// The manager of the default display's style; there is one once an Application has started.
    public static var `default`: StyleManager {
        StyleManager(adw_style_manager_get_default())
    }

    /// Drawn dark now, whether the desktop or the app asked for it.
    public var isDark: Bool { flag(adw_style_manager_get_dark) }

    /// Drawn in high contrast, as the desktop's accessibility settings ask.
    public var isHighContrast: Bool { flag(adw_style_manager_get_high_contrast) }

    /// What the app asks for; `.followsDesktop` leaves it to the desktop's preference.
    public var colorScheme: ColorScheme {
        get { ColorScheme(adw_style_manager_get_color_scheme(opaque)) }
        set { adw_style_manager_set_color_scheme(opaque, newValue.adwaita) }
    }

    /// Comes when the style turns dark or light, once the new colours apply.
    @discardableResult
    public func onDarkChanged(_ handler: @escaping @MainActor () -> Void) -> SignalHandle {
        connect("notify::dark", .pointer) { _ in handler() }
    }
}
