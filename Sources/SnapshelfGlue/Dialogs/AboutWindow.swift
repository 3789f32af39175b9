// AdwAboutWindow: the About window GNOME apps show, with the version, the credits, the licence,
// and the troubleshooting details a bug report asks for.
import CAdwaita
import CGtk

@MainActor
public final class AboutWindow: Window {
    override class var gType: GType { adw_about_window_get_type() }

    public enum License: Sendable {
        case gpl3

        var gtk: GtkLicense {
            switch self {
            case .gpl3: GTK_LICENSE_GPL_3_0
            }
        }
    }

    required init(_ widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(widget)
    }

    /// - Parameters:
    ///   - icon: the theme's icon shown above the name, such as the application's ID.
    ///   - comments: a sentence saying what the program is for.
    ///   - debugInfo: what the troubleshooting page shows and offers to copy or save.
    public init(name: String, icon: String, developer: String, version: String, comments: String, website: String,
                issues: String, copyright: String, license: License, developers: [String], translators: String,
                debugInfo: String) {
        super.init(adw_about_window_new())
        let about = opaque
        adw_about_window_set_application_name(about, name)
        adw_about_window_set_application_icon(about, icon)
        adw_about_window_set_developer_name(about, developer)
        adw_about_window_set_version(about, version)
        adw_about_window_set_comments(about, comments)
        adw_about_window_set_website(about, website)
        adw_about_window_set_issue_url(about, issues)
        adw_about_window_set_copyright(about, copyright)
        adw_about_window_set_license_type(about, license.gtk)
        adw_about_window_set_debug_info(about, debugInfo)
        // The translators' line is the msgstr "translator-credits" of each language; English has none.
        if translators != "translator-credits" { adw_about_window_set_translator_credits(about, translators) }
        // libadwaita copies the strings before the copies made here are freed.
        let copies = developers.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        var terminated: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) } + [nil]
        adw_about_window_set_developers(about, &terminated)
    }
}
