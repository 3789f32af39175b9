// What `Library.rotate` did, so that `Library.undo(_:)` can turn the same photos back by as much,
// keeping any turn another window or process gave them since.
import Foundation

public struct RotationUndo: Sendable, Equatable {
    /// How far the photos were turned clockwise, in degrees: 0, 90, 180 or 270.
    public let degrees: Int
    /// Each turned photo's rotation as this turn left it, clockwise in degrees, by its ID.
    public let rotations: [Int64: Int]

    /// How many photos were rotated.
    public var count: Int { rotations.count }
}
