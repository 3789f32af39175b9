// GMenu: the model a menu button or popover shows, whose items name actions, which enable them.
import CGtk

@MainActor
public final class Menu: GObjectRef {
    override class var gType: GType { g_menu_get_type() }

    public init() {
        super.init(adopting: UnsafeMutablePointer<GObject>(g_menu_new()!))
    }

    /// An item activating an action such as "win.import"; with a target, a stateful action's
    /// radio item, shown checked while the action's state equals the target.
    public func append(_ label: String, action: String, target: String? = nil) {
        let item = g_menu_item_new(label, nil)!
        defer { g_object_unref(UnsafeMutableRawPointer(item)) }
        if let target {
            g_menu_item_set_action_and_target_value(item, action, g_variant_new_string(target))
        } else {
            g_menu_item_set_detailed_action(item, action)
        }
        g_menu_append_item(opaque, item)
    }

    /// A section of items, set apart by separators, with an optional heading.
    public func appendSection(_ section: Menu, heading: String? = nil) {
        g_menu_append_section(opaque, heading, UnsafeMutablePointer<GMenuModel>(section.opaque))
    }
}
