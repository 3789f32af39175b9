// What `Library.rotate` changed, so that `Library.undo(_:)` can put each photo back as it was.
import Foundation

public struct RotationUndo: Sendable, Equatable {
    /// Each rotated photo's rotation before, clockwise in degrees, by its ID.
    public let previous: [Int64: Int]

    /// How many photos were rotated.
    public var count: Int { previous.count }
}
