// AdwSqueezer: shows the first of its children that fits the room it is given, such as a button
// with its text while there is room, and the same button as an icon alone in a narrow window.
import CAdwaita
import CGtk

@MainActor
public final class Squeezer: Widget {
    override class var gType: GType { adw_squeezer_get_type() }

    /// The children, widest first: each is shown only when it fits at its natural width.
    public convenience init(_ children: [Widget]) {
        self.init(adw_squeezer_new())
        adw_squeezer_set_switch_threshold_policy(opaque, ADW_FOLD_THRESHOLD_POLICY_NATURAL)
        for child in children { adw_squeezer_add(opaque, child.widget) }
    }
}
