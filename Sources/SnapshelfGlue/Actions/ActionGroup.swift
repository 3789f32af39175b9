// GSimpleActionGroup: actions a widget inserts under a prefix of its own, such as the label
// dialog's "dialog.".
import CGtk

@MainActor
public final class ActionGroup: GObjectRef, ActionMap {
    override class var gType: GType { g_simple_action_group_get_type() }

    public init() {
        super.init(adopting: g_simple_action_group_new()!)
    }
}
