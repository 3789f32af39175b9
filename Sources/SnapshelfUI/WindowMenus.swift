// The menu models of the main window: the main menu behind the header's menu button, and the
// context menu of the selected photos. Both name the window's actions, which enable their items.
import CGtk
import SnapshelfGlue
import SnapshelfModel

@MainActor
enum WindowMenus {
    static func main() -> GObjectRef {
        let menu = GObjectRef(adopting: g_menu_new())
        let importing = GObjectRef(adopting: g_menu_new())
        g_menu_append(importing.opaque, tr("Import _Photos…"), "win.import")
        g_menu_append(importing.opaque, tr("Import _Folder…"), "win.import-folder")
        g_menu_append(importing.opaque, tr("E_xport…"), "win.export")
        g_menu_append_section(menu.opaque, nil, importing.typed())

        let sorting = GObjectRef(adopting: g_menu_new())
        for (name, order) in [(tr("Date Added, _Newest First"), PhotoOrder.addedNewestFirst),
                              (tr("Date Added, _Oldest First"), .addedOldestFirst),
                              (tr("_Label, A to Z"), .labelAToZ), (tr("Date _Taken, Newest First"), .takenNewestFirst)] {
            let item = g_menu_item_new(name, nil)!
            g_menu_item_set_action_and_target_value(item, "win.sort", g_variant_new_string(order.rawValue))
            g_menu_append_item(sorting.opaque, item)
            g_object_unref(UnsafeMutableRawPointer(item))
        }
        g_menu_append_section(menu.opaque, tr("Sort By"), sorting.typed())

        let sizing = GObjectRef(adopting: g_menu_new())
        g_menu_append(sizing.opaque, tr("_Larger Thumbnails"), "win.zoom-in")
        g_menu_append(sizing.opaque, tr("_Smaller Thumbnails"), "win.zoom-out")
        g_menu_append_section(menu.opaque, tr("Thumbnail Size"), sizing.typed())

        let help = GObjectRef(adopting: g_menu_new())
        g_menu_append(help.opaque, tr("_Keyboard Shortcuts"), "win.show-help-overlay")
        g_menu_append(help.opaque, tr("_About Snapshelf"), "app.about")
        g_menu_append_section(menu.opaque, nil, help.typed())
        return menu
    }

    static func photo() -> GObjectRef {
        let menu = GObjectRef(adopting: g_menu_new())
        for (name, action) in [(tr("_Open"), "win.open"), (tr("_Edit Label…"), "win.edit-label"), (tr("_Copy"), "win.copy"),
                               (tr("Show in _Files"), "win.show-in-files"), (tr("E_xport…"), "win.export")] {
            g_menu_append(menu.opaque, name, action)
        }
        let removal = GObjectRef(adopting: g_menu_new())
        g_menu_append(removal.opaque, tr("_Remove from Library"), "win.remove")
        g_menu_append_section(menu.opaque, nil, removal.typed())
        return menu
    }
}
