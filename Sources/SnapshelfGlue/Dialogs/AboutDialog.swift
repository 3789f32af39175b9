// GtkAboutDialog: the About window, with the version, the license and the credits.
import CGtk

@MainActor
public final class AboutDialog: Window {
    override class var gType: GType { gtk_about_dialog_get_type() }

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
    ///   - logoIconName: the icon of the theme shown above the name, such as the application's ID.
    ///   - comments: a sentence saying what the program is for.
    public init(programName: String, logoIconName: String, version: String, comments: String, website: String,
                copyright: String, license: License, authors: [String]) {
        super.init(gtk_about_dialog_new())
        let dialog = opaque
        gtk_about_dialog_set_program_name(dialog, programName)
        gtk_about_dialog_set_logo_icon_name(dialog, logoIconName)
        gtk_about_dialog_set_version(dialog, version)
        gtk_about_dialog_set_comments(dialog, comments)
        gtk_about_dialog_set_website(dialog, website)
        gtk_about_dialog_set_copyright(dialog, copyright)
        gtk_about_dialog_set_license_type(dialog, license.gtk)
        // GTK copies the strings before the copies made here are freed.
        let copies = authors.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        var terminated: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) } + [nil]
        gtk_about_dialog_set_authors(dialog, &terminated)
    }
}
