// What `Library.relabel` changed, so that `Library.undo(_:)` can give each photo back the label it
// had, read inside the change's own transaction rather than from a window's older copy.
import Foundation

public struct LabelUndo: Sendable, Equatable {
    /// The label the change wrote, as saved.
    public let label: String
    /// The label each photo had before, by ID: only the photos whose label the change did change.
    public let previous: [Int64: String]
    /// How many photos there were, those that had this label already included.
    public let count: Int
}
