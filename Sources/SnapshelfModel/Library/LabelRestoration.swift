// What undoing a label change did: which photos got their old label back, and which kept the one
// another window or process gave them after the change, or were removed since.
import Foundation

public struct LabelRestoration: Sendable, Equatable {
    /// The photos that have their old label again.
    public let restored: [Int64]
    /// The photos whose label was changed again after the change being undone; they keep it.
    public let changedElsewhere: [Int64]
    /// The photos no longer in the library.
    public let removedElsewhere: [Int64]
}
