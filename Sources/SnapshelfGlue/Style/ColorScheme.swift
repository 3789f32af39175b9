// AdwColorScheme: the light or dark style an app asks its style manager for.
import CAdwaita

public enum ColorScheme: Sendable {
    /// Light unless the desktop prefers dark.
    case followsDesktop
    /// Dark unless the desktop prefers light.
    case preferDark
    case forceLight
    case forceDark

    init(_ scheme: AdwColorScheme) {
        switch scheme {
        case ADW_COLOR_SCHEME_PREFER_DARK: self = .preferDark
        case ADW_COLOR_SCHEME_FORCE_LIGHT: self = .forceLight
        case ADW_COLOR_SCHEME_FORCE_DARK: self = .forceDark
        default: self = .followsDesktop
        }
    }

    var adwaita: AdwColorScheme {
        switch self {
        case .followsDesktop: ADW_COLOR_SCHEME_DEFAULT
        case .preferDark: ADW_COLOR_SCHEME_PREFER_DARK
        case .forceLight: ADW_COLOR_SCHEME_FORCE_LIGHT
        case .forceDark: ADW_COLOR_SCHEME_FORCE_DARK
        }
    }
}
