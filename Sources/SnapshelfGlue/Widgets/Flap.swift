// AdwFlap: a panel beside the content while the window has room for both, and laid over the
// content, which keeps its width, once it has not (folded). Its showing is the person's: a panel
// shown beside the content hides as the window narrows, rather than sliding over what the person
// was looking at, and comes back as it widens again; a window that widens never shows a panel
// the person had not shown.
import CAdwaita
import CGtk

@MainActor
public final class Flap: Widget {
    override class var gType: GType { adw_flap_get_type() }

    /// Which side of the content the panel is on, in the reading direction.
    public enum Side: Sendable { case start, end }

    /// A panel on `side`, folded when the window is narrower than what the content and the panel
    /// need at the least. Folded, it slides over the content; a click beside it or Escape hides it.
    public convenience init(side: Side) {
        self.init(adw_flap_new())
        adw_flap_set_flap_position(opaque, side == .start ? GTK_PACK_START : GTK_PACK_END)
        adw_flap_set_fold_policy(opaque, ADW_FLAP_FOLD_POLICY_AUTO)
        // At their least, so a panel that would fit beside the content is never laid over it.
        adw_flap_set_fold_threshold_policy(opaque, ADW_FOLD_THRESHOLD_POLICY_MINIMUM)
        adw_flap_set_transition_type(opaque, ADW_FLAP_TRANSITION_TYPE_OVER)
        // Unlocked, AdwFlap hides the panel when it folds and shows it when it unfolds.
        adw_flap_set_locked(opaque, true.gboolean)
        adw_flap_set_reveal_flap(opaque, false.gboolean)
        hideOnEscape()
        hideWhileFolded()
    }

    /// Hides a panel shown beside the content as it folds, and shows it again as it unfolds,
    /// unless the person showed or hid it meanwhile.
    private func hideWhileFolded() {
        let flap = opaque
        // Whether folding hid the panel, which unfolding then gives back.
        @MainActor final class Folding { var hidPanel = false }
        let folding = Folding()
        connect("notify::folded", .pointer) { _ in
            let folded = adw_flap_get_folded(flap) != 0
            if folded, adw_flap_get_reveal_flap(flap) != 0 {
                folding.hidPanel = true
                adw_flap_set_reveal_flap(flap, false.gboolean)
            } else if !folded, folding.hidPanel {
                folding.hidPanel = false
                adw_flap_set_reveal_flap(flap, true.gboolean)
            }
        }
        connect("notify::reveal-flap", .pointer) { _ in
            // The person's own showing or hiding, while folded, wins over what folding did.
            if adw_flap_get_reveal_flap(flap) != 0 { folding.hidPanel = false }
        }
    }

    /// Escape hides a folded panel before anything under it takes the key: AdwFlap's own Escape
    /// comes after the focused widget's, and the grid's clears the selection instead. A panel
    /// beside the content, or hidden, leaves Escape to the others.
    private func hideOnEscape() {
        let escape = gtk_keyval_trigger_new(guint(GDK_KEY_Escape), GdkModifierType(rawValue: 0))
        let hide = gtk_callback_action_new({ widget, _, _ in
            guard let flap = widget.map(OpaquePointer.init),
                  adw_flap_get_folded(flap) != 0, adw_flap_get_reveal_flap(flap) != 0 else { return false.gboolean }
            adw_flap_set_reveal_flap(flap, false.gboolean)
            return true.gboolean
        }, nil, nil)
        let controller = gtk_shortcut_controller_new()!
        gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
        gtk_shortcut_controller_add_shortcut(controller, gtk_shortcut_new(escape, hide))
        gtk_widget_add_controller(widget, controller)
    }

    public func setContent(_ content: Widget) { adw_flap_set_content(opaque, content.widget) }

    public func setFlap(_ flap: Widget) { adw_flap_set_flap(opaque, flap.widget) }

    /// Whether the panel is shown, sliding in or out as it changes.
    public var revealsFlap: Bool {
        get { flag(adw_flap_get_reveal_flap) }
        set { setFlag(adw_flap_set_reveal_flap, newValue) }
    }

    /// Whether the panel is laid over the content, the window having no room for both.
    public var isFolded: Bool { adw_flap_get_folded(opaque) != 0 }

    /// Comes when the panel is shown or hidden, by the app or by the person (a click beside a
    /// folded panel, Escape, a swipe).
    @discardableResult
    public func onRevealChanged(_ handler: @escaping @MainActor (Bool) -> Void) -> SignalHandle {
        // The flap, not this wrapper, which another wrapper of the same widget may outlive.
        let flap = opaque
        return connect("notify::reveal-flap", .pointer) { _ in handler(adw_flap_get_reveal_flap(flap) != 0) }
    }
}
