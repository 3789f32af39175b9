// Records a GListModel's items-changed emissions, to tell a one-tile insertion from a reload.
import CGtk
import Foundation
@testable import SnapshelfGlue

final class ItemsChangedRecorder {
    private(set) var changes: [[UInt32]] = []

    @MainActor
    init(observing model: ListModel) {
        let handler: @convention(c) (UnsafeMutableRawPointer?, guint, guint, guint, UnsafeMutableRawPointer?) -> Void = {
            _, position, removed, added, data in
            Unmanaged<ItemsChangedRecorder>.fromOpaque(data!).takeUnretainedValue().changes.append([position, removed, added])
        }
        let release: GClosureNotify = { data, _ in Unmanaged<ItemsChangedRecorder>.fromOpaque(data!).release() }
        g_signal_connect_data(model.raw, "items-changed", unsafeBitCast(handler, to: GCallback.self),
                              Unmanaged.passRetained(self).toOpaque(), release, GConnectFlags(rawValue: 0))
    }
}
