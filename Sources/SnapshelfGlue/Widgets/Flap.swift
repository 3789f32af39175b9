// AdwFlap: a panel beside the content while the window has room for both, and laid over the
// content, which keeps its width, once it has not (folded). Its showing is the person's alone: a
// window that narrows or widens never shows or hides it by itself.
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
    }

    public func setContent(_ content: Widget) { adw_flap_set_content(opaque, content.widget) }

    public func setFlap(_ flap: Widget) { adw_flap_set_flap(opaque, flap.widget) }

    /// Drawn between the content and the panel while they are side by side.
    public func setSeparator(_ separator: Widget) { adw_flap_set_separator(opaque, separator.widget) }

    /// Whether the panel is shown, sliding in or out as it changes.
    public var revealsFlap: Bool {
        get { flag(adw_flap_get_reveal_flap) }
        set { setFlag(adw_flap_set_reveal_flap, newValue) }
    }

    /// Whether the panel is laid over the content, for want of room beside it.
    public var isFolded: Bool { flag(adw_flap_get_folded) }

    /// How far the panel has slid in: 0 hidden, 1 all the way.
    public var revealProgress: Double { adw_flap_get_reveal_progress(opaque) }

    /// Comes when the panel is shown or hidden, by the app or by the person (a click beside a
    /// folded panel, Escape, a swipe).
    @discardableResult
    public func onRevealChanged(_ handler: @escaping @MainActor (Bool) -> Void) -> SignalHandle {
        connect("notify::reveal-flap", .pointer) { [weak self] _ in
            guard let self else { return }
            handler(revealsFlap)
        }
    }
}
