// The on-off properties the glue shows as Swift Bools, each set through its GTK setter and read
// back by its GObject property name, an independent reader, so no flag is bound to another's setter.
import CGtk
@testable import SnapshelfGlue
import XCTest

final class FlagPropertyTests: WidgetTestCase {
    /// Sets the flag each way through the glue, and checks GTK's property follows.
    @MainActor
    private static func check<W: GObjectRef>(_ object: W, _ property: String, _ flag: ReferenceWritableKeyPath<W, Bool>,
                                      file: StaticString = #filePath, line: UInt = #line) {
        for value in [true, false, true] {
            object[keyPath: flag] = value
            XCTAssertEqual(Self.property(property, of: object), value, property, file: file, line: line)
            XCTAssertEqual(object[keyPath: flag], value, property, file: file, line: line)
        }
    }

    @MainActor
    private static func property(_ name: String, of object: GObjectRef) -> Bool {
        var value = GValue()
        g_value_init(&value, g_type_from_name("gboolean"))
        defer { g_value_unset(&value) }
        g_object_get_property(object.typed(), name, &value)
        return g_value_get_boolean(&value) != 0
    }

    func testEachFlagSetsItsOwnProperty() {
        MainActor.assumeIsolated {
            let label = Label("Hill walk")
            Self.check(label, "visible", \.isVisible)
            Self.check(label, "sensitive", \.isSensitive)
            Self.check(label, "hexpand", \.expandsHorizontally)
            Self.check(label, "vexpand", \.expandsVertically)
            Self.check(label, "wrap", \.wraps)
            Self.check(label, "selectable", \.isSelectable)
            Self.check(label, "single-line-mode", \.isSingleLine)
            Self.check(Window(), "modal", \.isModal)
            // Both ends: the desktop may place the window buttons at either.
            Self.check(HeaderBar(), "show-start-title-buttons", \.showsWindowButtons)
            Self.check(HeaderBar(), "show-end-title-buttons", \.showsWindowButtons)
            Self.check(ToggleButton(iconName: "system-search-symbolic", name: "Search"), "active", \.isActive)
            Self.check(CheckButton(mnemonic: "_Use this label"), "active", \.isActive)
            Self.check(MenuButton(iconName: "open-menu-symbolic", name: "Main Menu", menu: { Menu() }), "primary", \.isPrimary)
            let search = SearchEntry(placeholder: "Search labels")
            Self.check(SearchBar(child: search, entry: search, closeName: "Close Search"), "search-mode-enabled", \.isSearching)
            Self.check(Revealer(.slideDown), "reveal-child", \.revealsChild)
        }
    }

    func testASearchEntryShowsItsPlaceholder() {
        MainActor.assumeIsolated {
            let entry = SearchEntry(placeholder: "Search labels and file names")
            var value = GValue()
            g_value_init(&value, g_type_from_name("gchararray"))
            defer { g_value_unset(&value) }
            g_object_get_property(entry.typed(), "placeholder-text", &value)
            XCTAssertEqual(g_value_get_string(&value).map { String(cString: $0) }, "Search labels and file names")
        }
    }
}
