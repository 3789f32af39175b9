// The person's locale for dates, times and numbers, as the environment names it, in the order the
// C library and `date` read it: LC_ALL, then LC_TIME or LC_NUMERIC, then LANG. Foundation's
// Locale.current on Linux reads none of them, so a French desktop got "22 October 2008 at 4:29 PM"
// and "f/5.9". A locale the system does not have is not used, as `date` does not use it either.
import Foundation
import Synchronization

public enum UserLocale {
    public enum Category: Sendable {
        case time, numbers

        fileprivate var variable: (name: String, mask: Int32) {
            switch self {
            case .time: ("LC_TIME", LC_TIME_MASK)
            case .numbers: ("LC_NUMERIC", LC_NUMERIC_MASK)
            }
        }
    }

    /// The locales found for the names the environment gave: every date of the grid's tooltips
    /// asks, and the C library reads its locale files to answer.
    private static let found = Mutex<[String: Locale]>([:])

    /// The locale for `category`, or Foundation's own when the environment names none, or C, or
    /// one the system lacks.
    public static func locale(for category: Category, environment: [String: String] = ProcessInfo.processInfo.environment) -> Locale {
        let variable = category.variable
        let named = [environment["LC_ALL"], environment[variable.name], environment["LANG"]].lazy
            .compactMap { $0 }.first { !$0.isEmpty }
        guard let named, named != "C", named != "POSIX", !named.hasPrefix("C.") else { return .current }
        if let locale = found.withLock({ $0[named] }) { return locale }
        var locale = Locale.current
        if let installed = newlocale(variable.mask, named, nil) {
            freelocale(installed)
            // "fr_FR.UTF-8@euro" is fr_FR to Foundation, which knows no codesets.
            let identifier = named.prefix { $0 != "." && $0 != "@" }
            locale = Locale(identifier: String(identifier))
        }
        found.withLock { $0[named] = locale }
        return locale
    }
}
