// GdkFrameClock: the beat a window draws to, for work that waits until a frame is on screen.
import CGtk

@MainActor
public final class FrameClock: GObjectRef {
    override class var gType: GType { gdk_frame_clock_get_type() }

    convenience init(_ clock: OpaquePointer) {
        self.init(UnsafeMutablePointer<GObject>(clock))
    }

    /// Comes after each frame is laid out and painted.
    @discardableResult
    public func onAfterPaint(_ handler: @escaping @MainActor () -> Void) -> SignalHandle {
        connect("after-paint", .plain, handler)
    }
}
