// GTK as a whole, for what must be settled before it starts.
import CGtk

@MainActor
public enum GTK {
    /// Stops GTK from setting the locale from the environment when it starts, for a program that
    /// chose its locale already. Once GTK has started there is nothing left to stop.
    public static func keepLocale() {
        if gtk_is_initialized() == 0 {
            gtk_disable_setlocale()
        }
    }

    /// Names the program for people: the name screen readers and window lists give it, which
    /// GLib would otherwise take from the executable's file name ("bin" when run through a link).
    public static func setApplicationName(_ name: String) {
        g_set_application_name(name)
    }
}
