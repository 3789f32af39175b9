// Opening a location in the app the desktop chose for it, such as a folder in Files.
import CGtk
import Foundation

public enum DefaultApp {
    /// Throws GLib's reason, which is empty when no application answered at all.
    public static func open(_ url: URL) throws(GLibError) {
        var error: UnsafeMutablePointer<GError>?
        guard g_app_info_launch_default_for_uri(url.absoluteString, nil, &error) != 0 else {
            throw GLibError(taking: error, fallback: "")
        }
    }
}
