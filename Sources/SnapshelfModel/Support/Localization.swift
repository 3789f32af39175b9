// Translations through gettext, in the "snapshelf" domain. An installed Snapshelf finds its
// compiled catalogues in <prefix>/share/locale beside <prefix>/bin; SNAPSHELF_LOCALEDIR points
// elsewhere. Without a catalogue for the language, every text stays as written.
import CGdkPixbuf
import Foundation

public enum Localization {
    public static let domain = "snapshelf"

    nonisolated(unsafe) private static var isSetUp = false

    /// Sets up once per process, unless something set up already, as a test does with a folder
    /// of its own.
    public static func setUpIfNeeded() {
        if !isSetUp { setUp() }
    }

    /// Takes the language from the environment (LANGUAGE, LC_ALL, LC_MESSAGES, LANG) and binds
    /// the domain to its catalogues; safe to call again.
    public static func setUp(localeDirectory: String? = nil) {
        isSetUp = true
        let locale = setlocale(LC_ALL, "").map { String(cString: $0) }
        // gettext ignores LANGUAGE in the plain C locale, which a session without LANG (or with
        // a locale that is not installed) gets; its UTF-8 twin reads the same but lets LANGUAGE choose.
        if locale == nil || locale == "C" || locale == "POSIX" {
            setlocale(LC_ALL, "C.UTF-8")
        }
        let directory = localeDirectory ?? ProcessInfo.processInfo.environment["SNAPSHELF_LOCALEDIR"] ?? installedDirectory
        bindtextdomain(domain, directory)
        bind_textdomain_codeset(domain, "UTF-8")
    }

    private static var installedDirectory: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("share/locale").path
    }
}

/// A text the person reads, in their language. po/POTFILES lists the files whose `tr` and `trn`
/// calls hold such texts; xgettext finds them there.
public func tr(_ text: String) -> String {
    // Without a translation gettext hands back the very pointer it was given, so the text is
    // read while that pointer is still alive.
    text.withCString { msgid in String(cString: g_dgettext(Localization.domain, msgid)) }
}

/// A text with a count in it, in the right plural form for the language.
public func trn(_ singular: String, _ plural: String, _ count: Int) -> String {
    singular.withCString { one in
        plural.withCString { many in String(cString: g_dngettext(Localization.domain, one, many, gulong(count))) }
    }
}
